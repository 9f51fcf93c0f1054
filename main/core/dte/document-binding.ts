// Every document row is bound into the keyed audit chain when it is written and when its status moves: an
// entry `document.bound` whose detail is a digest of the row's content (docs/decisions/0034-keyed-audit-chain.md).
// An edit to the row (total, status, seal, the signed JWS inside `packed`) no longer matches its last binding.
import { createHash } from 'node:crypto';
import { audit } from '../audit';
import type { Store } from '../store/database';

export const BOUND_ACTION = 'document.bound';

/**
 * What a binding covers. `contingency_id`, `updated_at` and the derived search columns are left out: a
 * contingency event's documents move between events in bulk and the search text is rebuilt from the rest.
 */
export const BOUND_COLUMNS = [
  'id',
  'kind',
  'environment',
  'version',
  'status',
  'control_number',
  'company_id',
  'branch_code',
  'pos_number',
  'generated_at',
  'issue_date',
  'created_at',
  'request_hash',
  'recipient_name',
  'total',
  'packed',
  'related',
  'mh_response',
  'seal',
  'sealed_at',
  'issued_by',
  'issued_by_name',
] as const;

export const BOUND_SELECT = `SELECT ${BOUND_COLUMNS.join(', ')} FROM documents`;

export type BoundRow = Record<(typeof BOUND_COLUMNS)[number], unknown>;

/** The digest of a document row's bound columns (the packed texts as their bytes). */
export function documentDigest(row: BoundRow): string {
  const h = createHash('sha256');
  for (const c of BOUND_COLUMNS) {
    const v = row[c];
    const text =
      v === null || v === undefined
        ? '\u0000'
        : Buffer.isBuffer(v)
          ? v.toString('base64')
          : typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint'
            ? String(v)
            : JSON.stringify(v);
    h.update(`${c}\u0001${text}\u0002`, 'utf8');
  }
  return h.digest('hex');
}

const BOUND_ONE = `SELECT ${BOUND_COLUMNS.join(', ')}, updated_at FROM documents WHERE id = ?`;

const LAST_BINDING = `SELECT detail FROM audit_log WHERE action = '${BOUND_ACTION}' AND subject = ? ORDER BY seq DESC LIMIT 1`;

/**
 * Before a write changes a row, whether it still is what was bound last: a row edited outside Sello and then
 * moved by Sello would otherwise be bound afresh, its edit hidden. A mismatch is told (the start's alert says
 * it); the write goes on, since stopping the counter is worse (docs/decisions/0034-keyed-audit-chain.md).
 */
export function checkBinding(store: Store, id: string): void {
  if (!store.chain.key) return;
  const row = store.statement(BOUND_ONE).get(id) as BoundRow | undefined;
  if (!row) return;
  const last = store.statement(LAST_BINDING).get(id) as { detail: string } | undefined;
  if (!last) store.chain.found({ code: 'document-unbound', id });
  else if ((JSON.parse(last.detail) as { digest: string }).digest !== documentDigest(row))
    store.chain.found({ code: 'document-edited', id });
}

/**
 * Binds the row as it is now; nothing when it does not exist. Called by documents-repo.ts after each write; `at`
 * defaults to the row's updated_at (a re-signing does not move it).
 */
export function bindDocument(store: Store, id: string, at?: string): void {
  const row = store.statement(BOUND_ONE).get(id) as (BoundRow & { updated_at: string }) | undefined;
  if (!row) return;
  audit(store, at ?? row.updated_at, 'system', BOUND_ACTION, id, { digest: documentDigest(row) });
}
