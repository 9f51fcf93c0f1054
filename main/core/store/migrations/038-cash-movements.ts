import type { Migration } from './types';

/**
 * Cash that leaves a person's drawer money during a shift without a sale or a refund (close/cash-movements.ts,
 * docs/decisions/0073-money-follows-the-person.md): a supervisor's withdrawal ("retiro de efectivo", `to_scope`
 * null) or cash handed from one person to another (`to_scope` the receiver). Append-only, El Salvador time.
 */
export const m038CashMovements: Migration = {
  version: 38,
  name: 'cash-movements',
  up(db) {
    db.exec(`
      CREATE TABLE cash_movements (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('withdrawal', 'handover')),
        from_scope TEXT NOT NULL CHECK (from_scope LIKE 'user:%'),
        to_scope TEXT CHECK (to_scope IS NULL OR to_scope LIKE 'user:%'),
        amount TEXT NOT NULL,
        reason TEXT NOT NULL,
        at TEXT NOT NULL,
        by TEXT NOT NULL,
        by_name TEXT,
        CHECK ((kind = 'withdrawal') = (to_scope IS NULL))
      ) STRICT;
      CREATE INDEX cash_movements_by_time ON cash_movements (at);
      CREATE TRIGGER cash_movements_no_update BEFORE UPDATE ON cash_movements BEGIN SELECT RAISE(ABORT, 'cash_movements is append-only'); END;
      CREATE TRIGGER cash_movements_no_delete BEFORE DELETE ON cash_movements BEGIN SELECT RAISE(ABORT, 'cash_movements is append-only'); END;
    `);
  },
};
