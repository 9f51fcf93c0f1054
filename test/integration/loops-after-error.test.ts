// Issue 31: no background loop retries at once after an error, and with nothing to do none runs at all. A real
// core on real SQLite and real timers; the store refuses the loops' own writes through a trigger added from a
// second connection (as a full disk refuses them), while creates go on. The process test with a disk filled for
// real is disk-full-process.test.ts.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import type { Logger } from '../../main/core/logger';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';

interface Line {
  readonly level: string;
  readonly message: string;
}
function recorder(): Logger & { lines: Line[]; count: (message: string) => number } {
  const lines: Line[] = [];
  const at = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, count: (m) => lines.filter((l) => l.message === m).length, info: at('info'), warn: at('warn'), error: at('error') };
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.reverse()) c();
  cleanup = [];
});

function station() {
  const t = tempDir();
  const logger = recorder();
  const core: Core = createCore({ dataDir: t.dir, clock: fixedClock(), logger, backups: { everyMs: 0 } });
  const db = new BetterSqlite3(join(t.dir, 'sello.db'));
  cleanup.push(() => {
    db.close();
    core.close();
    t.cleanup();
  });
  let n = 0;
  const issue = (count: number) => {
    for (let i = 0; i < count; i++) core.dtes.create('FC', fcBody(`10095000-0000-4000-8000-${String(++n).padStart(12, '0')}`), 'test');
  };
  const cursor = (table: 'webhook_cursor' | 'delivery_cursor') => (db.prepare(`SELECT seq FROM ${table}`).get() as { seq: number }).seq;
  const lastEvent = () => (db.prepare('SELECT max(seq) AS s FROM document_events').get() as { s: number }).s;
  return { core, db, logger, issue, cursor, lastEvent };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('background loops after an error', () => {
  it('the webhook sender with no webhook configured writes nothing, even with its cursor refused', async () => {
    const s = station();
    s.issue(3);
    // Its cursor cannot move: with a webhook this is the failure that used to spin.
    s.db.exec(
      `CREATE TRIGGER refuse_webhook_cursor BEFORE UPDATE ON webhook_cursor BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`,
    );
    s.issue(3);
    await sleep(1_500);
    expect(s.logger.count('webhook run failed')).toBe(0);
    expect(s.cursor('webhook_cursor')).toBe(0);
    // A webhook registered now starts from the present: the events of the idle time are not owed to it.
    s.db.exec('DROP TRIGGER refuse_webhook_cursor');
    s.core.webhooks.create({ url: 'http://127.0.0.1:9/hook', events: ['dte.approved'] }, 'admin');
    expect(s.cursor('webhook_cursor')).toBe(s.lastEvent());
  });

  it('the webhook sender, the e-mail queue and the search index back off after a failed run, and recover', async () => {
    const s = station();
    s.core.webhooks.create({ url: 'http://127.0.0.1:9/hook', events: ['dte.approved'] }, 'admin');
    s.db.exec(`
      CREATE TRIGGER refuse_webhook_cursor BEFORE UPDATE ON webhook_cursor BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
      CREATE TRIGGER refuse_delivery_cursor BEFORE UPDATE ON delivery_cursor BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
      CREATE TRIGGER refuse_search_pending BEFORE DELETE ON search_pending BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
    `);
    // Creates keep coming (each one wakes every loop) while the loops' own writes fail, for three seconds.
    const started = Date.now();
    while (Date.now() - started < 3_000) {
      s.issue(1);
      await sleep(50);
    }
    // A loop retrying at once runs thousands of times in three seconds; backing off from 1 s, a handful.
    for (const message of ['webhook run failed', 'delivery run failed', 'search index catch-up failed']) {
      const runs = s.logger.count(message);
      expect(runs, message).toBeGreaterThanOrEqual(1);
      expect(runs, message).toBeLessThanOrEqual(5);
    }
    // The store takes writes again: each loop catches up on its own, at its next try.
    s.db.exec('DROP TRIGGER refuse_webhook_cursor; DROP TRIGGER refuse_delivery_cursor; DROP TRIGGER refuse_search_pending;');
    await expect.poll(() => s.cursor('webhook_cursor'), { timeout: 15_000 }).toBe(s.lastEvent());
    await expect.poll(() => s.cursor('delivery_cursor'), { timeout: 15_000 }).toBe(s.lastEvent());
    await expect
      .poll(() => (s.db.prepare('SELECT count(*) AS n FROM search_pending').get() as { n: number }).n, { timeout: 15_000 })
      .toBe(0);
  }, 40_000);
});
