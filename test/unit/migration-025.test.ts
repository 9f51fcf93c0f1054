import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('025 invalidation doubt', () => {
  const at = MIGRATIONS.findIndex((m) => m.version === 25);
  const doc = (db: BetterSqlite3.Database, id: string, n: number) =>
    db
      .prepare(
        `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
        pos_number, generated_at, issue_date, created_at, updated_at, request_hash, packed)
        VALUES (?, 'FC', 'TEST', 1, 'APPROVED', ?, 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', 'h', x'00')`,
      )
      .run(id, `DTE-01-M001P001-${String(n).padStart(15, '0')}`);
  const invalidation = (db: BetterSqlite3.Database, id: string, dte: string, status: string) =>
    db
      .prepare(
        `INSERT INTO invalidations (id, dte_id, kind, environment, company_id, version, status, mh_json, jws, generated_at, created_at, updated_at)
        VALUES (?, ?, 'FC', 'TEST', 'c', 2, ?, '{}', 'j', 'g', 'c', 'u')`,
      )
      .run(id, dte, status);

  it('keeps every invalidation, takes IN_DOUBT, counts it as live, and still queues changes for the hub', () => {
    expect(MIGRATIONS[at]!.name).toBe('invalidation-doubt');
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, at));
    doc(db, 'd1', 1);
    doc(db, 'd2', 2);
    invalidation(db, 'i1', 'd1', 'REJECTED');
    invalidation(db, 'i2', 'd1', 'APPROVED');
    expect(() => invalidation(db, 'i3', 'd2', 'IN_DOUBT')).toThrow(/CHECK/);
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare('SELECT id, status, leaving_at, doubt_at, settled_by FROM invalidations ORDER BY id').all()).toEqual([
      { id: 'i1', status: 'REJECTED', leaving_at: null, doubt_at: null, settled_by: null },
      { id: 'i2', status: 'APPROVED', leaving_at: null, doubt_at: null, settled_by: null },
    ]);
    invalidation(db, 'i3', 'd2', 'IN_DOUBT');
    // One live event per document: one in doubt stands for its document as a pending or approved one does.
    expect(() => invalidation(db, 'i4', 'd2', 'PENDING')).toThrow(/UNIQUE/);
    expect(() => invalidation(db, 'i5', 'd2', 'LOST')).toThrow(/CHECK/);
    // The replication triggers of 019 came back with the table.
    const queued = () =>
      (db.prepare("SELECT ref FROM replication_queue WHERE entity = 'invalidation' ORDER BY ref").all() as { ref: string }[]).map(
        (r) => r.ref,
      );
    expect(queued()).toContain('i3');
    db.prepare("DELETE FROM replication_queue WHERE entity = 'invalidation'").run();
    db.prepare("UPDATE invalidations SET status = 'APPROVED', updated_at = 'v' WHERE id = 'i3'").run();
    expect(queued()).toEqual(['i3']);
  });
});
