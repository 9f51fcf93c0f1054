// MH's Evento de Operaciones Especiales (EOE, fe-eop-v1, tipoEvento 17; 2026 normative only;
// docs/decisions/0083-evento-de-operaciones-especiales.md): the month's Facturas Simplificadas (by ranges) and
// Comprobantes de Control Interno (by ranges or one by one). The body of POST /events/eoe and the record it answers.
import { z } from 'zod';
import { addRuleIssue, isoDate, nonNegativeMoney, optional, text, uuid } from './contract/primitives';
import { bilingual, described } from './contract/descriptions';
import type { Environment } from './records';

/** CAT-023 "Operaciones Especiales": 02 Factura de venta simplificada, 97 Comprobante de Control Interno. */
export const SPECIAL_OPERATION_TYPES = ['02', '97'] as const;
export type SpecialOperationType = (typeof SPECIAL_OPERATION_TYPES)[number];
export const SPECIAL_OPERATION_TYPE_NAMES: Record<SpecialOperationType, string> = {
  '02': 'Factura de venta simplificada',
  '97': 'Comprobante de Control Interno',
};

/** At most 500 items per event (MF2 §X; docs/mh.md). */
export const EOE_MAX_ITEMS = 500;

const PERIOD_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

const docNumber = () => text(36);

export const eoeItem = z.strictObject({
  type: described(
    z.enum(SPECIAL_OPERATION_TYPES, { error: 'El tipo es 02 (factura simplificada) o 97 (comprobante de control interno).' }),
    bilingual(
      'Tipo (MH CAT-023): 02 factura de venta simplificada (solo por rangos), 97 comprobante de control interno.',
      'Type (MH CAT-023): 02 simplified sales invoice (ranges only), 97 internal control voucher.',
    ),
  ),
  number: described(
    optional(docNumber()),
    bilingual(
      'Número del comprobante reportado uno a uno (solo tipo 97); sin rango.',
      'Number of a voucher reported one by one (type 97 only); no range.',
    ),
  ),
  date: described(
    optional(isoDate()),
    bilingual(
      'Fecha del comprobante reportado uno a uno, dentro del período; nula para rangos.',
      'Date of a voucher reported one by one, inside the period; null for ranges.',
    ),
  ),
  from: described(
    optional(docNumber()),
    bilingual('Primer documento del rango ("Doc. Del").', 'First document of the range ("Doc. Del").'),
  ),
  to: described(optional(docNumber()), bilingual('Último documento del rango ("Doc. Al").', 'Last document of the range ("Doc. Al").')),
  quantity: described(
    optional(z.number().int().min(1).max(99_999_999)),
    bilingual(
      'Cuántos documentos hay en el rango; 1 (o ausente) para uno a uno. En un rango numérico se calcula si falta.',
      'How many documents the range holds; 1 (or absent) one by one. Computed for a numeric range when absent.',
    ),
  ),
  description: described(
    text(1500),
    bilingual('Descripción de lo vendido, hasta 1500 caracteres.', 'Description of what was sold, up to 1500 characters.'),
  ),
  nonSubject: described(
    optional(nonNegativeMoney()),
    bilingual('Ventas no sujetas, sin IVA, en dólares (centavos).', 'Non-subject sales, without IVA, in dollars (cents).'),
  ),
  exempt: described(
    optional(nonNegativeMoney()),
    bilingual('Ventas exentas, sin IVA, en dólares (centavos).', 'Exempt sales, without IVA, in dollars (cents).'),
  ),
  taxed: described(
    optional(nonNegativeMoney()),
    bilingual(
      'Ventas gravadas, sin IVA (el 13 % se suma en el resumen), en dólares (centavos).',
      'Taxed sales, without IVA (the 13 % is added in the summary), in dollars (cents).',
    ),
  ),
  reportedIn: described(
    optional(uuid()),
    bilingual(
      'Solo para un documento anulado: código de generación del EOE sellado en que se reportó activo.',
      'Only for an annulled document: generation code of the sealed EOE that reported it as active.',
    ),
  ),
});
export type EoeItem = z.output<typeof eoeItem>;

/** A range (from/to) or a single voucher (number): exactly one of the two. */
export const isRange = (i: Pick<EoeItem, 'from' | 'to'>): boolean => i.from != null || i.to != null;

/** The range's count from its numeric tails when both ends share a prefix, else null. */
export function rangeCount(from: string, to: string): number | null {
  const a = /^(.*?)(\d+)$/.exec(from);
  const b = /^(.*?)(\d+)$/.exec(to);
  if (!a || !b || a[1] !== b[1]) return null;
  const n = Number(b[2]) - Number(a[2]) + 1;
  return Number.isSafeInteger(n) ? n : null;
}

