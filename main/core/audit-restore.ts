// How the audit chain tells a restore, and its undo, from tampering (docs/decisions/0069-restores-and-replaced-
// files.md): `sello restore` names the copy's last entry in the head before the swap, and keeps the head of the
// database it sets aside. A start after a kill -9 right after the swap finds the copy's entry and settles on it; a
// copy that continues a head Sello set aside is an undo, not a chain rewritten.
import type BetterSqlite3 from 'better-sqlite3';
import { GENESIS_HASH } from './audit-chain';
import { headFindings } from './audit-check';
import type { ChainFinding } from './audit-findings';
import type { ChainHead, HeadMark } from './audit-head';

/** The log's last entry (seq 0 and the genesis hash when it is empty). */
export function lastEntry(db: BetterSqlite3.Database): HeadMark {
  return (
    (db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as HeadMark | undefined) ?? {
      seq: 0,
      hash: GENESIS_HASH,
    }
  );
}

/**
 * The head as it stands once a restore cut short is settled: the swap happened when the database ends at the entry
 * the restore named (the copy is then the station's chain, and the head it replaced is kept as set aside); else the
 * restore never reached the swap and the head is as it was.
 */
export function settleHead(db: BetterSqlite3.Database, head: ChainHead | null): ChainHead | null {
  if (!head?.restoring) return head;
  const last = lastEntry(db);
  const swapped = last.seq === head.restoring.seq && last.hash === head.restoring.hash;
  if (!swapped) return { ...head, restoring: null };
  return {
    seq: last.seq,
    hash: last.hash,
    findings: head.findings,
    setAside: [...(head.setAside ?? []), { seq: head.seq, hash: head.hash }],
    restoring: null,
  };
}

/**
 * What the heads Sello knows say about a copy being restored. A copy shorter than a known head is older (said, not a
 * finding); one that holds a known head's entry continues it. Only a copy that contradicts every head it reaches is
 * a rewritten chain: its own entries are still checked under the key (audit-check.ts), which no one else holds.
 */
export function copyAgainstHeads(
  db: BetterSqlite3.Database,
  head: ChainHead | null,
): { readonly findings: ChainFinding[]; readonly older: boolean } {
  if (!head) return { findings: [], older: false };
  const last = lastEntry(db);
  const known: HeadMark[] = [{ seq: head.seq, hash: head.hash }, ...(head.setAside ?? [])];
  const older = known.every((k) => k.seq > last.seq);
  const fits = known.some((k) => k.seq > last.seq || headFindings(db, k).length === 0);
  return { findings: fits ? [] : headFindings(db, head), older };
}
