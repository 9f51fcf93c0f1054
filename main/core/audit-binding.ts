// Binding a row of a bound table (audit-bound-tables.ts) into the keyed audit chain, for the table's one owner to
// call after each write in the write's own transaction, and the check a write makes first
// (docs/decisions/0062-audit-binds-what-the-books-read.md; documents: 0034).
import type BetterSqlite3 from 'better-sqlite3';
import { audit } from './audit';
import {
  BOUND_TABLES,
  DOCUMENTS,
  TABLES_BOUND_ACTION,
  linesSql,
  oneSql,
  rowDigest,
  type BoundTable,
  type BoundTableName,
  type BoundValues,
} from './audit-bound-tables';
import type { BindingFinding, ChainFinding } from './audit-findings';
import type { Store } from './store/database';

/** A finding about a bound row, in the words of its table (documents keep decision 0034's codes). */
export function rowFinding(spec: BoundTable, kind: 'edited' | 'deleted' | 'unbound', id: string): ChainFinding {
  return kind === 'deleted'
    ? spec.table === 'documents'
      ? { code: 'document-deleted', id }
      : { code: 'row-deleted', table: spec.table, id }
    : bindingFinding(spec, kind, id);
}

function bindingFinding(spec: BoundTable, kind: 'edited' | 'unbound', id: string): BindingFinding {
  if (spec.table === 'documents') return kind === 'edited' ? { code: 'document-edited', id } : { code: 'document-unbound', id };
  return kind === 'edited' ? { code: 'row-edited', table: spec.table, id } : { code: 'row-unbound', table: spec.table, id };
}

const lastBindingSql = (spec: BoundTable): string =>
  `SELECT detail FROM audit_log WHERE action = '${spec.action}' AND subject = ? ORDER BY seq DESC LIMIT 1`;

/** The row's covered columns and its time, and its digest; undefined when it does not exist. */
function current(store: Store, spec: BoundTable, id: string): { digest: string; at: string } | undefined {
  const row = store.statement(oneSql(spec)).get(id) as (BoundValues & { bound_at: string }) | undefined;
  if (!row) return undefined;
  const lines = spec.lines ? (store.statement(linesSql(spec.lines)).all(JSON.stringify([id])) as BoundValues[]) : [];
  return { digest: rowDigest(spec, row, lines), at: row.bound_at };
}

/**
 * Before a write changes a row, whether it still is what was bound last: a row edited outside Sello and then
 * moved by Sello would otherwise be bound afresh, its edit hidden. A mismatch is told (the start's alert says
 * it); the write goes on, since stopping the counter is worse (docs/decisions/0034-keyed-audit-chain.md).
 */
export function checkBound(store: Store, spec: BoundTable, id: string): void {
  if (!store.chain.key) return;
  const now = current(store, spec, id);
  if (!now) return;
  const last = store.statement(lastBindingSql(spec)).get(id) as { detail: string } | undefined;
  if (!last) store.chain.found(bindingFinding(spec, 'unbound', id));
  else if ((JSON.parse(last.detail) as { digest: string }).digest !== now.digest) store.chain.found(bindingFinding(spec, 'edited', id));
}

/** Binds the row as it is now; nothing when it does not exist. `at` defaults to the row's own time column. */
export function bindRow(store: Store, spec: BoundTable, id: string, at?: string): void {
  const now = current(store, spec, id);
  if (!now) return;
  audit(store, at ?? now.at, 'system', spec.action, id, { digest: now.digest });
}

/**
 * A write to a bound row, checked before and bound after, in one transaction (a savepoint inside the caller's):
 * the row is never left written without its binding. `write` says whether it changed the row.
 */
export function boundWrite(store: Store, spec: BoundTable, id: string, write: () => boolean, at?: string): boolean {
  return store.tx(() => {
    checkBound(store, spec, id);
    const changed = write();
    if (changed) bindRow(store, spec, id, at);
    return changed;
  });
}

/** Binds every row of a table as it is; the number bound. */
function bindEvery(store: Store, spec: BoundTable, at: string): number {
  const ids = store.sqlite.prepare(`SELECT ${spec.idColumn} AS id FROM ${spec.table} ORDER BY ${spec.idColumn}`).all() as { id: string }[];
  for (const r of ids) bindRow(store, spec, r.id, at);
  return ids.length;
}

/** Every document bound once (the chain keyed: decision 0034). */
export const bindEveryDocument = (store: Store, at: string): number => bindEvery(store, DOCUMENTS, at);

/**
 * The tables bound in the current keyed segment: documents from its start (decision 0034), the others from the
 * `audit.tables-bound` entry that names them. A chain keyed before they were bound has no such entry yet: its rows
 * are not checked until the station's next start binds them, so an upgrade raises no false alarm.
 */
export function boundTablesIn(db: BetterSqlite3.Database, keyedAt: number): Set<BoundTableName> {
  const bound = new Set<BoundTableName>(['documents']);
  const rows = db.prepare('SELECT detail FROM audit_log WHERE action = ? AND seq > ?').all(TABLES_BOUND_ACTION, keyedAt) as {
    detail: string;
  }[];
  for (const r of rows) for (const t of (JSON.parse(r.detail) as { tables: BoundTableName[] }).tables) bound.add(t);
  return bound;
}

/**
 * At each start, once the chain is keyed: the bound tables its segment does not bind yet get every row bound as it
 * is, and one entry `audit.tables-bound` says so (`reason`: "llave" when the segment was just keyed, "actualizacion"
 * for a station keyed by a version that bound only documents). Nothing when every table is bound already.
 */
export function bindNewTables(store: Store, keyedAt: number, at: string, reason: 'llave' | 'actualizacion'): BoundTableName[] {
  const bound = boundTablesIn(store.sqlite, keyedAt);
  const fresh = BOUND_TABLES.filter((t) => !bound.has(t.table));
  if (fresh.length === 0) return [];
  store.tx(() => {
    const rows: Partial<Record<BoundTableName, number>> = {};
    for (const t of fresh) rows[t.table] = bindEvery(store, t, at);
    audit(store, at, 'system', TABLES_BOUND_ACTION, null, { reason, tables: fresh.map((t) => t.table), rows });
  });
  return fresh.map((t) => t.table);
}
