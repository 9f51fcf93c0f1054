// The one owner of `print_jobs` and `drawer_kicks` (station migration 030): the receipts waiting for a reprint,
// and every opening of the drawer, by sale or by hand. A drawer opening is bound into the keyed audit chain as it
// is inserted (docs/decisions/0062-audit-binds-what-the-books-read.md): the close lists it.
import { sql, type Selectable } from 'kysely';
import { bindRow } from '../audit-binding';
import { DRAWER_KICKS } from '../audit-bound-tables';
import type { Store } from '../store/database';
import type { DrawerKicksTable, PrintJobsTable } from '../store/schema';
import type { DrawerPulse } from '../../../shared/close';

export type PrintJobRow = Selectable<PrintJobsTable>;
export type DrawerKickRow = Selectable<DrawerKicksTable>;

export function insertJob(store: Store, row: PrintJobRow): void {
  store.run(store.q.insertInto('print_jobs').values(row));
}

export function findJob(store: Store, id: string): PrintJobRow | undefined {
  return store.one(store.q.selectFrom('print_jobs').selectAll().where('id', '=', id));
}

export function pendingJobs(store: Store): PrintJobRow[] {
  return store.all(store.q.selectFrom('print_jobs').selectAll().where('state', '=', 'pending').orderBy('created_at').orderBy('id'));
}

/** The receipt of `dteId` still waiting, if any: printing it again takes that one, not a second. */
export function pendingFor(store: Store, dteId: string): PrintJobRow | undefined {
  return store.one(store.q.selectFrom('print_jobs').selectAll().where('state', '=', 'pending').where('dte_id', '=', dteId).limit(1));
}

export function countPending(store: Store): number {
  const row = store.one(
    store.q
      .selectFrom('print_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'pending'),
  );
  return Number(row?.n ?? 0);
}

/** One more try that failed: the job stays pending with the reason. */
export function failedAttempt(store: Store, id: string, error: string, at: string): void {
  store.run(
    store.q
      .updateTable('print_jobs')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error, updated_at: at }))
      .where('id', '=', id),
  );
}

export function settleJob(store: Store, id: string, state: 'printed' | 'discarded', at: string): void {
  store.run(
    store.q
      .updateTable('print_jobs')
      .set((eb) => ({ state, updated_at: at, attempts: state === 'printed' ? eb('attempts', '+', 1) : eb.ref('attempts') }))
      .where('id', '=', id),
  );
}

export function insertKick(store: Store, row: DrawerKickRow): void {
  store.tx(() => {
    store.run(store.q.insertInto('drawer_kicks').values(row));
    bindRow(store, DRAWER_KICKS, row.id);
  });
}

/** Whether the sale already opened the drawer: a reprint never opens it again. */
export function saleKicked(store: Store, dteId: string): boolean {
  return store.one(store.q.selectFrom('drawer_kicks').select('id').where('dte_id', '=', dteId)) !== undefined;
}

/** The drawer opened with no sale within [from, to], by `by` (a person's close) or by anybody (the station's). */
export function kicksWithoutSale(store: Store, from: string, to: string, by: string | null): DrawerKickRow[] {
  // A cash refund's pulse names no document when it pays a Devolución: it is not an opening without a sale.
  let q = store.q
    .selectFrom('drawer_kicks')
    .selectAll()
    .where('dte_id', 'is', null)
    .where((eb) => eb.or([eb('cause', 'is', null), eb('cause', '=', 'manual')]))
    .where('at', '>=', from)
    .where('at', '<=', to);
  if (by) q = q.where('by', '=', by);
  return store.all(q.orderBy('at').orderBy('id'));
}

/**
 * Every pulse within [from, to], by `by` (a person's close) or by anybody (the station's), with what started it
 * (docs/decisions/0073-money-follows-the-person.md); a kick from before migration 037 is a sale's or a hand's by
 * whether it names a document.
 */
export function pulsesBetween(store: Store, from: string, to: string, by: string | null): DrawerPulse[] {
  let q = store.q.selectFrom('drawer_kicks').selectAll().where('at', '>=', from).where('at', '<=', to);
  if (by) q = q.where('by', '=', by);
  // Within one second, in the order they happened (the table's rowid), never by a random id.
  return store.all(q.orderBy('at').orderBy(sql`rowid`)).map((k) => ({
    at: k.at,
    by: k.by,
    byName: k.by_name,
    cause: k.cause === 'refund' ? 'refund' : k.cause === 'sale' || (k.cause === null && k.dte_id !== null) ? 'sale' : 'manual',
    ref: k.ref_id ?? k.dte_id,
  }));
}
