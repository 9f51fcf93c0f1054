// Documents made from documents, as form values: a credit or debit note from the lines of the CCF or CR it
// adjusts, and a rejected document corrected and issued again. Pure: the screens hold the state.
import type { DteKind } from '../../../shared/contract';
import type { DteDetail } from '../../../shared/records';
import { computeSale, Dec, dec, round2, round8, sum, ZERO } from '../../../shared/tax';
import { emptyValue, FORM_SPECS } from '../forms/spec';
import type { Value } from '../forms/values';
import { mhSaid, placeObservations, splitObservation, type FieldNote } from './mh-observations';

export const SALE_TYPES = ['GRAVADA', 'EXENTA', 'NO_SUJETA'] as const;
export type SaleType = (typeof SALE_TYPES)[number];

/** One line of the original, as a note would carry it. */
export interface SourceLine {
  readonly description: string;
  /** Whole units: the contract's quantity is a positive integer. */
  readonly quantity: number;
  /** Before IVA, a decimal string. */
  readonly unitPrice: string;
  readonly saleType: SaleType;
  /** The whole line's discount, a decimal string; "0" when none. */
  readonly discount: string;
  /** What a note line copies from it besides quantity, price and discount (form values). */
  readonly copied: Value;
}

/** A line chosen for the note: how many of its units (typed, so a string). */
export interface Pick {
  readonly checked: boolean;
  readonly quantity: string;
}

const record = (x: unknown): Record<string, unknown> =>
  x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {};
const list = (x: unknown): Record<string, unknown>[] => (Array.isArray(x) ? x.map(record) : []);
const text = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '');
/** A JSON number as the decimal it was written as, never in exponent form ("1e-7" is not a price a form reads). */
const decimal = (x: unknown): string => (typeof x === 'number' || (typeof x === 'string' && x.trim() !== '') ? dec(x).toFixed() : '0');
const saleType = (x: unknown): SaleType => SALE_TYPES.find((t) => t === x) ?? 'GRAVADA';

/**
 * A stored value as a form holds it: numbers become decimal strings (money is never a binary float in the UI),
 * everything else is copied as is.
 */
export function formCopy(x: unknown): unknown {
  if (typeof x === 'number') return dec(x).toFixed();
  if (Array.isArray(x)) return x.map(formCopy);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, formCopy(v)]));
  return x;
}

/**
 * The lines a note may adjust. A CCF's are its sales; a CR carries retentions, not sales: each retained document
 * is one unit at its amount subject to retention, taxed.
 */
export function sourceLines(kind: DteKind, body: Record<string, unknown> | null): SourceLine[] {
  const items = list(body?.items);
  if (kind === 'CR')
    return items.map((it) => ({
      description: text(it.description),
      quantity: 1,
      unitPrice: decimal(it.amountSubject),
      saleType: 'GRAVADA',
      discount: '0',
      copied: { type: 'BIENES', description: text(it.description) },
    }));
  return items.map((it) => {
    // A note's line has no psv and names the original itself: the rest of the line is copied.
    const { psv: _psv, documentNumber: _doc, quantity, unitPrice, discountAmount, ...rest } = it;
    return {
      description: text(it.description),
      quantity: Number(quantity) || 0,
      unitPrice: decimal(unitPrice),
      saleType: saleType(it.saleType),
      discount: decimal(discountAmount),
      copied: record(formCopy(rest)),
    };
  });
}

