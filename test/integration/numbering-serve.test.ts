// Numbering that never collides in silence (docs/decisions/0029-numbering-never-collides-silently.md), the way
// the product runs: real `sello serve` processes, killed for real, `sello restore` as a command, the MH simulator
// over HTTP. A new PC for a point of sale that already issued and a restored copy wait for an ADMIN; a collision
// that does happen ends REJECTED with MH's words, is never resent, and an ADMIN's number moves the sequence on.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumberingView } from '../../shared/numbering';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, ROOT, startServe } from '../support/serve-process';

const KEY = 'numbering-test-key-0123456789';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
  dir = tempDir('sello-numbering-');
});
afterAll(async () => {
  await sim.close();
  dir.cleanup();
});

let serial = 0;
const nextId = () => `a0b10000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
type Served = Awaited<ReturnType<typeof startServe>>;

const post = (s: Served, path: string, body: unknown, headers: Record<string, string> = { 'X-API-Key': KEY }) =>
  fetch(`${s.url}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const put = (s: Served, path: string, body: unknown, cookie: string) =>
  fetch(`${s.url}${path}`, { method: 'PUT', headers: { cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const get = async <T>(s: Served, path: string, cookie?: string): Promise<T> =>
  (await fetch(`${s.url}${path}`, { headers: cookie ? { cookie } : { 'X-API-Key': KEY } })).json() as Promise<T>;
const issue = (s: Served, id = nextId()) => post(s, '/dte/fc', { ...fcBody(id), generatedAt: undefined });

async function adminCookie(s: Served): Promise<string> {
  const res = await post(s, '/session', { login: 'admin', password: 'demo-admin' }, {});
  expect(res.status).toBe(201);
  return String(res.headers.get('set-cookie')).split(';')[0]!;
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const final = (s: Served, id: string) =>
  until(
    () => get<DteRecord>(s, `/dte/${id}`),
    (d) => d.status !== 'CREATED' && d.status !== 'PROCESSING',
  );

/** A first PC that issues `n` documents, all sealed, then dies (SIGKILL): MH holds its numbers. */
async function firstPcIssued(name: string, n: number): Promise<{ dataDir: string; config: string; ids: string[] }> {
  const config = stationFileFor(sim, cfgDir(name), KEY);
  const dataDir = join(dir.dir, name);
  const s = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = nextId();
    expect((await issue(s, id)).status).toBe(201);
    ids.push(id);
  }
  for (const id of ids) expect((await final(s, id)).status).toBe('APPROVED');
  s.child.kill('SIGKILL');
  await exitOf(s.child);
  return { dataDir, config, ids };
}

/** A new PC for the same point of sale: a station file that does not say it is new, in an empty data folder. */
function newPcConfig(name: string): string {
  return stationFileFor(sim, cfgDir(name), KEY, { newPointOfSale: undefined });
}

// Asymmetric matchers typed as what they are compared with (vitest types them any).
const matching = (re: RegExp): unknown => expect.stringMatching(re);
const containing = (o: Record<string, unknown>): unknown => expect.objectContaining(o);

/** A folder for one PC's station file and certificate. */
const cfgDir = (name: string) => {
  const d = join(dir.dir, `${name}-cfg`);
  mkdirSync(d, { recursive: true });
  return d;
};

/** A `sello` command as its own process (not blocking this one: the MH simulator lives here). */
const sello = async (...args: string[]): Promise<{ status: number; stdout: string }> => {
  try {
    const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), ...args], {
      cwd: ROOT,
    });
    return { status: 0, stdout: r.stdout };
  } catch (e) {
    return { status: (e as { code?: number }).code ?? 1, stdout: String((e as { stdout?: string }).stdout ?? '') };
  }
};

const alertsOf = async (s: Served) => (await get<SyncStatus>(s, '/sync/status')).alerts;
const controlsAtMh = () => [...sim.state.controlNumbers.keys()];

