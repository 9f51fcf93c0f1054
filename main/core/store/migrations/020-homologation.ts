import type { Migration } from './types';

/**
 * MH's homologation test set (main/core/homologation/, docs/decisions/0017-homologation.md): one row per run, and
 * one per step it took (a document, an invalidation, a contingency event, a retorno), written with the request
 * before it is made, so a run interrupted anywhere makes the same request again (the create path replays an id it
 * already holds) and never a second one. What MH answered stays where it always is: documents, invalidations,
 * contingency_events, returns; a step only names its row there (`ref`).
 */
export const m020Homologation: Migration = {
  version: 20,
  name: 'homologation',
  up(db) {
    db.exec(`
      CREATE TABLE homologation_runs (
        id TEXT PRIMARY KEY,
        normative TEXT NOT NULL CHECK (normative IN ('legacy', '2026')),
        kinds TEXT NOT NULL,
        seed INTEGER NOT NULL,
        pace_ms INTEGER NOT NULL CHECK (pace_ms >= 0),
        status TEXT NOT NULL CHECK (status IN ('running', 'done')),
        started_by TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT
      ) STRICT;
      CREATE TABLE homologation_steps (
        run_id TEXT NOT NULL REFERENCES homologation_runs (id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        step TEXT NOT NULL CHECK (step IN ('document', 'invalidation', 'contingency', 'retorno')),
        kind TEXT,
        ref TEXT NOT NULL,
        request TEXT NOT NULL,
        done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
        error TEXT,
        record_id TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
      ) STRICT;
      CREATE INDEX homologation_steps_ref ON homologation_steps (ref);
    `);
  },
};
