// A backup copied over a running `sello serve`'s database (issue 54: three sales acknowledged with 201 and then lost):
// on a real process, the next sale is a 503 saying what to do, nothing is acknowledged, and /sync/status carries the
// critical `store_replaced` alert until Sello restarts; the log says it once, not at every tick of the sync engine.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreHost, demoDir } from '../../main/core/core-host';
import { demoSimulator } from '../../main/mh-sim/demo';
import type { SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import { exitOf, startServe } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const api = (url: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, { ...init, headers: { 'X-API-Key': DEMO_KEY, 'Content-Type': 'application/json', ...init.headers } });
const issue = (url: string, n: number) =>
  api(url, '/dte/fc', {
    method: 'POST',
    body: JSON.stringify({ ...fcBody(`5e1f0000-0000-4000-8000-${String(n).padStart(12, '0')}`), generatedAt: undefined }),
  });

describe('a backup copied over the database of a running sello serve', () => {
  it('the next sale is refused with a 503 and the critical alert, and the log says it once', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const host = await createCoreHost({ demoMh: demoSimulator, baseDir: t.dir, deps: { backups: { everyMs: 0 }, sync: { manual: true } } });
    const copy = await host.current().backups.create('manual');
    await host.close();

    const s = await startServe(['--data-dir', t.dir, '--port', '0']);
    cleanups.push(async () => {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    });
    expect((await issue(s.url, 1)).status).toBe(201);
    expect((await issue(s.url, 2)).status).toBe(201);

    copyFileSync(copy.file, join(demoDir(t.dir), 'sello.db'));
    for (const n of [3, 4, 5]) {
      const r = await issue(s.url, n);
      expect(r.status).toBe(503);
      const body = (await r.json()) as { code: string; detail: string };
      expect(body.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.detail).toMatch(/reemplazado/);
      expect(body.detail).toMatch(/sello restore/);
    }
    const status = (await (await api(s.url, '/sync/status')).json()) as SyncStatus;
    expect(status.alerts[0]).toMatchObject({ code: 'store_replaced', level: 'critical' });
    expect(status.alerts[0]?.action).toMatch(/sello restore/);
    // Long enough for the sync engine and the schedulers to tick a few times.
    await new Promise((r) => setTimeout(r, 2500));
    expect(s.output().match(/database file was replaced/g)).toHaveLength(1);
  });
});