describe('numbering on a real sello serve', { timeout: 150_000 }, () => {
  it("a new data folder for a point of sale that issued refuses to issue until an ADMIN types MH's last number", async () => {
    const before = await firstPcIssued('pc1', 3);
    const s = await startServe(['--config', newPcConfig('pc2'), '--data-dir', join(dir.dir, 'pc2'), '--port', '0']);
    try {
      const refused = await issue(s);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'NUMBERING_BLOCKED', detail: matching(/Ajustes → Numeración/) });
      expect(await alertsOf(s)).toEqual([containing({ code: 'numbering_unconfirmed', level: 'critical' })]);

      const cookie = await adminCookie(s);
      // Bad input names the field and changes nothing.
      const bad = await put(s, '/settings/numbering', { last: { FC: -1 } }, cookie);
      expect(bad.status).toBe(422);
      expect(await bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [containing({ path: 'last.FC' })] });
      // A folder whose point of sale issued cannot be confirmed "new" once… but here nothing was issued yet: the
      // ADMIN types MH's last number instead, as the alert says.
      const typed = await put(s, '/settings/numbering', { last: { FC: 3 } }, cookie);
      expect(typed.status).toBe(200);
      expect(await typed.json()).toMatchObject({ confirmed: true, sequences: [containing({ kind: 'FC', last: 3 })] });
      expect(await alertsOf(s)).toEqual([]);

      const id = nextId();
      expect((await issue(s, id)).status).toBe(201);
      const sealed = await final(s, id);
      expect(sealed).toMatchObject({ status: 'APPROVED', controlNumber: matching(/-000000000000004$/) });
      expect(before.ids).toHaveLength(3);
      expect(controlsAtMh()).toHaveLength(new Set(controlsAtMh()).size);
    } finally {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    }
  });

  it("a collision that happens ends REJECTED with MH's words, is never resent, and stops its sequence until moved past MH's", async () => {
    const atMhBefore = controlsAtMh().length;
    const s = await startServe(['--config', newPcConfig('pc3'), '--data-dir', join(dir.dir, 'pc3'), '--port', '0']);
    try {
      const cookie = await adminCookie(s);
      // The ADMIN says "new point of sale" by mistake: numbers start at 1, which MH already holds.
      expect((await put(s, '/settings/numbering', { newPointOfSale: true }, cookie)).status).toBe(200);
      const sendsBefore = sim.state.counts.recepciondte ?? 0;
      const collided = nextId();
      expect((await issue(s, collided)).status).toBe(201);
      const rejected = await final(s, collided);
      expect(rejected).toMatchObject({
        status: 'REJECTED',
        controlNumber: matching(/-000000000000001$/),
        mhResponse: {
          estado: 'RECHAZADO',
          descripcionMsg: matching(/numeroControl\] YA EXISTE/),
          motivo: matching(/MH ya tiene otro documento con el número de control DTE-01-.*-000000000000001/),
        },
      });
      const alerts = await alertsOf(s);
      expect(alerts).toEqual([
        containing({
          code: 'numbering_collision',
          level: 'critical',
          message: matching(/000000000000001.*YA EXISTE/),
        }),
      ]);
      // No resend loop: one send, then nothing more for this document, on real timers.
      const sendsAfter = sim.state.counts.recepciondte ?? 0;
      expect(sendsAfter - sendsBefore).toBe(1);
      await new Promise((r) => setTimeout(r, 3_000));
      expect(sim.state.counts.recepciondte ?? 0).toBe(sendsAfter);
      expect((await get<DteRecord>(s, `/dte/${collided}`)).status).toBe('REJECTED');

      // The sequence is stopped: no more numbers are spent in it.
      const blocked = await issue(s);
      expect(blocked.status).toBe(409);
      expect(await blocked.json()).toMatchObject({ code: 'NUMBERING_BLOCKED', detail: matching(/000000000000001/) });
      // MH's last cannot be below the number it refused.
      const low = await put(s, '/settings/numbering', { last: { FC: 0 } }, cookie);
      expect(low.status).toBe(422);
      expect(await low.json()).toMatchObject({ errors: [containing({ path: 'last.FC' })] });
      expect(await alertsOf(s)).toHaveLength(1);

      // The ADMIN types MH's last number: the next documents are sealed past it.
      const mhLast = atMhBefore;
      expect((await put(s, '/settings/numbering', { last: { FC: mhLast } }, cookie)).status).toBe(200);
      // Numbering goes on; the alert stays, as a warning, until MH seals a document past the collision (issue 54).
      expect(await alertsOf(s)).toEqual([containing({ code: 'numbering_collision', level: 'warning' })]);
      const next = [nextId(), nextId()];
      for (const id of next) expect((await issue(s, id)).status).toBe(201);
      for (const [i, id] of next.entries())
        expect(await final(s, id)).toMatchObject({
          status: 'APPROVED',
          controlNumber: matching(new RegExp(`-${String(mhLast + 1 + i).padStart(15, '0')}$`)),
        });
      expect(await alertsOf(s)).toEqual([]);
      // Nothing left in flight without a reason, no control number twice at MH.
      const status = await get<SyncStatus>(s, '/sync/status');
      expect(status.queue).toMatchObject({ pending: 0, sending: 0, unknown: 0 });
      expect(controlsAtMh()).toHaveLength(atMhBefore + 2);
    } finally {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    }
  });

  it("`sello restore` of an older copy waits for an ADMIN, then numbers past MH's last", async () => {
    const config = stationFileFor(sim, cfgDir('pc4'), KEY, { branch: { mhCode: 'M002', posNumber: 1, establishmentType: '02' } });
    const dataDir = join(dir.dir, 'pc4');
    let s = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    const first = nextId();
    expect((await issue(s, first)).status).toBe(201);
    expect((await final(s, first)).status).toBe('APPROVED');
    expect((await sello('backup', '--data-dir', dataDir)).status).toBe(0);
    const copy = join(
      dataDir,
      'backups',
      readdirSync(join(dataDir, 'backups')).find((f) => f.endsWith('.db'))!,
    );
    const later = [nextId(), nextId()];
    for (const id of later) expect((await issue(s, id)).status).toBe(201);
    for (const id of later) expect((await final(s, id)).status).toBe('APPROVED');
    s.child.kill('SIGTERM');
    await exitOf(s.child);

    const restored = await sello('restore', '--from', copy, '--data-dir', dataDir);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/la numeración espera/);
    const receptionsBefore = sim.state.counts.recepciondte ?? 0;
    s = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    try {
      const refused = await issue(s);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'NUMBERING_BLOCKED', detail: matching(/restauró/) });
      expect(await alertsOf(s)).toEqual([containing({ code: 'numbering_unconfirmed', message: matching(/restauró/) })]);
      const cookie = await adminCookie(s);
      // The copy issued: "new point of sale" is refused, naming the field.
      const asNew = await put(s, '/settings/numbering', { newPointOfSale: true }, cookie);
      expect(asNew.status).toBe(422);
      expect(await asNew.json()).toMatchObject({ errors: [containing({ path: 'newPointOfSale' })] });
      expect((await put(s, '/settings/numbering', { last: { FC: 3 } }, cookie)).status).toBe(200);
      // What the copy lacks is listed: the two documents issued after it, which MH holds (issue 54).
      const lacks = containing({
        code: 'restored_copy_lacks',
        level: 'warning',
        message: matching(/FC 2026 .*del 2 hasta el 3, el último que MH tiene/),
      });
      expect(await alertsOf(s)).toEqual([lacks]);
      expect((await get<NumberingView>(s, '/settings/numbering', cookie)).lacking).toEqual([
        { year: 2026, kind: 'FC', branchCode: 'M002', posNumber: 1, from: 2, to: 3, source: 'admin' },
      ]);
      // Nothing of the copy was sent to MH again: it held no document MH did not have.
      expect(sim.state.counts.recepciondte ?? 0).toBe(receptionsBefore);
      const id = nextId();
      expect((await issue(s, id)).status).toBe(201);
      expect(await final(s, id)).toMatchObject({ status: 'APPROVED', controlNumber: matching(/M002P001-000000000000004$/) });
      expect(sim.state.counts.recepciondte ?? 0).toBe(receptionsBefore + 1);
      // Reviewed: the list and its alert go; only an ADMIN may say so, and one thing at a time.
      expect((await put(s, '/settings/numbering', { lackingReviewed: true, last: { FC: 3 } }, cookie)).status).toBe(422);
      expect(await alertsOf(s)).toEqual([lacks]);
      expect((await put(s, '/settings/numbering', { lackingReviewed: true }, cookie)).status).toBe(200);
      expect(await alertsOf(s)).toEqual([]);
    } finally {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    }
  });
});
