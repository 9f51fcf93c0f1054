import { MH_TYPE, type DteKind } from '../../../shared/contract';
import type { Normative } from '../../../shared/normative';
import type { Store } from '../store/database';
import { CONTROL_NUMBER_V2 } from './mh/common-v2';

/**
 * MH numeroControl: DTE-{tipoDte}-{establishment (4) + point of sale (P + 3 digits)}-{15-digit correlative}.
 * The middle block (e.g. M001P001) satisfies both the legacy `[A-Z0-9]{8}` and the 2026 `(M|B|S|P)NNNPNNN` forms.
 */
export function formatControlNumber(kind: DteKind, branchCode: string, posNumber: number, value: number): string {
  return `DTE-${MH_TYPE[kind]}-${branchCode}P${String(posNumber).padStart(3, '0')}-${String(value).padStart(15, '0')}`;
}

export const CONTROL_NUMBER_RE = /^DTE-\d{2}-[A-Z0-9]{8}-\d{15}$/;

/**
 * The numeroControl MH's schema of `kind` takes under `normative`. The 2026 files want v2.0's (M|B|S|P)NNNPNNN
 * block, except fe-cd-v2, which kept the legacy 8 characters (docs/decisions/0082-comprobante-de-donacion.md).
 */
export function controlNumberRule(kind: DteKind, normative: Normative): RegExp {
  return normative === '2026' && kind !== 'CD' ? CONTROL_NUMBER_V2 : CONTROL_NUMBER_RE;
}

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

/** The correlative inside a control number (its last 15 digits), or null when it is not one. */
export function controlValueOf(controlNumber: string): number | null {
  return CONTROL_NUMBER_RE.test(controlNumber) ? Number(controlNumber.slice(-15)) : null;
}

export interface SequenceLast {
  readonly year: number;
  readonly kind: DteKind;
  readonly branchCode: string;
  readonly posNumber: number;
  readonly last: number;
}

/** The last number this station took in each sequence. */
export function sequenceLasts(store: Store): SequenceLast[] {
  return (
    store
      .statement(
        'SELECT year, kind, branch_code, pos_number, last_value FROM control_sequences ORDER BY year, kind, branch_code, pos_number',
      )
      .all() as { year: number; kind: DteKind; branch_code: string; pos_number: number; last_value: number }[]
  ).map((r) => ({ year: r.year, kind: r.kind, branchCode: r.branch_code, posNumber: r.pos_number, last: r.last_value }));
}

/**
 * Moves a sequence past `last` (MH's last number, from the hub or an ADMIN): the next number is past both it
 * and this station's own last, so no number is taken twice. Returns the sequence's last value afterwards.
 */
export function raiseControlValue(store: Store, s: SequenceLast): number {
  // MH holding none of a kind (an ADMIN's 0) moves nothing: the table keeps only numbers taken (last_value > 0).
  if (s.last < 1) {
    const kept = store
      .statement('SELECT last_value FROM control_sequences WHERE year = ? AND kind = ? AND branch_code = ? AND pos_number = ?')
      .get(s.year, s.kind, s.branchCode, s.posNumber) as { last_value: number } | undefined;
    return kept?.last_value ?? 0;
  }
  const row = store
    .statement(
      `INSERT INTO control_sequences (year, kind, branch_code, pos_number, last_value) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (year, kind, branch_code, pos_number) DO UPDATE SET last_value = max(last_value, excluded.last_value) RETURNING last_value`,
    )
    .get(s.year, s.kind, s.branchCode, s.posNumber, s.last) as { last_value: number };
  return row.last_value;
}
