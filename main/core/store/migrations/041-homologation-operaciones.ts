import type { Migration } from './types';

/**
 * A homologation run's steps take the Evento de Operaciones Especiales (step 'operaciones', its record in
 * `special_operations`). SQLite cannot widen a CHECK in place: the table is made again with the same columns and
 * its rows copied as they are (docs/decisions/0017-homologation.md, Evento de Operaciones Especiales).
 */
export const m041HomologationOperaciones: Migration = {
  version: 41,
  name: 'homologation-operaciones',
  up(db) {
    db.exec(`
      CREATE TABLE homologation_steps_041 (
        run_id TEXT NOT NULL REFERENCES homologation_runs (id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        step TEXT NOT NULL CHECK (step IN ('document', 'invalidation', 'contingency', 'retorno', 'operaciones')),
        kind TEXT,
        ref TEXT NOT NULL,
        request TEXT NOT NULL,
        done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
        error TEXT,
        record_id TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
      ) STRICT;
      INSERT INTO homologation_steps_041 (run_id, seq, step, kind, ref, request, done, error, record_id, created_at)
        SELECT run_id, seq, step, kind, ref, request, done, error, record_id, created_at FROM homologation_steps;
      DROP TABLE homologation_steps;
      ALTER TABLE homologation_steps_041 RENAME TO homologation_steps;
      CREATE INDEX homologation_steps_ref ON homologation_steps (ref);
    `);
  },
};
