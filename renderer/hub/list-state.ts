// What Documentos keeps while a document is open (its filters and pages), apart from the page itself so the
// shell holds it without loading the page's code.
import type { DocumentFilters, HubDocumentSummary } from './api';

export interface ListState {
  /** The filters of the rows shown, and what the form holds now. */
  readonly applied: DocumentFilters;
  readonly draft: DocumentFilters;
  readonly documents: readonly HubDocumentSummary[];
  readonly nextCursor: string | null;
  readonly loaded: boolean;
}

export const noFilters: DocumentFilters = { branch: '', pos: '', kind: '', status: '', from: '', to: '', q: '' };
export const emptyListState: ListState = { applied: noFilters, draft: noFilters, documents: [], nextCursor: null, loaded: false };
