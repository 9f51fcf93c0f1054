// A station whose audit key was deleted from its file (the chain's `key-missing` finding at start): the core opens,
// serves, and says so in the sync status's alerts, instead of failing to start. The finding is noted while the core
// is still being built, before its sync engine exists (main/core/wiring/station-rooms.ts, `publish`).
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_KEY_SETTING } from '../../main/core/audit-key';
import { createCore, type Core } from '../../main/core/create-core';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

describe('an audit key deleted from the station file', () => {
  it('opens the station and shows the broken chain as a critical alert', () => {
    const t = tempDir('audit-key-missing-');
    cleanups.push(t.cleanup);
    const open = (): Core => createCore({ dataDir: t.dir, clock: fixedClock(), sync: { manual: true }, backups: { everyMs: 0 } });
    const first = open();
    first.dtes.create('FC', { ...fcBody('a0000000-0000-4000-8000-000000000001'), generatedAt: undefined }, 'user:cajero');
    first.close();

    const db = new BetterSqlite3(join(t.dir, 'sello.db'));
    expect(db.prepare('DELETE FROM settings WHERE key = ?').run(AUDIT_KEY_SETTING).changes).toBe(1);
    db.close();

    const again = open();
    cleanups.push(() => again.close());
    const alerts = again.sync.status().alerts;
    expect(alerts).toContainEqual(expect.objectContaining({ code: 'audit_chain_broken', level: 'critical' }));
    // It still issues: the chain goes on under a new key, the finding kept.
    expect(
      again.dtes.create('FC', { ...fcBody('a0000000-0000-4000-8000-000000000002'), generatedAt: undefined }, 'user:cajero').record.status,
    ).toBe('CREATED');
  });
});
