// The whole check of a station's audit chain (docs/decisions/0034-keyed-audit-chain.md): the keyed chain, the
// head kept outside the data folder, and each row of the bound tables against its last binding (documents, and
// what the books read: docs/decisions/0062-audit-binds-what-the-books-read.md). One implementation for the start
// (in pages, yielding to the event loop), `sello audit verify` and `sello restore`.
import type BetterSqlite3 from 'better-sqlite3';
import { chainWalker, type ChainRow, type ChainVerdict } from './audit-chain';
import { lastKeyedAt } from './audit';
import type { ChainFinding } from './audit-findings';
import type { ChainHead } from './audit-head';
import { boundTablesIn, rowFinding } from './audit-binding';
import {
  BOUND_TABLES,
  linesByParent,
  linesSql,
  pageSql,
  rowDigest,
  type BoundTable,
  type BoundTableName,
  type BoundValues,
} from './audit-bound-tables';
import { turn } from './turn';

/** Rows a step reads: the command line's tools at once, the start's check between turns of the event loop. */
const PAGE = 2000;
/** A page of the start's check: 2,000 documents' rows and digests held the counter for 20-100 ms (issue 35). */
const START_PAGE = 200;

export interface ChainReport {
  readonly verdict: ChainVerdict;
  readonly findings: ChainFinding[];
  /** The bound tables whose rows were checked against their bindings (none when the chain is not keyed). */
  readonly checked: readonly BoundTableName[];
  /** Bound tables this chain does not bind yet (keyed by an earlier version): bound, then checked, from the next start. */
  readonly notYetBound: readonly BoundTableName[];
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
 * Steps of the check, one page at a time: the chain, then each bound table's rows (only once the chain is keyed:
 * before that no row was bound). `hasKey`: the station holds a sealed chain key, so a keyed segment must exist.
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
    return { verdict, findings, checked: [], notYetBound: [] };
  }
  if (verdict.keyedFrom === null) {
    if (o.hasKey) findings.push({ code: 'unkeyed' });
    return { verdict, findings, checked: [], notYetBound: [] };
  }
  const bound = boundTablesIn(db, lastKeyedAt(db) ?? verdict.keyedFrom);
  const tables = BOUND_TABLES.filter((t) => bound.has(t.table));
  for (const spec of tables) yield* checkTable(db, spec, findings, pageSize);
  return {
    verdict,
    findings,
    checked: tables.map((t) => t.table),
    notYetBound: BOUND_TABLES.filter((t) => !bound.has(t.table)).map((t) => t.table),
  };
}

/** One bound table: every row against its latest binding, a page of ids at a time; then bindings whose row is gone. */
function* checkTable(db: BetterSqlite3.Database, spec: BoundTable, findings: ChainFinding[], pageSize: number): Generator<void, void> {
  const rowsPage = db.prepare(pageSql(spec));
  const linesOf = spec.lines ? db.prepare(linesSql(spec.lines)) : null;
  const bindings = db.prepare(
    `SELECT subject, detail FROM audit_log WHERE action = '${spec.action}' AND subject IN (SELECT value FROM json_each(?)) ORDER BY subject, seq`,
  );
  let lastId = '';
  for (;;) {
    const rows = rowsPage.all(lastId, pageSize) as BoundValues[];
    if (rows.length === 0) break;
    const ids = JSON.stringify(rows.map((r) => r[spec.idColumn]));
    const bound = new Map<string, string>();
    for (const b of bindings.all(ids) as { subject: string; detail: string }[])
      bound.set(b.subject, (JSON.parse(b.detail) as { digest: string }).digest);
    const lines = linesOf ? linesByParent(linesOf.all(ids) as BoundValues[]) : null;
    for (const r of rows) {
      const id = String(r[spec.idColumn]);
      const digest = bound.get(id);
      if (digest === undefined) findings.push(rowFinding(spec, 'unbound', id));
      else if (digest !== rowDigest(spec, r, lines?.get(id) ?? [])) findings.push(rowFinding(spec, 'edited', id));
    }
    lastId = String(rows[rows.length - 1]![spec.idColumn]);
    yield;
  }
  // Bindings whose row is gone, a page of bound ids at a time (one statement over every binding of a
  // million-document station held the thread for seconds).
  const subjects = db.prepare(
    `SELECT DISTINCT subject FROM audit_log WHERE action = '${spec.action}' AND subject > ? ORDER BY subject LIMIT ?`,
  );
  const missing = db.prepare(
    `SELECT value FROM json_each(?) WHERE value NOT IN (SELECT ${spec.idColumn} FROM ${spec.table}) ORDER BY value`,
  );
  let lastSubject = '';
  for (;;) {
    const page = (subjects.all(lastSubject, pageSize) as { subject: string }[]).map((r) => r.subject);
    if (page.length === 0) break;
    for (const g of missing.all(JSON.stringify(page)) as { value: string }[]) findings.push(rowFinding(spec, 'deleted', g.value));
    lastSubject = page[page.length - 1]!;
    yield;
  }
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
