// An invalidation whose answer was lost, the way the product runs (docs/decisions/0024-event-answer-lost.md): a real
// `sello serve` process with real timers against the MH simulator over HTTP. MH takes the event and the answer is
// lost (the connection cut, or the process killed while it was out); the engine resends it on its own and MH
// refuses the repeat in words that do not judge the event: in doubt, visible, never APPROVED.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteDetail, DteRecord, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

const KEY = 'lost-answer-key-0123456789';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let configFile: string;

beforeAll(async () => {
  sim = await startSimulator();
  dir = tempDir('sello-lost-answer-');
  configFile = stationFileFor(sim, dir.dir, KEY);
});
afterAll(async () => {
  await sim.close();
  dir.cleanup();
});

let serial = 0;
const nextId = () => `d0a50000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
const call = (url: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, { ...init, headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json', ...(init.headers ?? {}) } });
const get = async <T>(url: string, path: string) => (await call(url, path)).json() as Promise<T>;

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function approvedFc(url: string): Promise<string> {
  const id = nextId();
  const res = await call(url, '/dte/fc', { method: 'POST', body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }) });
  expect(res.status).toBe(201);
  await until(
    'the FC approved',
    () => get<DteRecord>(url, `/dte/${id}`),
    (d) => d.status === 'APPROVED',
  );
  return id;
}
const invalidate = (url: string, dteId: string) =>
  call(url, '/dte/invalidate', { method: 'POST', body: JSON.stringify({ dteId, reason: 'El cliente canceló la compra' }) });
const doubts = (url: string) => get<SyncStatus>(url, '/sync/status').then((s) => s.invalidationsInDoubt ?? []);

describe('an invalidation whose answer was lost, on a real sello serve', () => {
  it('one answer cut after MH took it, another send out when the process is killed: both in doubt, never APPROVED', async () => {
    const dataDir = join(dir.dir, 'data');
    sim.state.repeatInvalidation = 'not-processed';
    const first = await startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0']);
    try {
      // 1. MH processes the event and cuts the connection: 202, PENDING; the engine resends it on its own timer.
      const a = await approvedFc(first.url);
      sim.setMode('drop');
      const res = await invalidate(first.url, a);
      expect(res.status).toBe(202);
      expect(sim.state.invalidated.has(a.toUpperCase())).toBe(true);
      sim.setMode('normal');
      const [doubt] = await until(
        'the invalidation in doubt',
        () => doubts(first.url),
        (d) => d.length === 1,
      );
      expect(doubt).toMatchObject({ dteId: a, lookupUrl: expect.stringContaining('consultaPublica') as string });
      expect(doubt!.instructions).toContain('consulta pública de MH');
      expect((await get<DteRecord>(first.url, `/dte/${a}`)).status).toBe('INVALIDATED');

      // 2. MH takes the next one and answers late; the process is killed while it is out.
      const b = await approvedFc(first.url);
      sim.setMode('slow', 4000);
      const pending = invalidate(first.url, b).catch(() => null);
      await until(
        'MH holding the second invalidation',
        () => Promise.resolve(sim.state.invalidated.has(b.toUpperCase())),
        (v) => v,
        10_000,
      );
      first.child.kill('SIGKILL');
      await exitOf(first.child);
      await pending;
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
    sim.setMode('normal');
    const second = await startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0']);
    try {
      const listed = await until(
        'both in doubt after the restart',
        () => doubts(second.url),
        (d) => d.length === 2,
      );
      for (const d of listed) {
        expect((await get<DteRecord>(second.url, `/dte/${d.dteId}`)).status).toBe('INVALIDATED');
        expect((await get<DteDetail>(second.url, `/dte/${d.dteId}/detail`)).invalidation.doubt).toMatchObject({
          invalidationId: d.invalidationId,
        });
      }
      // A supervisor checked MH's public lookup: both are invalidated there.
      const login = await fetch(`${second.url}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'supervisor', password: 'demo-super' }),
      });
      expect(login.status).toBe(201);
      const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
      for (const d of listed) {
        const settled = await fetch(`${second.url}/dte/invalidations/${d.invalidationId}/settle`, {
          method: 'POST',
          headers: { cookie, 'Content-Type': 'application/json', 'X-API-Version': '1' },
          body: JSON.stringify({ outcome: 'INVALIDATED', note: 'Consulta pública: INVALIDADO' }),
        });
        expect(settled.status).toBe(200);
      }
      expect(await doubts(second.url)).toEqual([]);
      for (const d of listed) expect((await get<DteRecord>(second.url, `/dte/${d.dteId}`)).status).toBe('INVALIDATED');
    } finally {
      second.child.kill('SIGTERM');
      await exitOf(second.child);
    }
  }, 150_000);
});
