// Where the station's numbering may go on (docs/decisions/0029-numbering-never-collides-silently.md): a data
// folder that does not know MH's last numbers (a new PC for a point of sale that issued, a restored copy) is
// "unconfirmed" until the hub or an ADMIN says where they are; a sequence MH answered with another document
// under one of its numbers is "blocked" until it moves past MH's. Kept as one setting (settings-repo.ts): the
// create path reads it inside its transaction, so a refusal and a number never cross.
import type { DteKind } from '../../../shared/contract';
import { CoreError } from '../errors';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';

const NUMBERING_KEY = 'numbering';

export type UnconfirmedReason = 'new_folder' | 'restore';

export interface Unconfirmed {
  readonly reason: UnconfirmedReason;
  /** When it began (ISO, El Salvador time). */
  readonly since: string;
  /** Why the hub did not answer at the last try, or null when it was not asked (none configured, not yet). */
  readonly hubProblem: string | null;
}

/** One sequence MH holds numbers of: (year, kind, branch, point of sale), the highest number it refused. */
export interface Collision {
  readonly year: number;
  readonly kind: DteKind;
  readonly branchCode: string;
  readonly posNumber: number;
  /** The highest correlative MH refused as already used, and its control number. */
  readonly value: number;
  readonly controlNumber: string;
  /** MH's own words for the last refusal. */
  readonly mhMessage: string;
  /** The documents that ended REJECTED for it. */
  readonly documents: number;
  readonly since: string;
  /**
   * The word (the hub's last, an ADMIN's) reached `value`: numbering goes on, and the collision stays, as a warning,
   * until MH seals a document of the sequence past it (issue 54: a word below MH's real last stops it again).
   */
  readonly resumed?: { readonly at: string; readonly last: number };
}

/** A collision that still stops its sequence: no word has reached MH's number yet. */
export const stops = (c: Collision): boolean => c.resumed === undefined;

/** MH's last number as the hub or an ADMIN gave it: a later collision at or below it is an old document's. */
export interface Floor extends SequenceKey {
  readonly last: number;
}

/**
 * Numbers a restored copy lacks: MH's last, as the hub or an ADMIN gave it at the restore's confirmation, past the
 * copy's own last (issue 54). Documents issued after the copy was made, that the books and closes must recover.
 */
export interface Lacking extends SequenceKey {
  readonly from: number;
  readonly to: number;
  readonly source: 'hub' | 'admin';
  readonly since: string;
}

export interface NumberingState {
  readonly unconfirmed: Unconfirmed | null;
  readonly collisions: readonly Collision[];
  readonly floors?: readonly Floor[];
  /** Kept until an ADMIN says they were looked for (PUT /settings/numbering `{ lackingReviewed: true }`). */
  readonly lacking?: readonly Lacking[];
}

const EMPTY: NumberingState = { unconfirmed: null, collisions: [], floors: [] };

/** Absent in every station that issued before this existed: those are confirmed by their own history. */
export function readNumbering(store: Store): NumberingState {
  const raw = settingsRepo(store).get(NUMBERING_KEY);
  return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<NumberingState>) } : EMPTY;
}

export function writeNumbering(store: Store, state: NumberingState): void {
  settingsRepo(store).set(NUMBERING_KEY, JSON.stringify(state));
}

/** The raw statement for a database that may not be migrated yet (a restored copy): the settings table is in every version. */
export const UNCONFIRM_SQL = `INSERT INTO settings (key, value) VALUES ('${NUMBERING_KEY}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

/** The value UNCONFIRM_SQL writes: whatever collisions the copy held stay; numbering waits to be confirmed. */
export function unconfirmedValue(current: string | null, reason: UnconfirmedReason, since: string): string {
  const before = current ? (JSON.parse(current) as Partial<NumberingState>) : {};
  return JSON.stringify({ ...EMPTY, ...before, unconfirmed: { reason, since, hubProblem: null } } satisfies NumberingState);
}

export function markUnconfirmed(store: Store, reason: UnconfirmedReason, since: string): void {
  const s = settingsRepo(store);
  s.set(NUMBERING_KEY, unconfirmedValue(s.get(NUMBERING_KEY), reason, since));
}

/** Whether MH sealed a document of the collision's sequence numbered past it (approved, or approved and invalidated since). */
export function sealedPast(store: Store, c: Collision): boolean {
  // Control numbers of one sequence share their prefix and pad the correlative to 15 digits: text order is number
  // order, and the range on the control number's own index reads only the numbers past the collision.
  const prefix = c.controlNumber.slice(0, -15);
  const row = store
    .statement(
      `SELECT 1 FROM documents WHERE control_number > ? AND control_number <= ? AND +kind = ? AND branch_code = ?
         AND pos_number = ? AND substr(issue_date, 1, 4) = ? AND +status IN ('APPROVED', 'INVALIDATED') LIMIT 1`,
    )
    .get(c.controlNumber, `${prefix}999999999999999`, c.kind, c.branchCode, c.posNumber, String(c.year));
  return row !== undefined;
}

/** A sequence's key: numbering is per year, kind, branch and point of sale. */
export interface SequenceKey {
  readonly year: number;
  readonly kind: DteKind;
  readonly branchCode: string;
  readonly posNumber: number;
}

export const sameSequence = (c: SequenceKey) => (x: SequenceKey) =>
  x.year === c.year && x.kind === c.kind && x.branchCode === c.branchCode && x.posNumber === c.posNumber;

/** The create path's check, inside its transaction, before a number is taken. */
export function assertNumberingOpen(store: Store, year: number, kind: DteKind, branchCode: string, posNumber: number): void {
  const s = readNumbering(store);
  if (s.unconfirmed) {
    throw new CoreError(
      'NUMBERING_BLOCKED',
      s.unconfirmed.reason === 'restore'
        ? 'Esta estación se restauró de una copia y no sabe cuál es el último número de control que tiene MH. Un administrador debe indicarlo en Ajustes → Numeración (o la oficina central debe responder) antes de emitir.'
        : 'Esta carpeta de datos es nueva y no sabe si este punto de venta ya emitió documentos. Un administrador debe confirmar en Ajustes → Numeración que es un punto de venta nuevo o escribir el último número de control que tiene MH.',
    );
  }
  const hit = s.collisions.filter(stops).find(sameSequence({ year, kind, branchCode, posNumber }));
  if (hit)
    throw new CoreError(
      'NUMBERING_BLOCKED',
      `MH ya tiene otro documento con el número de control ${hit.controlNumber}: la numeración de ${kind} ${year} está detenida para no repetir números. Un administrador debe escribir en Ajustes → Numeración el último número que tiene MH (o la oficina central debe responder).`,
    );
}
