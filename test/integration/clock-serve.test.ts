// A wrong clock on a real `sello serve` process (SELLO_CLOCK_OFFSET_MS) against the MH simulator over HTTP:
// the station reads MH's time from its first answer, says so on GET /sync/status, and refuses what MH would
// reject; a contingency whose clock was corrected in the middle still reaches MH as a coherent event.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DteRecord, StationAlert, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { ROOT, exitOf, startServe, startSimulatorProcess } from '../support/serve-process';

const KEY = 'clock-serve-key-0123456789';
const HOUR = 3_600_000;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let configFile: string;
let running: Awaited<ReturnType<typeof startServe>>[] = [];
let serial = 0;
const nextId = () => `c10c5e00-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
  dir = tempDir('sello-clock-serve-');
  configFile = stationFileFor(sim, dir.dir, KEY);
});
afterEach(async () => {
  for (const s of running) {
    s.child.kill('SIGTERM');
    await exitOf(s.child);
  }
  running = [];
  sim.setMode('normal');
});
afterAll(async () => {
  await sim.close();
  dir.cleanup();
});

async function station(dataDir: string, offsetMs: number) {
  const s = await startServe(['--config', configFile, '--data-dir', join(dir.dir, dataDir), '--port', '0'], {
    SELLO_CLOCK_OFFSET_MS: String(offsetMs),
    SELLO_LOTE_POLL_MS: '300',
  });
  running.push(s);
  return s;
}
const get = async <T>(url: string, path: string): Promise<T> =>
  (await (await fetch(`${url}${path}`, { headers: { 'X-API-Key': KEY } })).json()) as T;
const createFc = (url: string, id = nextId()) =>
  fetch(`${url}/dte/fc`, {
    method: 'POST',
    headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }),
  });
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const alertsOf = (url: string) => get<SyncStatus>(url, '/sync/status').then((s) => s.alerts);
const clockAlerts = (alerts: readonly StationAlert[]) => alerts.filter((a) => a.code.startsWith('clock_'));

describe('sello serve with a wrong clock', () => {
  for (const [name, offset, words] of [
    ['a day ahead', 24 * HOUR, /adelantado 1 día/],
    ['two days behind', -48 * HOUR, /atrasado 2 días/],
  ] as const) {
    it(`${name}: clock_refused on GET /sync/status after MH's first answer, and creates refused with 503 instead of a 009`, async () => {
      const before = sim.state.documents.size;
      const s = await station(`data-${offset}`, offset);
      // The station asks MH's time as it starts: no document has to be sacrificed to learn it.
      const alerts = await until(
        'clock_refused',
        () => alertsOf(s.url),
        (a) => a.some((x) => x.code === 'clock_refused'),
      );
      const refused = clockAlerts(alerts);
      expect(refused.map((a) => [a.code, a.level])).toEqual([['clock_refused', 'critical']]);
      expect(refused[0]?.message).toMatch(words);
      expect(refused[0]?.action).toMatch(/Corrija la fecha y la hora de esta computadora/);

      const res = await createFc(s.url);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const problem = (await res.json()) as { code: string; detail: string };
      expect(problem.code).toBe('STATION_NOT_READY');
      expect(problem.detail).toMatch(words);
      expect(problem.detail).toMatch(/no se emitió ni se gastó su número/);
      // Nothing stored, nothing handed to MH to be rejected.
      expect((await get<{ items: DteRecord[] }>(s.url, '/dte?limit=10')).items).toEqual([]);
      await new Promise((r) => setTimeout(r, 500));
      expect(sim.state.documents.size).toBe(before);
    }, 90_000);
  }

  it('a few minutes behind: only the clock_skew warning, and documents are issued and sealed', async () => {
    const s = await station('data-minutes', -4 * 60_000);
    const alerts = await until(
      'clock_skew',
      () => alertsOf(s.url),
      (a) => a.some((x) => x.code === 'clock_skew'),
    );
    expect(clockAlerts(alerts).map((a) => [a.code, a.level])).toEqual([['clock_skew', 'warning']]);
    expect(clockAlerts(alerts)[0]?.message).toMatch(/atrasado 4 minutos/);
    const id = nextId();
    expect((await createFc(s.url, id)).status).toBe(201);
    await until(
      'sealed',
      () => get<DteRecord>(s.url, `/dte/${id}`),
      (d) => d.status === 'APPROVED',
    );
    expect(sim.state.documents.get(id.toUpperCase())?.accepted).toBe(true);
  }, 90_000);

  it('a contingency with the clock corrected in the middle: the event does not end before it starts, and MH seals it', async () => {
    // A fresh MH: every station here numbers from 1, and MH refuses a control number it already holds.
    await sim.close();
    sim = await startSimulator({ loteDelayMs: 50 });
    mkdirSync(join(dir.dir, 'fresh'));
    configFile = stationFileFor(sim, join(dir.dir, 'fresh'), KEY);
    sim.setMode('down');
    const ids = [nextId(), nextId(), nextId()];
    // Twenty minutes ahead: a warning (MH's 503 pages carry its time too), documents still issue.
    const ahead = await station('data-contingency', 20 * 60_000);
    await until(
      'clock_skew',
      () => alertsOf(ahead.url),
      (a) => a.some((x) => x.code === 'clock_skew'),
    );
    for (const id of ids.slice(0, 2)) expect((await createFc(ahead.url, id)).status).toBe(201);
    await until(
      'contingency',
      () => get<SyncStatus>(ahead.url, '/sync/status'),
      (st) => st.state === 'contingency',
      60_000,
    );
    ahead.child.kill('SIGTERM');
    await exitOf(ahead.child);
    running = [];

    // Someone corrects the clock and the station starts again, still in contingency.
    const right = await station('data-contingency', 0);
    expect((await get<SyncStatus>(right.url, '/sync/status')).state).toBe('contingency');
    expect((await createFc(right.url, ids[2])).status).toBe(201);
    sim.setMode('normal');
    for (const id of ids)
      await until(
        `${id} sealed`,
        () => get<DteRecord>(right.url, `/dte/${id}`),
        (d) => d.status === 'APPROVED',
        60_000,
      );

    const events = [...sim.state.events.values()] as { motivo: { fInicio: string; hInicio: string; fFin: string; hFin: string } }[];
    expect(events).toHaveLength(1);
    const m = events[0]?.motivo;
    expect(`${m?.fFin}T${m?.hFin}` >= `${m?.fInicio}T${m?.hInicio}`).toBe(true);
    // The period holds every document's own time, those issued twenty minutes ahead included.
    for (const id of ids) {
      const jws = sim.state.documents.get(id.toUpperCase())?.jws ?? '';
      const doc = JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
        identificacion: { fecEmi: string; horEmi: string };
      };
      const at = `${doc.identificacion.fecEmi}T${doc.identificacion.horEmi}`;
      expect(at >= `${m?.fInicio}T${m?.hInicio}` && at <= `${m?.fFin}T${m?.hFin}`).toBe(true);
    }
    // MH now says the clock is right: no clock alert, though the first documents are dated ahead of it.
    expect(clockAlerts(await alertsOf(right.url))).toEqual([]);
  }, 240_000);

  it('the clock offsets are read as given: sello mh-sim --clock-offset-ms, and a bad SELLO_CLOCK_OFFSET_MS stops serve', async () => {
    const behind = await startSimulatorProcess(['--port', '0', `--clock-offset-ms=${-48 * HOUR}`]);
    running.push(behind);
    const res = await fetch(`${behind.url}/seguridad/auth`, { method: 'POST' });
    expect(Math.abs(Date.parse(res.headers.get('date') ?? '') - (Date.now() - 48 * HOUR))).toBeLessThan(5_000);
    const bad = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'main', 'cli', 'main.ts'),
        'serve',
        '--config',
        configFile,
        '--data-dir',
        join(dir.dir, 'bad'),
        '--port',
        '0',
      ],
      { cwd: ROOT, env: { ...process.env, SELLO_CLOCK_OFFSET_MS: 'ayer' }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/SELLO_CLOCK_OFFSET_MS: se esperaba un número entero/);
  }, 90_000);
});
