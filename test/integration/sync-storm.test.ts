// The storm against the real process: `sello serve` as a child process, clients issuing every kind (retrying the
// same id after a lost connection, as a POS does) and invalidating, MH's weather changed every 1.5 s, two
// SIGKILLs and restarts, then MH away (the idle process must cost under a tenth of a core), then MH up until
// everything is final. The sync simulation's invariants are checked over HTTP. `SELLO_STORM_SECONDS` makes the
// storm longer (CI runs 12 s).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteKind } from '../../shared/contract';
import type { DteRecord, SyncStatus } from '../../shared/records';
import type { SimMode } from '../../main/mh-sim/state';
import { DEMO_STATION } from '../../main/core/station/demo';
import { todayBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { prng } from '../support/sync-sim/prng';
import { exitOf, startServe } from '../support/serve-process';

const KEY = 'storm-test-key-0123456789';
const STORM_MS = Number(process.env.SELLO_STORM_SECONDS ?? 12) * 1000;
const nit = DEMO_STATION.company.nit;
const credentials = new Map([[nit, 'Api#Clave2026']]);
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let configFile: string;

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 200, credentials });
  dir = tempDir('sello-storm-');
  configFile = stationFileFor(sim, dir.dir, KEY);
});
afterAll(async () => {
  await sim.close();
  dir.cleanup();
});

const rng = prng(Number(process.env.SELLO_STORM_SEED ?? 7));
const headers = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let serial = 0;
const nextId = () => `57a00000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
const PATHS: Record<DteKind, string> = {
  FC: 'fc',
  CCF: 'ccf',
  NC: 'nc',
  ND: 'nd',
  CR: 'cr',
  FSE: 'fse',
  FEX: 'fex',
  NR: 'nr',
  CL: 'cl',
  DCL: 'dcl',
  CD: 'cd',
};

/** The station's current address; a restart changes it, and clients follow. */
let url = '';
const acknowledged = new Map<string, DteKind>();
const ccfs: string[] = [];

/** One POS client: issues, and after a lost connection sends the same request again until it has an answer. */
async function client(until: () => boolean, problems: string[]) {
  while (!until()) {
    let kind = rng.pick(['FC', 'FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX'] as const);
    if ((kind === 'NC' || kind === 'ND') && !ccfs.length) kind = 'CCF';
    const id = nextId();
    const body = JSON.stringify(todayBody(kind, id, kind === 'NC' || kind === 'ND' ? rng.pick(ccfs) : null));
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        const res = await fetch(`${url}/dte/${PATHS[kind]}`, { method: 'POST', headers, body });
        if (res.status === 201 || res.status === 200) {
          acknowledged.set(id, kind);
          if (kind === 'CCF') ccfs.push(id);
        } else if (res.status !== 422) problems.push(`${kind} ${id}: HTTP ${res.status} ${await res.text()}`);
        break;
      } catch {
        await sleep(100); // the station is restarting: the same request again
      }
    }
    // Now and then, invalidate something MH approved (202 when MH is away: the engine sends it later).
    if (rng.chance(0.08)) {
      try {
        const page = (await (await fetch(`${url}/dte?status=APPROVED&limit=20`, { headers })).json()) as { items: DteRecord[] };
        const target = page.items.length ? rng.pick(page.items) : null;
        if (target) {
          const res = await fetch(`${url}/dte/invalidate`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ dteId: target.id, reason: 'Anulación durante la tormenta' }),
          });
          if (res.status >= 500) problems.push(`invalidate: HTTP ${res.status} ${await res.text()}`);
        }
      } catch {
        // restarting
      }
    }
  }
}

function setWeather(w: SimMode | 'refuse-login') {
  credentials.set(nit, w === 'refuse-login' ? 'otra-clave' : 'Api#Clave2026');
  if (w === 'refuse-login') sim.state.tokens.clear();
  sim.setMode(w === 'refuse-login' ? 'normal' : w, 300);
}

/** CPU seconds the process used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${url}${path}`, { headers })).json()) as T;

