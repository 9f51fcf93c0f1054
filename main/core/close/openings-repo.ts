// The one owner of the `drawer_openings` table (station migration 029): a shift's opening float is inserted and
// read, never changed (its triggers refuse UPDATE and DELETE), and bound into the keyed audit chain as it is
// inserted (docs/decisions/0062-audit-binds-what-the-books-read.md): the close reads it.
import type { Selectable } from 'kysely';
import { bindRow } from '../audit-binding';
import { DRAWER_OPENINGS } from '../audit-bound-tables';
import type { Store } from '../store/database';
import type { DrawerFloatCorrectionsTable, DrawerOpeningsTable } from '../store/schema';

export type DrawerOpeningRow = Selectable<DrawerOpeningsTable>;

export function insertOpening(store: Store, row: DrawerOpeningRow): void {
  store.tx(() => {
    store.run(store.q.insertInto('drawer_openings').values(row));
    bindRow(store, DRAWER_OPENINGS, row.id);
  });
}

/** The latest opening of `scope` within [from, to] (El Salvador time): the float the close's period began with. */
export function openingWithin(store: Store, scope: string, from: string, to: string): DrawerOpeningRow | undefined {
  return store.one(
    store.q
      .selectFrom('drawer_openings')
      .selectAll()
      .where('scope', '=', scope)
      .where('opened_at', '>=', from)
      .where('opened_at', '<=', to)
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  );
}

export type FloatCorrectionRow = Selectable<DrawerFloatCorrectionsTable>;

export function findOpening(store: Store, id: string): DrawerOpeningRow | undefined {
  return store.one(store.q.selectFrom('drawer_openings').selectAll().where('id', '=', id));
}

/** Appends a supervisor's correction of a float (migration 037); the opening itself never changes. */
export function insertCorrection(store: Store, row: FloatCorrectionRow): void {
  store.run(store.q.insertInto('drawer_float_corrections').values(row));
}

/** The latest correction of an opening, if any: the float the close takes. */
export function latestCorrection(store: Store, openingId: string): FloatCorrectionRow | undefined {
  return store.one(
    store.q
      .selectFrom('drawer_float_corrections')
      .selectAll()
      .where('opening_id', '=', openingId)
      .orderBy('corrected_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  );
}

/** Each scope's latest opening within [from, to]: a station's close takes everyone's floats (one drawer, many people). */
export function openingsWithin(store: Store, from: string, to: string): DrawerOpeningRow[] {
  const rows = store.all(
    store.q
      .selectFrom('drawer_openings')
      .selectAll()
      .where('opened_at', '>=', from)
      .where('opened_at', '<=', to)
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc'),
  );
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.scope) ? false : (seen.add(r.scope), true))).reverse();
}
