// Helpers the books share: a column, a money cell, totals of a table's money columns, the company header.
import { amount } from './annex-cells';
import type { BookColumn, BookColumnKind, BookRow } from './book-model';
import { NO_CENTS, cellCents, plus, type Cents } from './cents';

export const column = (key: string, label: string, kind: BookColumnKind, width: number): BookColumn => ({ key, label, kind, width });
/** Two decimals, never `-0.00` (annex-cells.ts). */
export const money = amount;

/** A money cell in cents: blank is nothing; anything but an amount as `money` writes it is a bug, said at once. */
export function moneyCell(row: BookRow, key: string): Cents {
  const v = (row.cells[key] ?? '').trim();
  if (v === '') return NO_CENTS;
  const c = cellCents(v);
  if (c === null) throw new Error(`book money cell "${v}" in column ${key} is not an amount`);
  return c;
}

/** The sum of each money column over the rows. */
export function totalsOf(columns: readonly BookColumn[], rows: readonly BookRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns.filter((x) => x.kind === 'money'))
    out[c.key] = money(rows.reduce((a, r) => plus(a, moneyCell(r, c.key)), NO_CENTS));
  return out;
}

/** DTE numbers in a cell: the control number, then the generation code (and the seal, when asked). */
export const dteNumbers = (controlNumber: string, generationCode: string, seal?: string | null): string =>
  [controlNumber, generationCode, ...(seal === undefined ? [] : [seal ?? 'sin sello de MH'])].join('\n');
