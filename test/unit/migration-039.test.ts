import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('039 special operations', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'special-operations');

  it('keeps an event and its items: a voucher or a range, of type 02 or 97, up to 500, of a yyyy-mm period', () => {
    expect(at).toBeGreaterThan(0);
    expect(MIGRATIONS[at]!.version).toBe(at + 1);
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    const event = db.prepare(
      `INSERT INTO special_operations (id, environment, company_id, period, mode, re_report, status, total, mh_json, jws,
         mh_response, generated_at, created_at, updated_at) VALUES (?, 'TEST', 'c', ?, ?, 0, ?, '1.00', '{}', 'j', NULL, 't', 't', 't')`,
    );
    event.run('e1', '2026-11', 'ranges', 'PENDING');
    expect(() => event.run('e2', '2026-11-01', 'ranges', 'PENDING')).toThrow(/CHECK/);
    expect(() => event.run('e3', '2026-11', 'mixed', 'PENDING')).toThrow(/CHECK/);
    expect(() => event.run('e4', '2026-11', 'ranges', 'INVALIDATED')).toThrow(/CHECK/);
    const item = db.prepare(
      `INSERT INTO special_operation_items (event_id, item, doc_type, document, doc_from, doc_to, issued_on, ref_event, amount)
         VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, '1.00')`,
    );
    item.run('e1', 1, '02', null, 'A-1', 'A-9');
    item.run('e1', 2, '97', 'C-1', null, null);
    expect(() => item.run('e1', 3, '01', 'C-2', null, null)).toThrow(/CHECK/);
    expect(() => item.run('e1', 501, '97', 'C-2', null, null)).toThrow(/CHECK/);
    // A voucher and a range at once, or neither, is no item.
    expect(() => item.run('e1', 4, '97', 'C-3', 'A-1', 'A-2')).toThrow(/CHECK/);
    expect(() => item.run('e1', 5, '97', null, 'A-1', null)).toThrow(/CHECK/);
    expect(() => item.run('nobody', 1, '97', 'C-4', null, null)).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT COUNT(*) AS n FROM special_operation_items').get()).toEqual({ n: 2 });
  });
});
