// The audit log as a hash chain: each entry's hash covers the previous entry's hash and its own content, so
// editing, removing or reordering any entry breaks every hash after it. Entries before migration 027 are plain
// SHA-256 (migration 006's formula, unchanged); from the entry whose action is KEYED_ACTION on, each hash is an
// HMAC under the chain's key, kept sealed by the station's secret box (docs/decisions/0034-keyed-audit-chain.md):
// whoever edits the file without the key cannot recompute them.
import { createHash, createHmac } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

/** The entry that starts a keyed segment: at the upgrade, or when the key did not open on this machine. */
export const KEYED_ACTION = 'audit.keyed';

export interface AuditContent {
  readonly at: string;
  readonly actor: string;
  readonly action: string;
  readonly subject: string | null;
  readonly detail: string | null;
}

const material = (prev: string, e: AuditContent): string => JSON.stringify([prev, e.at, e.actor, e.action, e.subject, e.detail]);

export function auditHash(prev: string, e: AuditContent): string {
  return createHash('sha256').update(material(prev, e), 'utf8').digest('hex');
}

export function keyedHash(key: Buffer, prev: string, e: AuditContent): string {
  return createHmac('sha256', key).update(material(prev, e), 'utf8').digest('hex');
}

export interface ChainRow extends AuditContent {
  readonly seq: number;
  readonly prev_hash: string;
  readonly hash: string;
}

/**
 * `content`: an entry was edited; `link`: one was deleted, inserted or reordered; `recomputed`: a keyed entry
 * carries a plain SHA-256 (the chain was recomputed without the key); `no-key`: keyed entries and no key to
 * check them with.
 */
export type ChainBreak = 'content' | 'link' | 'recomputed' | 'no-key';

export type ChainVerdict =
  | {
      readonly ok: true;
      readonly entries: number;
      readonly head: string;
      /** The last head seq (0 when empty). */
      readonly headSeq: number;
      /** The seq of the keyed segment's first entry (null: the chain was never keyed). */
      readonly keyedFrom: number | null;
      /** Keyed under an earlier key (before a re-keying): only their links were checked. */
      readonly linkedOnly: number;
    }
  | { readonly ok: false; readonly entries: number; readonly seq: number; readonly reason: ChainBreak };

export interface WalkOptions {
  /** The chain's key; null when it is not at hand (the walk then fails at the first keyed entry). */
  readonly key: Buffer | null;
  /** The seq of the last KEYED_ACTION entry: keyed entries before it were sealed under a former key. */
  readonly lastKeyedAt: number | null;
}

/** Checks entries one at a time, in `seq` order: the first whose link or content does not match ends the walk. */
export function chainWalker(o: WalkOptions = { key: null, lastKeyedAt: null }): {
  push(r: ChainRow): ChainVerdict | null;
  result(): ChainVerdict;
} {
  let prev = GENESIS_HASH;
  let entries = 0;
  let headSeq = 0;
  let keyedFrom: number | null = null;
  let linkedOnly = 0;
  return {
    push(r) {
      if (r.prev_hash !== prev) return { ok: false, entries, seq: r.seq, reason: 'link' };
      if (r.action === KEYED_ACTION && keyedFrom === null) keyedFrom = r.seq;
      if (keyedFrom === null) {
        if (auditHash(prev, r) !== r.hash) return { ok: false, entries, seq: r.seq, reason: 'content' };
      } else if (o.lastKeyedAt !== null && r.seq < o.lastKeyedAt) {
        // Sealed under a key this machine no longer has: the link is all that can be checked.
        linkedOnly += 1;
      } else if (!o.key) {
        return { ok: false, entries, seq: r.seq, reason: 'no-key' };
      } else if (keyedHash(o.key, prev, r) !== r.hash) {
        const reason = auditHash(prev, r) === r.hash ? 'recomputed' : 'content';
        return { ok: false, entries, seq: r.seq, reason };
      }
      prev = r.hash;
      headSeq = r.seq;
      entries += 1;
      return null;
    },
    result: () => ({ ok: true, entries, head: prev, headSeq, keyedFrom, linkedOnly }),
  };
}

/** Walks the rows in `seq` order; the first entry whose link or content does not match is reported. */
export function verifyChain(rows: Iterable<ChainRow>, o?: WalkOptions): ChainVerdict {
  const walk = chainWalker(o);
  for (const r of rows) {
    const broken = walk.push(r);
    if (broken) return broken;
  }
  return walk.result();
}