/** The units a pick asks for, when they are a whole number from 1 to the line's quantity; else null. */
export function pickedUnits(line: SourceLine, pick: Pick): number | null {
  if (!pick.checked) return null;
  const typed = pick.quantity.trim();
  if (!/^\d+$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= line.quantity ? n : null;
}

/** The picks' problem, if any: nothing chosen, or a quantity out of range (by line index). */
export function pickProblems(lines: readonly SourceLine[], picks: readonly Pick[]): { none: boolean; badQuantity: number[] } {
  const badQuantity = lines.flatMap((l, i) => (picks[i]?.checked && pickedUnits(l, picks[i]) === null ? [i] : []));
  return { none: !picks.some((p) => p.checked), badQuantity };
}

/** A picked line's discount for `units` of its units: the same share of the whole line's discount. */
function discountFor(line: SourceLine, units: number): Dec {
  const whole = dec(line.discount);
  // All units give the discount back exactly; a part gives its share at MH's 8 decimals, so notes for every unit
  // never add up to more than the line's value.
  return units === line.quantity ? whole : round8(whole.times(units).div(line.quantity));
}

/** The note's lines as form values, each naming the original. */
export function noteItems(lines: readonly SourceLine[], picks: readonly Pick[], originalId: string): Value[] {
  return lines.flatMap((line, i) => {
    const units = pickedUnits(line, picks[i] ?? { checked: false, quantity: '' });
    if (units === null) return [];
    const discount = discountFor(line, units);
    const { discountAmount: _old, ...copied } = line.copied;
    return [
      {
        ...copied,
        quantity: String(units),
        unitPrice: line.unitPrice,
        saleType: line.saleType,
        ...(discount.isZero() ? {} : { discountAmount: discount.toFixed() }),
        documentNumber: originalId,
      },
    ];
  });
}

/** What the chosen lines give back per sale type, as MH will count it (before IVA, to the cent). */
export function askedBySaleType(lines: readonly SourceLine[], picks: readonly Pick[]): Record<SaleType, Dec> {
  const chosen = lines.flatMap((line, i) => {
    const units = pickedUnits(line, picks[i] ?? { checked: false, quantity: '' });
    return units === null ? [] : [{ line, units }];
  });
  const computed = computeSale('NC', {
    items: chosen.map(({ line, units }) => ({
      quantity: units,
      unitPrice: Number(line.unitPrice),
      discountAmount: Number(discountFor(line, units).toFixed()),
      saleType: line.saleType,
    })),
  }).lines;
  const of = (type: SaleType) =>
    round2(sum(computed.map((l) => (type === 'GRAVADA' ? l.ventaGravada : type === 'EXENTA' ? l.ventaExenta : l.ventaNoSuj))));
  return { GRAVADA: of('GRAVADA'), EXENTA: of('EXENTA'), NO_SUJETA: of('NO_SUJETA') };
}

/** The sale types where the chosen lines ask for more than credit notes may still give back. */
export function overLimit(asked: Record<SaleType, Dec>, left: Readonly<Record<SaleType, string>> | null): SaleType[] {
  if (!left) return [];
  return SALE_TYPES.filter((t) => asked[t].greaterThan(ZERO) && asked[t].greaterThan(dec(left[t])));
}

/** The NC or ND form: the original's customer, the chosen lines, and the original as its related document. */
export function noteValue(
  kind: 'NC' | 'ND',
  original: { readonly id: string; readonly body: Record<string, unknown> | null },
  lines: readonly SourceLine[],
  picks: readonly Pick[],
  id: string,
): Value {
  const empty = emptyValue(kind, id);
  const recipient = original.body?.recipient;
  const items = noteItems(lines, picks, original.id);
  return {
    ...empty,
    ...(recipient ? { recipient: formCopy(recipient) } : {}),
    relatedTaxDocuments: [{ id: original.id }],
    // No line to copy (an original whose body this station lacks): one empty line, naming it, to write by hand.
    items: items.length ? items : [{ type: 'BIENES', saleType: 'GRAVADA', documentNumber: original.id }],
  };
}

/**
 * A rejected document's form, to issue it again under a new id: the same customer, lines and everything else.
 * Its date is left out: the new document is issued today (MH takes today's or yesterday's date only).
 */
export function correctionValue(body: Record<string, unknown>, id: string): Value {
  const { id: _old, generatedAt: _date, ...rest } = body;
  return { id, ...record(formCopy(rest)) };
}

/** A rejected document being corrected: which one, and what MH said, placed on the form. */
export interface Correcting {
  readonly kind: DteKind;
  readonly controlNumber: string;
  readonly summary: string;
  readonly fields: readonly FieldNote[];
  readonly general: readonly string[];
}

/** The form that issues a rejected document again, and MH's observations beside its fields; null without a body. */
/** A rejected document's form, filled in, with what MH said beside its fields. */
export interface Correction {
  readonly kind: DteKind;
  readonly value: Value;
  readonly correcting: Correcting;
}

export function correctionOf(detail: DteDetail, id: string): Correction | null {
  const { record, body } = detail;
  if (!body) return null;
  const value = correctionValue(body, id);
  const said = mhSaid(record.mhResponse);
  const items = Array.isArray(value.items) ? value.items.length : 0;
  // MH's message itself may name a field ("[identificacion.fecEmi] FECHA FUERA DEL RANGO…"): placed as well.
  const named = splitObservation(said.summary) ? [said.summary] : [];
  const placed = placeObservations(FORM_SPECS[record.type], [...named, ...said.observations], items);
  return {
    kind: record.type,
    value,
    correcting: {
      kind: record.type,
      controlNumber: record.controlNumber,
      summary: said.summary,
      fields: placed.fields,
      // The message is shown above the form already.
      general: placed.general.filter((o) => o !== said.summary),
    },
  };
}
