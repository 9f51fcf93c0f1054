// Every document row is bound into the keyed audit chain when it is written and when its status moves: an
// entry `document.bound` whose detail is a digest of the row's content (docs/decisions/0034-keyed-audit-chain.md).
// An edit to the row (total, status, seal, the signed JWS inside `packed`) no longer matches its last binding.
// The documents are one of the bound tables (audit-bound-tables.ts), bound as the others are (audit-binding.ts).
import { bindRow, checkBound } from '../audit-binding';
import { DOCUMENT_COLUMNS, DOCUMENTS, rowDigest } from '../audit-bound-tables';
import type { Store } from '../store/database';

export const BOUND_ACTION = DOCUMENTS.action;

/** What a binding covers; what it leaves out, and why, is in DOCUMENTS.leftOut. */
export const BOUND_COLUMNS = DOCUMENT_COLUMNS;

export type BoundRow = Record<(typeof BOUND_COLUMNS)[number], unknown>;

/** The digest of a document row's bound columns (the packed texts as their bytes). */
export const documentDigest = (row: BoundRow): string => rowDigest(DOCUMENTS, row);

/** Before a write changes a document, whether it still is what was bound last (audit-binding.ts, checkBound). */
export const checkBinding = (store: Store, id: string): void => checkBound(store, DOCUMENTS, id);

/**
 * Binds the row as it is now; nothing when it does not exist. Called by documents-repo.ts after each write; `at`
 * defaults to the row's updated_at (a re-signing does not move it).
 */
export const bindDocument = (store: Store, id: string, at?: string): void => bindRow(store, DOCUMENTS, id, at);