async function allDocuments(): Promise<DteRecord[]> {
  const all: DteRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: DteRecord[]; nextCursor: string | null } = await get(`/dte?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

describe('the storm, against the real process', () => {
  it('keeps every invariant through MH weather and two SIGKILLs, and idles while MH is away', async () => {
    const dataDir = join(dir.dir, 'data');
    const env = { SELLO_LOTE_POLL_MS: '500' };
    const start = () => startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0'], env);
    let station = await start();
    url = station.url;
    const diedByItself: string[] = [];
    let stopping = false;
    const watch = (s: typeof station) =>
      s.child.once(
        'exit',
        (code, signal) => signal !== 'SIGKILL' && !stopping && diedByItself.push(`exit ${code} ${signal}\n${s.output().slice(-2000)}`),
      );
    watch(station);
    const problems: string[] = [];
    const t0 = Date.now();
    let kills = 0;
    // Both kills happen inside the storm however slowly a loaded machine restarts the station: it lasts until then.
    const stormOver = () => Date.now() - t0 > STORM_MS && kills >= 2;
    const clients = Promise.all([client(stormOver, problems), client(stormOver, problems), client(stormOver, problems)]);
    const weathers: (SimMode | 'refuse-login')[] = ['normal', 'down', 'drop', 'slow', 'flaky', 'reject', 'refuse-login', 'observations'];
    while (!stormOver()) {
      setWeather(rng.pick(weathers));
      await sleep(1500);
      if (kills < 2 && Date.now() - t0 > ((kills + 1) * STORM_MS) / 3) {
        kills += 1;
        station.child.kill('SIGKILL');
        await exitOf(station.child);
        station = await start();
        url = station.url;
        watch(station);
      }
    }
    await clients;
    expect(kills).toBe(2);
    expect(acknowledged.size).toBeGreaterThan(20);

    // MH away with nothing left to issue: the station waits on its backoff and costs next to nothing.
    setWeather('down');
    await sleep(3000);
    const pid = station.child.pid ?? 0;
    const cpuBefore = cpuSeconds(pid);
    const idleMs = 10_000;
    await sleep(idleMs);
    const idleCores = (cpuSeconds(pid) - cpuBefore) / (idleMs / 1000);
    const away = await get<SyncStatus>('/sync/status');
    expect(away.state, JSON.stringify(away)).not.toBe('online');
    expect(idleCores).toBeLessThan(0.1);

    // MH up for good: everything reaches a final status. A lote a SIGKILL or a dropped answer cut short waits
    // MH's processing time (LOTE_PROCESSING_MS, 3 minutes) before its documents are asked about one by one: the
    // wait allows for it, and ends as soon as nothing is left.
    setWeather('normal');
    let status = await get<SyncStatus>('/sync/status');
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      status = await get<SyncStatus>('/sync/status');
      const q = status.queue;
      if (q.pending + q.sending + q.unknown + q.invalidations === 0 && status.contingencies.length === 0) break;
      await sleep(500);
    }
    const docs = await allDocuments();
    stopping = true;
    station.child.kill('SIGTERM');
    await exitOf(station.child);

    expect(problems).toEqual([]);
    expect(diedByItself).toEqual([]);
    expect(status.contingencies, JSON.stringify(status)).toEqual([]);
    const byId = new Map(docs.map((d) => [d.id, d]));
    expect(byId.size).toBe(docs.length);
    for (const [id] of acknowledged) expect(byId.has(id), id).toBe(true);
    const v: string[] = [];
    for (const d of docs) {
      const mh = sim.state.documents.get(d.id.toUpperCase());
      const sealed = mh?.accepted === true;
      if (d.status === 'CREATED' || d.status === 'PROCESSING') v.push(`${d.id} still ${d.status}`);
      if ((d.status === 'APPROVED' || d.status === 'INVALIDATED') !== sealed)
        v.push(`${d.type} ${d.id} is ${d.status}, MH sealed: ${sealed}`);
      if (sealed && d.mhResponse?.selloRecibido !== mh.body.selloRecibido) v.push(`${d.id}: seal differs from MH's`);
      if (sim.state.invalidated.has(d.id.toUpperCase()) !== (d.status === 'INVALIDATED'))
        v.push(`${d.id}: invalidated at MH ≠ here (${d.status})`);
    }
    expect(v).toEqual([]);
    expect(sim.state.receivedAfterAccepted).toBe(0);
    const perKind = new Map<string, number[]>();
    for (const d of docs) perKind.set(d.type, [...(perKind.get(d.type) ?? []), Number((d.controlNumber ?? '').slice(-15))]);
    for (const [kind, numbers] of perKind)
      expect(
        numbers.sort((a, b) => a - b),
        kind,
      ).toEqual(numbers.map((_, i) => i + 1));
    console.log(
      `storm: ${docs.length} documents, ${sim.state.invalidated.size} invalidated, idle with MH away ${idleCores.toFixed(3)} cores`,
    );
  }, 420_000);
});
