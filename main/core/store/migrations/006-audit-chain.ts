import { GENESIS_HASH, auditHash, type AuditContent } from '../../audit-chain';
import type { Migration } from './types';

/**
 * The audit log becomes tamper-evident: every entry carries the previous entry's hash and its own. Existing
 * entries are chained in order here; the append-only triggers are set aside for the backfill and put back.
 */
export const m006AuditChain: Migration = {
  version: 6,
  name: 'audit-chain',
  up(db) {
    db.exec(`
      ALTER TABLE audit_log ADD COLUMN prev_hash TEXT NOT NULL DEFAULT '';
      ALTER TABLE audit_log ADD COLUMN hash TEXT NOT NULL DEFAULT '';
      DROP TRIGGER audit_log_no_update;
    `);
    const rows = db.prepare('SELECT seq, at, actor, action, subject, detail FROM audit_log ORDER BY seq').all() as (AuditContent & {
      seq: number;
    })[];
    const update = db.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE seq = ?');
    let prev = GENESIS_HASH;
    for (const r of rows) {
      const hash = auditHash(prev, r);
      update.run(prev, hash, r.seq);
      prev = hash;
    }
    db.exec(`
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
      CREATE INDEX audit_log_subject ON audit_log (subject, seq);
    `);
  },
};
