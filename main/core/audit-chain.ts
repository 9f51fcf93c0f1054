// The audit log as a hash chain: each entry's hash covers the previous entry's hash and its own content, so
// editing, removing or reordering any entry breaks every hash after it. The formula is part of the on-disk
// format (migration 006 backfilled with it): it never changes.
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditContent {
  readonly at: string;
  readonly actor: string;
  readonly action: string;
  readonly subject: string | null;
  readonly detail: string | null;
}

export function auditHash(prev: string, e: AuditContent): string {
  return createHash('sha256')
    .update(JSON.stringify([prev, e.at, e.actor, e.action, e.subject, e.detail]), 'utf8')
    .digest('hex');
}

export interface ChainRow extends AuditContent {
  readonly seq: number;
  readonly prev_hash: string;
  readonly hash: string;
}

export type ChainVerdict =
  | { readonly ok: true; readonly entries: number; readonly head: string }
  | { readonly ok: false; readonly entries: number; readonly seq: number; readonly reason: 'content' | 'link' };

/** Checks entries one at a time, in `seq` order: the first whose link or content does not match ends the walk. */
export function chainWalker(): { push(r: ChainRow): ChainVerdict | null; result(): ChainVerdict } {
  let prev = GENESIS_HASH;
  let entries = 0;
  return {
    push(r) {
      if (r.prev_hash !== prev) return { ok: false, entries, seq: r.seq, reason: 'link' };
      if (auditHash(prev, r) !== r.hash) return { ok: false, entries, seq: r.seq, reason: 'content' };
      prev = r.hash;
      entries += 1;
      return null;
    },
    result: () => ({ ok: true, entries, head: prev }),
  };
}

/** Walks the rows in `seq` order; the first entry whose link or content does not match is reported. */
export function verifyChain(rows: Iterable<ChainRow>): ChainVerdict {
  const walk = chainWalker();
  for (const r of rows) {
    const broken = walk.push(r);
    if (broken) return broken;
  }
  return walk.result();
}
