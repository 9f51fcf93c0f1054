// The whole check of a station's audit chain (docs/decisions/0034-keyed-audit-chain.md): the keyed chain, the
// head kept outside the data folder, and each document row against its last binding. One implementation for
// the start (in pages, yielding to the event loop), `sello audit verify` and `sello restore`.
import type BetterSqlite3 from 'better-sqlite3';
import { chainWalker, type ChainRow, type ChainVerdict } from './audit-chain';
import { lastKeyedAt } from './audit';
import type { ChainFinding } from './audit-findings';
import type { ChainHead } from './audit-head';
import { BOUND_ACTION, BOUND_SELECT, documentDigest, type BoundRow } from './dte/document-binding';
import { turn } from './turn';

/** Rows a step reads: the command line's tools at once, the start's check between turns of the event loop. */
const PAGE = 2000;
/** A page of the start's check: 2,000 documents' rows and digests held the counter for 20-100 ms (issue 35). */
const START_PAGE = 200;

export interface ChainReport {
  readonly verdict: ChainVerdict;
  readonly findings: ChainFinding[];
}

/** The head kept outside against the log: deleted last entries, or a chain rewritten up to the head. */
export function headFindings(db: BetterSqlite3.Database, head: Pick<ChainHead, 'seq' | 'hash'> | null): ChainFinding[] {
  if (!head || head.seq === 0) return [];
  const row = db.prepare('SELECT hash FROM audit_log WHERE seq = ?').get(head.seq) as { hash: string } | undefined;
  if (!row) {
    const last = (db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM audit_log').get() as { seq: number }).seq;
    if (last < head.seq) return [{ code: 'tail-deleted', seq: head.seq, last }];
    return [{ code: 'link', seq: head.seq }];
  }
  return row.hash === head.hash ? [] : [{ code: 'rewritten', seq: head.seq }];
}

/**
 * Steps of the check, one page at a time: the chain, then the documents (only once the chain is keyed: before
 * that no row was bound). `hasKey`: the station holds a sealed chain key, so a keyed segment must exist.
 */
export function* checkSteps(
  db: BetterSqlite3.Database,
  o: { key: Buffer | null; head: Pick<ChainHead, 'seq' | 'hash'> | null; hasKey: boolean },
  pageSize = PAGE,
): Generator<void, ChainReport> {
  const findings: ChainFinding[] = headFindings(db, o.head);
  const walk = chainWalker({ key: o.key, lastKeyedAt: lastKeyedAt(db) });
  const page = db.prepare(
    'SELECT seq, at, actor, action, subject, detail, prev_hash, hash FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  let after = 0;
  let verdict: ChainVerdict | null = null;
  while (!verdict) {
    const rows = page.all(after, pageSize) as ChainRow[];
    if (rows.length === 0) verdict = walk.result();
    for (const r of rows) {
      verdict = walk.push(r);
      if (verdict) break;
    }
    if (rows.length > 0) after = rows[rows.length - 1]!.seq;
    yield;
  }
  if (!verdict.ok) {
    findings.push({ code: verdict.reason === 'content' ? 'edited' : verdict.reason, seq: verdict.seq });
    return { verdict, findings };
  }
  if (verdict.keyedFrom === null) {
    if (o.hasKey) findings.push({ code: 'unkeyed' });
    return { verdict, findings };
  }
  // Every document against its latest binding, a page of ids at a time.
  const docs = db.prepare(`${BOUND_SELECT} WHERE id > ? ORDER BY id LIMIT ?`);
  const bindings = db.prepare(
    `SELECT subject, detail FROM audit_log WHERE action = '${BOUND_ACTION}' AND subject IN (SELECT value FROM json_each(?)) ORDER BY subject, seq`,
  );
  let lastId = '';
  for (;;) {
    const rows = docs.all(lastId, pageSize) as BoundRow[];
    if (rows.length === 0) break;
    const bound = new Map<string, string>();
    for (const b of bindings.all(JSON.stringify(rows.map((r) => r.id))) as { subject: string; detail: string }[])
      bound.set(b.subject, (JSON.parse(b.detail) as { digest: string }).digest);
    for (const r of rows) {
      const id = String(r.id);
      const digest = bound.get(id);
      if (digest === undefined) findings.push({ code: 'document-unbound', id });
      else if (digest !== documentDigest(r)) findings.push({ code: 'document-edited', id });
    }
    lastId = String(rows[rows.length - 1]!.id);
    yield;
  }
  // Bindings whose document is gone, a page of bound ids at a time (one statement over every binding of a
  // million-document station held the thread for seconds).
  const subjects = db.prepare(
    `SELECT DISTINCT subject FROM audit_log WHERE action = '${BOUND_ACTION}' AND subject > ? ORDER BY subject LIMIT ?`,
  );
  const missing = db.prepare('SELECT value FROM json_each(?) WHERE value NOT IN (SELECT id FROM documents) ORDER BY value');
  let lastSubject = '';
  for (;;) {
    const page = (subjects.all(lastSubject, pageSize) as { subject: string }[]).map((r) => r.subject);
    if (page.length === 0) break;
    for (const g of missing.all(JSON.stringify(page)) as { value: string }[]) findings.push({ code: 'document-deleted', id: g.value });
    lastSubject = page[page.length - 1]!;
    yield;
  }
  return { verdict, findings };
}

/** The whole check at once (the command line's tools). */
export function checkChain(db: BetterSqlite3.Database, o: Parameters<typeof checkSteps>[1]): ChainReport {
  const steps = checkSteps(db, o);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The whole check, yielding to the event loop between pages: the counter keeps issuing meanwhile. */
export async function checkChainPaged(db: BetterSqlite3.Database, o: Parameters<typeof checkSteps>[1]): Promise<ChainReport> {
  const steps = checkSteps(db, o, START_PAGE);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await turn();
  }
}
