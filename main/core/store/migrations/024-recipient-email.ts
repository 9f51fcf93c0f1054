import type { Migration } from './types';

/**
 * The address a document was issued to, as a column: the e-mail queue (delivery/deliveries.ts) read it from the
 * packed request body, one inflate per approved document, which was a third of draining a contingency backlog.
 * The create writes the trimmed `recipient.email` of the request, '' when it has none. NULL means "not recorded":
 * the documents from before this migration, whose address the queue still reads from the body (nothing is
 * rewritten here, so the migration is instant at any size).
 */
export const m024RecipientEmail: Migration = {
  version: 24,
  name: 'recipient-email',
  up(db) {
    db.exec(`ALTER TABLE documents ADD COLUMN recipient_email TEXT;`);
  },
};
