// The items of an Evento de Operaciones Especiales from a spreadsheet (POST /events/eoe/items-from-csv; decision
// 0083): one row per voucher or range under a header naming the body's fields, in any order (docs/api.md lists
// them). Rows become the body's items, each checked by the contract's item schema; a bad cell is a 422 naming
// `csv.<row>.<column>` (rows counted as the spreadsheet shows them, header = 1). Nothing is stored.
import type { FieldError } from '../../../../shared/contract';
import { validateBody } from '../../../../shared/contract';
import { EOE_MAX_ITEMS, eoeCsvBody, eoeItem, type EoeItem } from '../../../../shared/operaciones-especiales';
import { CsvError, parseCsv } from '../../catalog/csv';
import { validationFailed } from '../../errors';

/** The CSV's columns: the item's fields, by name. */
export const EOE_CSV_COLUMNS = [
  'type',
  'number',
  'date',
  'from',
  'to',
  'quantity',
  'description',
  'nonSubject',
  'exempt',
  'taxed',
  'reportedIn',
] as const;
type Column = (typeof EOE_CSV_COLUMNS)[number];
const NUMBERS: readonly Column[] = ['quantity', 'nonSubject', 'exempt', 'taxed'];

const err = (path: string, code: FieldError['code'], message: string): FieldError => ({ path, code, message });

/** A cell as the item's field: empty is absent; numbers read with a point or, after `;`, a decimal comma. */
function cell(column: Column, raw: string, separator: string): unknown {
  const v = raw.trim();
  if (v === '') return null;
  if (!NUMBERS.includes(column)) return column === 'type' ? v.padStart(2, '0') : v;
  const n = Number(separator === ',' ? v : v.replace(',', '.'));
  return Number.isFinite(n) ? n : v;
}

export function eoeItemsFromCsv(input: unknown): { items: EoeItem[] } {
  const parsed = validateBody(eoeCsvBody, input, 'reject');
  if (!parsed.ok) throw validationFailed(parsed.errors);
  let table;
  try {
    table = parseCsv(parsed.value.csv);
  } catch (e) {
    if (e instanceof CsvError) throw validationFailed([err(`csv.${e.record}`, 'INVALID_FORMAT', e.message)]);
    throw e;
  }
  const records = table.records.filter((r) => r.some((c) => c.trim() !== ''));
  const header = (records[0] ?? []).map((h) => h.trim());
  const errors: FieldError[] = [];
  header.forEach((h, i) => {
    if (!(EOE_CSV_COLUMNS as readonly string[]).includes(h))
      errors.push(
        err(`csv.1.${h || i + 1}`, 'UNKNOWN_FIELD', `Columna desconocida "${h}"; las columnas son ${EOE_CSV_COLUMNS.join(', ')}.`),
      );
  });
  for (const needed of ['type', 'description'] as const)
    if (!header.includes(needed)) errors.push(err(`csv.1.${needed}`, 'REQUIRED', `Falta la columna ${needed}.`));
  const rows = records.slice(1);
  if (rows.length === 0) errors.push(err('csv', 'TOO_FEW', 'El CSV no tiene filas bajo el encabezado.'));
  if (rows.length > EOE_MAX_ITEMS)
    errors.push(err('csv', 'TOO_MANY', `Un evento reporta como máximo ${EOE_MAX_ITEMS} ítems; el CSV trae ${rows.length}.`));
  if (errors.length) throw validationFailed(errors);
  const items: EoeItem[] = [];
  rows.forEach((r, n) => {
    const raw = Object.fromEntries(
      header.flatMap((h, i) => {
        const v = cell(h as Column, r[i] ?? '', table.separator);
        return v === null ? [] : [[h, v]];
      }),
    );
    const item = validateBody(eoeItem, raw, 'reject');
    if (item.ok) items.push(item.value);
    else errors.push(...item.errors.map((e) => ({ ...e, path: `csv.${n + 2}${e.path ? `.${e.path}` : ''}` })));
  });
  if (errors.length) throw validationFailed(errors);
  return { items };
}
