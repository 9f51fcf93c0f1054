import { MH_TYPE, type DteKind } from '../../../shared/contract';
import type { Store } from '../store/database';

/**
 * MH numeroControl: DTE-{tipoDte}-{establishment (4) + point of sale (P + 3 digits)}-{15-digit correlative}.
 * The middle block (e.g. M001P001) satisfies both the legacy `[A-Z0-9]{8}` and the 2026 `(M|B|S|P)NNNPNNN` forms.
 */
export function formatControlNumber(kind: DteKind, branchCode: string, posNumber: number, value: number): string {
  return `DTE-${MH_TYPE[kind]}-${branchCode}P${String(posNumber).padStart(3, '0')}-${String(value).padStart(15, '0')}`;
}

export const CONTROL_NUMBER_RE = /^DTE-\d{2}-[A-Z0-9]{8}-\d{15}$/;

/**
 * Takes the next number of the (year, kind, branch, point of sale) sequence. Must run inside the transaction
 * that stores the document: if the document is not stored, the number is not spent either.
 */
export function nextControlValue(store: Store, year: number, kind: DteKind, branchCode: string, posNumber: number): number {
  const row = store
    .statement(
      `INSERT INTO control_sequences (year, kind, branch_code, pos_number, last_value) VALUES (?, ?, ?, ?, 1)
       ON CONFLICT (year, kind, branch_code, pos_number) DO UPDATE SET last_value = last_value + 1 RETURNING last_value`,
    )
    .get(year, kind, branchCode, posNumber) as { last_value: number } | undefined;
  if (!row) throw new Error('control sequence did not return a value');
  return row.last_value;
}
