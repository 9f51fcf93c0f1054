// The one owner of the `drawer_openings` table (station migration 029): a shift's opening float is inserted and
// read, never changed (its triggers refuse UPDATE and DELETE), and bound into the keyed audit chain as it is
// inserted (docs/decisions/0062-audit-binds-what-the-books-read.md): the close reads it.
import type { Selectable } from 'kysely';
import { bindRow } from '../audit-binding';
import { DRAWER_OPENINGS } from '../audit-bound-tables';
import type { Store } from '../store/database';
import type { DrawerOpeningsTable } from '../store/schema';

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