export const eoeBody = z
  .strictObject({
    id: described(
      optional(uuid()),
      bilingual(
        'Código de generación del evento (UUID v4), para repetir la solicitud sin duplicar el evento: el mismo id con el mismo cuerpo devuelve el evento guardado (200); con otro cuerpo, 409. Sin él, la estación crea uno.',
        "The event's generation code (UUID v4), to repeat the request without a second event: the same id with the same body answers the stored event (200); with another body, 409. Without it, the station makes one.",
      ),
    ),
    period: described(
      z.string().regex(PERIOD_RE, { error: 'El período tributario es aaaa-mm.' }),
      bilingual('Período tributario reportado, aaaa-mm.', 'Tax period reported, yyyy-mm.'),
    ),
    items: described(
      z
        .array(eoeItem)
        .min(1, 'Reporte al menos un documento o rango.')
        .max(EOE_MAX_ITEMS, `Un evento reporta como máximo ${EOE_MAX_ITEMS} ítems; divida el mes en varios eventos.`),
      bilingual(
        `Los documentos o rangos, 1 a ${EOE_MAX_ITEMS}: todos por rangos o todos uno a uno; todos anulados (con reportedIn) o ninguno.`,
        `The documents or ranges, 1 to ${EOE_MAX_ITEMS}: all ranges or all one by one; all annulled (with reportedIn) or none.`,
      ),
    ),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    const firstRange = b.items.length ? isRange(b.items[0]!) : false;
    const firstReReport = b.items.length ? b.items[0]!.reportedIn != null : false;
    b.items.forEach((i, n) => {
      const at = (f: string) => ['items', n, f];
      const range = isRange(i);
      if (range) {
        if (i.from == null) addRuleIssue(ctx, at('from'), 'REQUIRED', 'Un rango necesita su primer documento.');
        if (i.to == null) addRuleIssue(ctx, at('to'), 'REQUIRED', 'Un rango necesita su último documento.');
        if (i.number != null) addRuleIssue(ctx, at('number'), 'NOT_ALLOWED', 'Un rango no lleva número de documento: use from y to.');
        if (i.date != null) addRuleIssue(ctx, at('date'), 'NOT_ALLOWED', 'Un rango no lleva fecha (MH la pide nula).');
        if (i.from != null && i.to != null) {
          const count = rangeCount(i.from, i.to);
          if (count !== null && count < 1)
            addRuleIssue(ctx, at('to'), 'INVALID_FORMAT', 'El último documento del rango es anterior al primero.');
          else if (count !== null && i.quantity != null && i.quantity !== count)
            addRuleIssue(ctx, at('quantity'), 'TOTAL_MISMATCH', `El rango ${i.from} a ${i.to} tiene ${count} documentos.`);
          else if (count === null && i.quantity == null)
            addRuleIssue(ctx, at('quantity'), 'REQUIRED', 'Diga cuántos documentos hay en el rango (sus extremos no son numéricos).');
        }
      } else {
        if (i.type === '02')
          addRuleIssue(ctx, at('type'), 'NOT_ALLOWED', 'Las facturas simplificadas se reportan solo por rangos (from y to).');
        if (i.number == null) addRuleIssue(ctx, at('number'), 'REQUIRED', 'Indique el número del comprobante o un rango (from y to).');
        if (i.date == null) addRuleIssue(ctx, at('date'), 'REQUIRED', 'Indique la fecha del comprobante.');
        if (i.quantity != null && i.quantity !== 1)
          addRuleIssue(ctx, at('quantity'), 'NOT_ALLOWED', 'Un comprobante reportado uno a uno tiene cantidad 1.');
      }
      if (n > 0 && range !== firstRange)
        addRuleIssue(
          ctx,
          ['items', n],
          'NOT_ALLOWED',
          'Un evento reporta todo por rangos o todo uno a uno, nunca ambos: envíe otro evento para estos.',
        );
      if (n > 0 && (i.reportedIn != null) !== firstReReport)
        addRuleIssue(
          ctx,
          at('reportedIn'),
          'NOT_ALLOWED',
          'Los documentos anulados se reportan en un evento aparte: todos los ítems con reportedIn o ninguno.',
        );
      const total = (i.nonSubject ?? 0) + (i.exempt ?? 0) + (i.taxed ?? 0);
      if (!(total > 0)) addRuleIssue(ctx, at('taxed'), 'REQUIRED', 'El ítem debe tener un monto mayor que cero.');
      if (i.date != null && !i.date.startsWith(`${b.period}-`))
        addRuleIssue(ctx, at('date'), 'NOT_ALLOWED', `El comprobante debe ser del período reportado (${b.period}).`);
      const key = range ? `${i.type}:${i.from ?? ''}..${i.to ?? ''}` : `${i.type}:${i.number ?? ''}`;
      if (seen.has(key)) addRuleIssue(ctx, ['items', n], 'DUPLICATE', 'Ese documento o rango ya está en el evento.');
      seen.add(key);
    });
  });
export type EoeBody = z.output<typeof eoeBody>;

/** POST /events/eoe/items-from-csv: the CSV text of the items (columns in docs/api.md). */
export const eoeCsvBody = z.strictObject({
  csv: described(
    z.string().min(1).max(2_000_000),
    bilingual(
      'El CSV de los ítems, con encabezado: type,number,date,from,to,quantity,description,nonSubject,exempt,taxed,reportedIn.',
      'The items as CSV, with a header: type,number,date,from,to,quantity,description,nonSubject,exempt,taxed,reportedIn.',
    ),
  ),
});

/** PENDING until MH answers, then APPROVED (sealed) or REJECTED. */
export const EOE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type EoeStatus = (typeof EOE_STATUSES)[number];

export interface EoeItemRecord {
  readonly item: number;
  readonly type: SpecialOperationType;
  readonly number: string | null;
  readonly date: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly reportedIn: string | null;
  /** The item's sales without IVA, two decimals. */
  readonly amount: string;
}

export interface EoeRecord {
  readonly id: string;
  readonly companyId: string;
  readonly environment: Environment;
  readonly period: string;
  readonly mode: 'ranges' | 'singles';
  readonly reReport: boolean;
  readonly status: EoeStatus;
  /** MH's words a person can read: why it was refused, or why it waits. */
  readonly reason: string | null;
  readonly seal: string | null;
  /** The event's total, IVA included, two decimals. */
  readonly total: string;
  readonly items: readonly EoeItemRecord[];
  readonly mhResponse: Record<string, unknown> | null;
  readonly generatedAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}
