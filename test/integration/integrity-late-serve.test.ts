// A big station opens before SQLite's check of its file ends (decision 0042), on a real `sello serve` told to
// wait for no verdict (SELLO_INTEGRITY_GRACE_MS=0, as a million-document file makes it): a whole file serves as
// ever; a page damaged where the start never reads is found by the check while the station serves, and from then
// every create is a 503 saying so and naming the copy to restore, as the critical alert on /sync/status does.
import { closeSync, existsSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreHost, demoDir } from '../../main/core/core-host';
import type { SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import { exitOf, startServe } from '../support/serve-process';
import { demoSimulator } from '../../main/mh-sim/demo';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const api = (url: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, { ...init, headers: { 'X-API-Key': DEMO_KEY, 'Content-Type': 'application/json', ...init.headers } });
const issue = (url: string, n: number) =>
  api(url, '/dte/fc', {
    method: 'POST',
    body: JSON.stringify({ ...fcBody(`1a7e0000-0000-4000-8000-${String(n).padStart(12, '0')}`), generatedAt: undefined }),
  });
const alerts = async (url: string) => ((await (await api(url, '/sync/status')).json()) as SyncStatus).alerts;

async function serve(dir: string) {
  const s = await startServe(['--data-dir', dir, '--port', '0'], { SELLO_INTEGRITY_GRACE_MS: '0' });
  cleanups.push(async () => {
    s.child.kill('SIGTERM');
    await exitOf(s.child);
  });
  return s;
}

describe('a station that opens before its integrity check ends', () => {
  it('serves at once; damage found later stops issuing, on /sync/status and in the 503, naming the copy to restore', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    // The demo station with a catalog of 3,000 products and a copy, made in process and closed.
    const host = await createCoreHost({ demoMh: demoSimulator, baseDir: t.dir, deps: { backups: { everyMs: 0 }, sync: { manual: true } } });
    const rows = Array.from({ length: 3000 }, (_, i) => `Z${String(i).padStart(5, '0')},Producto de prueba ${i},1.00`);
    const imported = await host
      .current()
      .products.importFile({ format: 'csv', content: ['codigo,descripcion,precio_con_iva', ...rows].join('\n'), apply: true }, 'test');
    expect(imported.summary).toMatchObject({ create: 3000, error: 0 });
    const copy = await host.current().backups.create('manual');
    await host.close();

    // A whole file: the station serves, issues, and no alert of damage comes once its check has run.
    const whole = await serve(t.dir);
    expect((await issue(whole.url, 1)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await alerts(whole.url)).map((a) => a.code)).not.toContain('store_damaged');
    expect((await issue(whole.url, 2)).status).toBe(201);
    await cleanups.pop()!();

    // A leaf page of the catalog in the middle of the file, scribbled over as a failing disk would: the start
    // never reads it (the demo's first product is on the first page), SQLite's check does.
    const file = join(demoDir(t.dir), 'sello.db');
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0);
    const db = new BetterSqlite3(file, { readonly: true });
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const leaves = (
      db.prepare("SELECT pageno FROM dbstat WHERE name = 'products' AND pagetype = 'leaf' ORDER BY pageno").all() as { pageno: number }[]
    ).map((r) => r.pageno);
    db.close();
    expect(leaves.length).toBeGreaterThan(10);
    const page = leaves[Math.floor(leaves.length / 2)]!;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
    closeSync(fd);

    const damaged = await serve(t.dir);
    await expect
      .poll(async () => (await alerts(damaged.url)).find((a) => a.code === 'store_damaged'), { timeout: 15_000 })
      .toMatchObject({
        level: 'critical',
        message: expect.stringContaining('dañada') as string,
        action: expect.stringContaining(`sello restore --from "${copy.file}"`) as string,
      });
    const refused = await issue(damaged.url, 3);
    expect(refused.status).toBe(503);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe('SERVICE_UNAVAILABLE');
    expect(problem.detail).toContain('dañada');
    expect(problem.detail).toContain(`sello restore --from "${copy.file}"`);
    // No event is signed on it either: an invalidation is refused the same way.
    const invalidation = await api(damaged.url, '/dte/invalidate', {
      method: 'POST',
      body: JSON.stringify({ dteId: '1a7e0000-0000-4000-8000-000000000001', type: 2 }),
    });
    expect(invalidation.status).toBe(503);
    expect(((await invalidation.json()) as { detail: string }).detail).toContain('dañada');
    // What was issued before stays readable; nothing was added on top of the damaged file.
    const listed = (await (await api(damaged.url, '/dte?limit=50')).json()) as { items: { id: string }[] };
    expect(listed.items.map((d) => d.id).sort()).toEqual(['1a7e0000-0000-4000-8000-000000000001', '1a7e0000-0000-4000-8000-000000000002']);
  }, 90_000);
});
