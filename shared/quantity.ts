// How each unit of measure (CAT-014) is sold: counted units in whole numbers; weighed or measured ones with
// decimals, up to MH's 8, moved by the unit's own step (docs/decisions/0072-decimal-quantities.md).
import { UNIT_KEYS } from './catalogs';
import { dec, type Dec } from './tax/decimal';

/** MH's schemas: `cantidad` is a multiple of 0.00000001. */
export const MH_QUANTITY_DECIMALS = 8;

/** The CAT-014 units counted in pieces (and OTRA, which says nothing): whole numbers only. */
const COUNTED: ReadonlySet<string> = new Set(['BOTELLA', 'MILLAR', 'MEDIO_MILLAR', 'CIENTO', 'DOCENA', 'UNIDAD', 'OTRA']);

/** Units a scale or meter reads to the thousandth (a gram of a kilo, a millilitre of a litre). */
const THOUSANDTHS: ReadonlySet<string> = new Set([
  'KILOGRAMO',
  'LITRO',
  'METRO_CUBICO',
  'TONELADA',
  'TONELADA_METRICA',
  'MEGAWATT_HORA',
  'GIGAWATT_HORA',
]);

/** Units already small: the step is one, a fraction is still taken. */
const ONES: ReadonlySet<string> = new Set([
  'MILIMETRO',
  'MILILITRO',
  'GRAMO',
  'MILIGRAMO',
  'WATT',
  'WATT_HORA',
  'VOLTIO',
  'VOLTIO_AMPERIO',
]);

const KNOWN: ReadonlySet<string> = new Set(UNIT_KEYS);

/** Whether a unit is weighed or measured (decimals allowed); an unknown key counts as counted. */
export const isMeasured = (unit: string): boolean => KNOWN.has(unit) && !COUNTED.has(unit);

/** The unit's step: what ↑/↓ add or take, and the input's hint. Hundredths unless the unit says otherwise. */
export function quantityStep(unit: string): string {
  if (!isMeasured(unit) || ONES.has(unit)) return '1';
  return THOUSANDTHS.has(unit) ? '0.001' : '0.01';
}

export type QuantityCheck =
  | { readonly ok: true; readonly value: Dec }
  /** `number`: not a number above zero; `whole`: a counted unit with decimals; `decimals`: more than 8. */
  | { readonly ok: false; readonly problem: 'number' | 'whole' | 'decimals' };

/** Digits with a point or a comma; the decimals are counted apart so that 9 of them say why. */
const TYPED = /^(\d{1,11})(?:[.,](\d+))?$/;

/** A quantity as typed for a line of this unit. */
export function checkQuantity(text: string, unit: string): QuantityCheck {
  const m = TYPED.exec(text.trim());
  if (!m) return { ok: false, problem: 'number' };
  const places = m[2]?.length ?? 0;
  const value = dec(`${m[1]}.${m[2] ?? '0'}`);
  if (value.isZero()) return { ok: false, problem: 'number' };
  if (places > MH_QUANTITY_DECIMALS) return { ok: false, problem: 'decimals' };
  if (!value.isInteger() && !isMeasured(unit)) return { ok: false, problem: 'whole' };
  return { ok: true, value };
}

/** The quantity one step up or down (never below one step); the text as it was when it is not a quantity. */
export function stepQuantity(text: string, unit: string, direction: 1 | -1): string {
  const q = checkQuantity(text, unit);
  if (!q.ok) return text;
  const step = dec(quantityStep(unit));
  const next = q.value.plus(step.times(direction));
  return (next.lessThan(step) ? step : next).toString();
}

/**
 * Sello's own screens take decimals only where the unit is weighed or measured: a line of a counted unit with a
 * fraction, in the kinds whose spec quantity is whole (FSE's is decimal for every unit), is named here.
 */
export function countedUnitErrors(
  kind: string,
  body: unknown,
): { readonly path: string; readonly code: 'NOT_INTEGER'; readonly message: string }[] {
  if (kind === 'FSE' || kind === 'CR' || body === null || typeof body !== 'object') return [];
  const items = (body as { items?: unknown }).items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown, i) => {
    const { quantity, unitMeasure } = (item ?? {}) as { quantity?: unknown; unitMeasure?: unknown };
    if (typeof quantity !== 'number' || Number.isInteger(quantity)) return [];
    if (isMeasured(typeof unitMeasure === 'string' ? unitMeasure : 'OTRA')) return [];
    return [
      {
        path: `items.${i}.quantity`,
        code: 'NOT_INTEGER' as const,
        message: 'Esta unidad se cuenta por piezas: cantidad entera. Con decimales, elija la unidad en que se pesa o se mide.',
      },
    ];
  });
}
