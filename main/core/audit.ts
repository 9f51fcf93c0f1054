import type BetterSqlite3 from 'better-sqlite3';
import {
  auditHash,
  chainWalker,
  GENESIS_HASH,
  KEYED_ACTION,
  keyedHash,
  verifyChain,
  type ChainRow,
  type ChainVerdict,
  type WalkOptions,
} from './audit-chain';
import { BOUND_TABLES, TABLES_BOUND_ACTION } from './audit-bound-tables';
import type { Store } from './store/database';

/**
 * Appends to the audit log (append-only by trigger), chained to the entry before it (audit-chain.ts): keyed
 * once the store holds the chain's key (audit-key.ts). Reading the head and inserting happen in one synchronous
 * call on the only connection to this store, so no other entry can slip between them.
 */
export function audit(store: Store, at: string, actor: string, action: string, subject: string | null, detail?: unknown): void {
  // Plain statements: every document's create runs these two (database.ts, `statement`).
  const head = store.statement('SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as { hash: string } | undefined;
  const prev = head?.hash ?? GENESIS_HASH;
  const content = { at, actor, action, subject, detail: detail === undefined ? null : JSON.stringify(detail) };
  store
    .statement('INSERT INTO audit_log (at, actor, action, subject, detail, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(at, actor, action, subject, content.detail, prev, chainHash(store, prev, content));
  store.chain.appended();
}

const chainHash = (store: Store, prev: string, content: Parameters<typeof auditHash>[1]): string => {
  const key = store.chain.key;
  return key ? keyedHash(key, prev, content) : auditHash(prev, content);
};

/** Entries that keep the chain itself (its key's start, the rows' bindings): not part of a document's history. */
export const CHAIN_ACTIONS: readonly string[] = [KEYED_ACTION, TABLES_BOUND_ACTION, ...BOUND_TABLES.map((t) => t.action)];

/** The seq of the last entry that starts a keyed segment; null when the chain was never keyed. */
export function lastKeyedAt(db: { prepare(sql: string): { get(...a: unknown[]): unknown } }): number | null {
  const row = db.prepare('SELECT max(seq) AS seq FROM audit_log WHERE action = ?').get(KEYED_ACTION) as { seq: number | null };
  return row.seq;
}

/**
 * Checks the whole chain in pages, yielding to the event loop between them: a station of a million documents
 * has millions of entries, and the counter keeps issuing while they are checked.
 */
export async function verifyAudit(store: Store): Promise<ChainVerdict> {
  const walk = chainWalker({ key: store.chain.key, lastKeyedAt: lastKeyedAt(store.sqlite) });
  let after = 0;
  for (;;) {
    const page = store.all(
      store.q
        .selectFrom('audit_log')
        .select(['seq', 'at', 'actor', 'action', 'subject', 'detail', 'prev_hash', 'hash'])
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(2000),
    );
    if (page.length === 0) return walk.result();
    for (const r of page) {
      const broken = walk.push(r);
      if (broken) return broken;
    }
    after = page[page.length - 1]!.seq;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One subject's entries in order (a document's history on its detail screen). */
export function auditTrail(store: Store, subject: string): { at: string; action: string; detail: Record<string, unknown> | null }[] {
  return store
    .all(
      store.q
        .selectFrom('audit_log')
        .select(['at', 'action', 'detail'])
        .where('subject', '=', subject)
        .where('action', 'not in', CHAIN_ACTIONS)
        .orderBy('seq'),
    )
    .map((a) => ({ at: a.at, action: a.action, detail: a.detail ? (JSON.parse(a.detail) as Record<string, unknown>) : null }));
}

/**
 * `sello audit verify`: the chain checked on a read-only connection to a station's file, never through a
 * running core. Null when the file predates the chained log (migration 006).
 */
export function verifyAuditFile(db: BetterSqlite3.Database, key: Buffer | null = null): ChainVerdict | null {
  const columns = (db.prepare('PRAGMA table_info(audit_log)').all() as { name: string }[]).map((c) => c.name);
  if (!columns.includes('hash')) return null;
  const rows = db
    .prepare('SELECT seq, at, actor, action, subject, detail, prev_hash, hash FROM audit_log ORDER BY seq')
    .iterate() as IterableIterator<ChainRow>;
  const o: WalkOptions = { key, lastKeyedAt: lastKeyedAt(db) };
  return verifyChain(rows, o);
}
