import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('028 sale paper', () => {
  const at = MIGRATIONS.findIndex((m) => m.version === 28);
  const doc = (db: BetterSqlite3.Database, id: string) =>
    db
      .prepare(
        `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
        pos_number, generated_at, issue_date, created_at, updated_at, request_hash, packed)
        VALUES (?, 'FC', 'TEST', 1, 'APPROVED', ?, 'c', 'M001', 1, 'g', '2026-11-26', 'c', 'u', 'h', x'00')`,
      )
      .run(id, `DTE-01-M001P001-${id.padStart(15, '0')}`);
  const paper = (db: BetterSqlite3.Database, id: string, contingency: number, received: string | null, change: string | null) =>
    db
      .prepare('INSERT INTO sale_paper (document_id, issued_in_contingency, cash_received, change_given) VALUES (?, ?, ?, ?)')
      .run(id, contingency, received, change);

  it('keeps the documents, adds one row per document with the cash and change together or neither', () => {
    expect(MIGRATIONS[at]!.name).toBe('sale-paper');
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at));
    doc(db, '1');
    expect(() => db.prepare('SELECT 1 FROM sale_paper').all()).toThrow(/no such table/);
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(28);
    expect(db.prepare('SELECT id FROM documents').all()).toEqual([{ id: '1' }]);
    doc(db, '2');
    doc(db, '3');
    paper(db, '1', 0, '20.00', '9.92');
    paper(db, '2', 1, null, null);
    expect(() => paper(db, '3', 0, '20.00', null)).toThrow(/CHECK/);
    expect(() => paper(db, '3', 2, null, null)).toThrow(/CHECK/);
    expect(() => paper(db, '1', 0, null, null)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => paper(db, 'nope', 0, null, null)).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT * FROM sale_paper ORDER BY document_id').all()).toEqual([
      { document_id: '1', issued_in_contingency: 0, cash_received: '20.00', change_given: '9.92' },
      { document_id: '2', issued_in_contingency: 1, cash_received: null, change_given: null },
    ]);
  });
});
