import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { UNSETTLED_OF_SEALED_EVENTS } from '../../main/core/dte/documents-repo';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe("the sync status's overdue contingency documents", () => {
  it('reads the events first and their documents by index, never every document of the station', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS);
    // A station never analyzed (where the planner, left to itself, walked the documents by date to skip the sort),
    // then one with statistics.
    for (const analyzed of [false, true]) {
      if (analyzed) db.exec('ANALYZE');
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${UNSETTLED_OF_SEALED_EVENTS}`).all('2026-01-01', 200) as { detail: string }[]).map(
        (r) => r.detail,
      );
      expect(plan[0], plan.join(' | ')).toMatch(/^SCAN e\b/);
      expect(plan.join(' | ')).toMatch(/SEARCH d USING INDEX documents_contingency \(contingency_id=\? AND status=\?\)/);
      expect(plan.join(' | ')).not.toMatch(/SCAN d\b/);
    }
    db.close();
  });
});
