import type { Migration } from './types';

/**
 * Money that follows the person and the drawer (docs/decisions/0073-money-follows-the-person.md):
 * `refunds` says, once per NC or Evento de Retorno, who paid it out of which drawer and how (cash, card, credit to
 * the customer's account, or unknown when a POS issued it without saying); `drawer_float_corrections` keeps a
 * supervisor's correction of a recorded float with its reason (the float itself never changes); `drawer_kicks`
 * gains what started each pulse (`cause`) and the return it paid out (`ref_id`). All append-only, El Salvador time.
 */
export const m037RefundsAndFloats: Migration = {
  version: 37,
  name: 'refunds-and-floats',
  up(db) {
    db.exec(`
      CREATE TABLE refunds (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('NC', 'ER')),
        ref_id TEXT NOT NULL UNIQUE,
        method TEXT NOT NULL CHECK (method IN ('cash', 'card', 'account', 'unknown')),
        amount TEXT NOT NULL,
        drawer TEXT NOT NULL,
        paid_by TEXT NOT NULL,
        paid_by_name TEXT,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX refunds_by_time ON refunds (at);
      CREATE TRIGGER refunds_no_update BEFORE UPDATE ON refunds BEGIN SELECT RAISE(ABORT, 'refunds is append-only'); END;
      CREATE TRIGGER refunds_no_delete BEFORE DELETE ON refunds BEGIN SELECT RAISE(ABORT, 'refunds is append-only'); END;
      CREATE TABLE drawer_float_corrections (
        id TEXT PRIMARY KEY,
        opening_id TEXT NOT NULL REFERENCES drawer_openings (id),
        amount TEXT NOT NULL,
        reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
        corrected_at TEXT NOT NULL,
        corrected_by TEXT NOT NULL,
        corrected_by_name TEXT
      ) STRICT;
      CREATE INDEX drawer_float_corrections_by_opening ON drawer_float_corrections (opening_id, corrected_at);
      CREATE TRIGGER drawer_float_corrections_no_update BEFORE UPDATE ON drawer_float_corrections BEGIN SELECT RAISE(ABORT, 'drawer_float_corrections is append-only'); END;
      CREATE TRIGGER drawer_float_corrections_no_delete BEFORE DELETE ON drawer_float_corrections BEGIN SELECT RAISE(ABORT, 'drawer_float_corrections is append-only'); END;
      ALTER TABLE drawer_kicks ADD COLUMN cause TEXT CHECK (cause IS NULL OR cause IN ('sale', 'refund', 'manual'));
      ALTER TABLE drawer_kicks ADD COLUMN ref_id TEXT;
    `);
  },
};
