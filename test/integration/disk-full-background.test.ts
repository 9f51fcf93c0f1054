// Issue 54, item 5 (docs/decisions/0070-station-faults-said-aloud.md): a background writer (the hub's replicator)
// whose write SQLite refuses for lack of space (a real SQLITE_FULL: the file capped at the pages it has) logs one
// line saying so, with no stack, and raises `disk_low` at once through the disk watch. The front doors' 507 is
// proven by test/integration/disk-full-process.test.ts.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StationHeartbeat } from '../../shared/hub';
import { createReplicator } from '../../main/core/replication/replicator';
import { openStore, type Store } from '../../main/core/store/database';
import { diskWatch } from '../../main/core/store/disk-space';
import { logFailure } from '../../main/core/store/out-of-space';
import { fixedClock, tempDir } from '../support/core';

const dir = tempDir();
let store: Store | null = null;
let hub: Server | null = null;
afterEach(async () => {
  store?.close();
  store = null;
  if (hub) await new Promise((r) => hub?.close(r));
  hub = null;
});

/** Fills the file up to SQLite's page cap, so the next write that needs a page is refused with SQLITE_FULL. */
function fillUp(s: Store): void {
  const pages = s.sqlite.pragma('page_count', { simple: true }) as number;
  s.sqlite.pragma(`max_page_count = ${pages + 8}`);
  // The settings' last leaf filled to the byte: the replicator's key sorts after these and needs a new page.
  const put = s.sqlite.prepare('INSERT INTO settings (key, value) VALUES (?, substr(hex(zeroblob(?)), 1, ?))');
  let n = 0;
  for (const size of [2048, 256, 16, 1]) {
    try {
      for (;;) put.run(`ballast.${String(++n).padStart(8, '0')}`, size, size);
    } catch (e) {
      expect((e as { code?: string }).code).toBe('SQLITE_FULL');
    }
  }
}

const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
const logger = {
  info: (message: string, fields: Record<string, unknown> = {}) => lines.push({ level: 'info', message, fields }),
  warn: (message: string, fields: Record<string, unknown> = {}) => lines.push({ level: 'warn', message, fields }),
  error: (message: string, fields: Record<string, unknown> = {}) => lines.push({ level: 'error', message, fields }),
};

describe('a full disk under a background writer', () => {
  it('the replicator logs one line, no stack, and the disk watch raises disk_low', async () => {
    lines.length = 0;
    const clock = fixedClock();
    store = openStore(join(dir.dir, 'sello.db'));
    hub = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((r) => hub?.listen(0, '127.0.0.1', r));
    const address = hub.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const disk = diskWatch({ dir: dir.dir, clock, logger, freeBytes: () => 10 * 1024 ** 3, changed: () => {} });
    const replicator = createReplicator({
      store,
      clock,
      logger,
      fetch,
      hub: () => ({ url, token: 'token-de-prueba-0123456789' }),
      random: () => 0,
      heartbeat: () => ({ reportedAt: '2026-11-22T09:30:00-06:00', sync: { state: 'online' } }) as unknown as StationHeartbeat,
      manual: true,
      diskFull: () => disk.writeFailed(),
    });
    expect(disk.alerts()).toEqual([]);
    fillUp(store);
    // The hub takes the report; writing when it was reached is what the full file refuses.
    await replicator.runOnce();
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('hub replication run failed: the data folder disk is full');
    expect(String(errors[0]!.fields.error)).toMatch(/full/i);
    expect(String(errors[0]!.fields.error)).not.toMatch(/\n\s+at /);
    const [alert] = disk.alerts();
    expect(alert).toMatchObject({ code: 'disk_low', level: 'critical' });
    expect(alert?.message).toMatch(/disco .* lleno/);
    replicator.stop();
    disk.stop();
  });

  it('anything else keeps its stack: a bug is still a bug', () => {
    lines.length = 0;
    let told = 0;
    logFailure(logger, 'delivery run failed', new TypeError('x is undefined'), () => (told += 1));
    expect(lines).toHaveLength(1);
    expect(String(lines[0]!.fields.error)).toMatch(/TypeError: x is undefined\n\s+at /);
    expect(told).toBe(0);
    logFailure(
      logger,
      'webhook schedule failed',
      Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }),
      () => (told += 1),
    );
    expect(lines[1]).toEqual({
      level: 'error',
      message: 'webhook schedule failed: the data folder disk is full',
      fields: { error: 'no space left on device' },
    });
    expect(told).toBe(1);
  });
});
