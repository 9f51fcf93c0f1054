import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('040 receivers of the new kinds', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'receivers-new-kinds');
  const insert = (db: BetterSqlite3.Database, book: string, key: string) =>
    db
      .prepare(
        'INSERT INTO receivers (book, key, name, name_fold, document, recipient_json, last_used_at, uses) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(book, key, 'Ñandú Gómez', 'nandu gomez', key, '{"name":"Ñandú Gómez"}', '2026-11-01T10:00:00-06:00', 3);

  it('keeps every receiver as it was, and takes the books of NR, CL, DCL and CD', () => {
    expect(at).toBeGreaterThan(0);
    expect(MIGRATIONS[at]!.version).toBe(at + 1);
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, at));
    insert(db, 'CCF', '06141234567890');
    insert(db, 'FC', '012345678');
    // Before: the book of a new kind is refused.
    expect(() => insert(db, 'NR', '06140000000000')).toThrow(/CHECK/);
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare('SELECT * FROM receivers ORDER BY book').all()).toEqual([
      {
        book: 'CCF',
        key: '06141234567890',
        name: 'Ñandú Gómez',
        document: '06141234567890',
        recipient_json: '{"name":"Ñandú Gómez"}',
        last_used_at: '2026-11-01T10:00:00-06:00',
        uses: 3,
        name_fold: 'nandu gomez',
      },
      expect.objectContaining({ book: 'FC', key: '012345678', uses: 3 }),
    ]);
    for (const book of ['NR', 'CL', 'DCL', 'CD']) insert(db, book, `k-${book}`);
    expect(db.prepare("SELECT count(*) AS n FROM receivers WHERE book IN ('NR', 'CL', 'DCL', 'CD')").get()).toEqual({ n: 4 });
    // Still a closed list, still one row per book and key, still a positive use count.
    expect(() => insert(db, 'NC', 'k')).toThrow(/CHECK/);
    expect(() => insert(db, 'FC', '012345678')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => db.prepare("UPDATE receivers SET uses = 0 WHERE book = 'FC'").run()).toThrow(/CHECK/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'receivers' AND sql IS NOT NULL").all()).toEqual([
      { name: 'receivers_recent' },
    ]);
  });
});
