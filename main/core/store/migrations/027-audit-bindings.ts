import type { Migration } from './types';

/**
 * Each document's latest binding in the keyed audit chain (dte/document-binding.ts), read by action and subject
 * when the chain is checked: one index, so a station of a million documents checks them in one ordered pass.
 * The chain is keyed at the first start after this migration (audit-key.ts): a migration has no key.
 */
export const m027AuditBindings: Migration = {
  version: 27,
  name: 'audit-bindings',
  up(db) {
    db.exec('CREATE INDEX audit_log_action_subject ON audit_log (action, subject, seq)');
  },
};
