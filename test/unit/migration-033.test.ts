import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('033 return deliveries', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'return-deliveries');

  it('keeps every delivery as it was, takes a return message naming its ER, and still queues each for the hub', () => {
    expect(at).toBeGreaterThan(0);
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at));
    // A document to deliver: every column it requires, filled plainly.
    const required = (
      db.prepare('PRAGMA table_info(documents)').all() as { name: string; type: string; notnull: number; dflt_value: unknown }[]
    ).filter((c) => c.notnull && c.dflt_value === null);
    const value = (c: { name: string; type: string }) =>
      (({ id: 'd1', kind: 'FC', status: 'APPROVED', version: 1, environment: 'TEST' }) as Record<string, unknown>)[c.name] ??
      (c.type === 'INTEGER' ? 1 : c.type === 'BLOB' ? Buffer.from('x') : 't');
    db.prepare(`INSERT INTO documents (${required.map((c) => c.name).join(', ')}) VALUES (${required.map(() => '?').join(', ')})`).run(
      ...required.map(value),
    );
    const old = db.prepare(
      `INSERT INTO deliveries (id, document_id, message, event_seq, requested_by, email, message_id, state, attempts, next_attempt_at, created_at)
       VALUES (?, 'd1', 'document', NULL, NULL, 'a@example.com', ?, 'sent', 1, 't', 't')`,
    );
    old.run('m1', '<m1@x>');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare("SELECT id, message, state, return_id FROM deliveries WHERE id = 'm1'").get()).toEqual({
      id: 'm1',
      message: 'document',
      state: 'sent',
      return_id: null,
    });
    db.prepare(
      `INSERT INTO returns (id, kind, environment, company_id, version, status, reason, total, mh_json, jws, generated_at, created_at, updated_at)
       VALUES ('er', 'FC', 'TEST', 'c', 1, 'APPROVED', 'Devolución', '1.00', '{}', 'x', 't', 't', 't')`,
    ).run();
    const insert = db.prepare(
      `INSERT INTO deliveries (id, document_id, message, event_seq, requested_by, email, message_id, state, attempts, next_attempt_at, created_at, return_id)
       VALUES (?, 'd1', ?, NULL, NULL, 'a@example.com', ?, 'pending', 0, 't', 't', ?)`,
    );
    insert.run('m2', 'return', '<m2@x>', 'er');
    expect(() => insert.run('m3', 'return', '<m3@x>', null)).toThrow(/CHECK/);
    expect(() => insert.run('m4', 'document', '<m4@x>', 'er')).toThrow(/CHECK/);
    expect(() => insert.run('m5', 'return', '<m5@x>', 'nowhere')).toThrow(/FOREIGN KEY/);
    // The replication triggers came back with the table.
    const queued = db.prepare("SELECT ref FROM replication_queue WHERE entity = 'delivery' AND ref = 'm2'").all();
    expect(queued).toEqual([{ ref: 'm2' }]);
  });
});
