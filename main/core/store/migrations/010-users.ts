import type { Migration } from './types';

/**
 * The people at the counter (main/core/auth/users-repo.ts): a login, a name, one role and a scrypt hash of the
 * password or PIN. Nobody is ever deleted: a person who leaves is made inactive, so the audit keeps naming them.
 */
export const m010Users: Migration = {
  version: 10,
  name: 'users',
  up(db) {
    db.exec(`
      CREATE TABLE users (
        login TEXT PRIMARY KEY CHECK (login = lower(login) AND length(login) BETWEEN 2 AND 32),
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('CASHIER', 'SUPERVISOR', 'ADMIN')),
        secret_hash TEXT NOT NULL,
        credential TEXT NOT NULL CHECK (credential IN ('password', 'pin')),
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        -- The station file's entry as last applied (name, role, its password's hash): unchanged, it is not applied again.
        from_file TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
