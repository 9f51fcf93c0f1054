// A station moving from the legacy normative to MH's Normativa v2.0 at a chosen instant, in the middle of a stream
// of documents, with MH down across the switch: every document is sealed under the version it was issued with,
// the control numbers run on without a gap, and each contingency event lists documents of its own normative and
// passes MH's schema of that version. Once with the engine driven by hand, once as `sello serve` with real timers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DteKind } from '../../shared/contract';
import { MH_VERSIONS, normativeOf } from '../../shared/normative';
import type { Clock } from '../../main/core/clock';
import type { Core } from '../../main/core/create-core';
import { ccfBody, crBody, fcBody, ncBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { coreWithSimulator, startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

/** Real time moved by `offset`: the engine's timers run as in the product, the calendar is where the test wants it. */
function offsetClock(startIso: string): Clock & { jump(ms: number): void } {
  let offset = Date.parse(startIso) - Date.now();
  return { now: () => new Date(Date.now() + offset), jump: (ms) => void (offset += ms) };
}

let serial = 0;
const nextId = () => `5e1ec700-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
const BODIES: Partial<Record<DteKind, (id: string) => Record<string, unknown>>> = { FC: fcBody, CCF: ccfBody, CR: crBody };
const body = (kind: DteKind) => ({ ...BODIES[kind]!(nextId()), generatedAt: undefined });

/** Control numbers of each kind, `docs` in the order they were issued, are 1, 2, 3, … */
function expectContinuous(docs: readonly { type: string; controlNumber: string }[]) {
  const byKind = new Map<string, number[]>();
  for (const d of docs) byKind.set(d.type, [...(byKind.get(d.type) ?? []), Number(d.controlNumber.slice(-15))]);
  for (const [kind, numbers] of byKind) expect(numbers, kind).toEqual(numbers.map((_, i) => i + 1));
}

/** Each event MH sealed lists documents of one normative, the one its version belongs to (v3 legacy, v4 2026). */
function expectEventsByNormative(
  events: Iterable<Record<string, unknown>>,
  versionOf: (code: string) => { kind: DteKind; version: number },
) {
  const seen: number[] = [];
  for (const ev of events) {
    const version = (ev.identificacion as { version: number }).version;
    seen.push(version);
    const normative = version === 4 ? '2026' : 'legacy';
    for (const d of ev.detalleDTE as { codigoGeneracion: string }[]) {
      const doc = versionOf(d.codigoGeneracion);
      expect(normativeOf(doc.kind, doc.version), d.codigoGeneracion).toBe(normative);
    }
  }
  return seen.sort();
}

describe('switching normative at switchAt with MH down across it', () => {
  let cleanup: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await cleanup?.();
    cleanup = null;
  });

  it('engine by hand: legacy documents before, v2.0 after, all sealed, numbers continuous, one event per normative', async () => {
    // Ten minutes before the switch at midnight of 1 December 2026, El Salvador time.
    const clock = offsetClock('2026-11-30T23:50:00-06:00');
    const sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 20 });
    const dir = tempDir();
    const core: Core = coreWithSimulator(dir.dir, sim, { clock, timeoutMs: 2000, lotePollMs: 0 });
    cleanup = async () => {
      core.close();
      await sim.close();
      dir.cleanup();
    };
    const drain = async (rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        await core.sync.runOnce();
        await new Promise((r) => setTimeout(r, 280));
      }
    };
    core.normative.set({ current: 'legacy', switchAt: '2026-12-01T00:00:00-06:00' }, 'admin');
    expect(core.sync.status().normative).toEqual({ inForce: 'legacy', scheduled: { to: '2026', at: '2026-12-01T00:00:00-06:00' } });

    // Online, before the switch: sealed under the legacy versions.
    const ccf = core.dtes.create('CCF', body('CCF'), 'test').record;
    const early = [ccf, core.dtes.create('FC', body('FC'), 'test').record];
    await drain(2);
    for (const d of early) expect(core.dtes.get(d.id).status).toBe('APPROVED');

    // MH goes down: legacy documents queue, the station enters contingency.
    sim.setMode('down');
    const before = ['FC', 'FC', 'CCF', 'CR'].map((k) => core.dtes.create(k as DteKind, body(k as DteKind), 'test').record);
    await drain(3);
    expect(core.sync.status().state).toBe('contingency');

    // Past the switch, still down: v2.0 documents, the CR among them now a contingency document too, and an NC of
    // 2026 on the legacy CCF sealed before.
    clock.jump(15 * 60_000);
    expect(core.sync.status().normative).toEqual({ inForce: '2026', scheduled: null });
    const after = ['FC', 'CCF', 'CR', 'FC'].map((k) => core.dtes.create(k as DteKind, body(k as DteKind), 'test').record);
    after.push(core.dtes.create('NC', { ...ncBody(nextId(), ccf.id), generatedAt: undefined }, 'test').record);
    const identificacion = (id: string) => core.dtes.mhDocument(id).document.identificacion as Record<string, unknown>;
    expect(identificacion(after[2]!.id)).toMatchObject({ version: 2, tipoOperacion: 2, tipoModelo: 2 });
    // The legacy CR v1 could not be a contingency document: it waits as a normal one.
    expect(identificacion(before[3]!.id)).toMatchObject({ version: 1, tipoOperacion: 1 });

    sim.setMode('normal');
    for (let i = 0; i < 20 && [...before, ...after].some((d) => core.dtes.get(d.id).status !== 'APPROVED'); i++) await drain(1);

    for (const d of [...early, ...before]) {
      const now = core.dtes.get(d.id);
      expect(now.status, d.id).toBe('APPROVED');
      expect(now.version).toBe(MH_VERSIONS.legacy[now.type]);
      expect(identificacion(d.id).version).toBe(now.version);
    }
    for (const d of after) {
      const now = core.dtes.get(d.id);
      expect(now.status, d.id).toBe('APPROVED');
      expect(now.version).toBe(MH_VERSIONS['2026'][now.type]);
      expect(identificacion(d.id).version).toBe(now.version);
    }
    // What MH holds is what the station says: the version each document was signed with.
    for (const d of [...early, ...before, ...after]) expect(sim.state.documents.get(d.id.toUpperCase())?.version).toBe(d.version);
    expectContinuous([...early, ...before, ...after].map((d) => core.dtes.get(d.id)));
    const versionOf = (code: string) => {
      const r = core.dtes.get(code.toLowerCase());
      return { kind: r.type, version: r.version };
    };
    expect(expectEventsByNormative(sim.state.events.values(), versionOf)).toEqual([3, 4]);
    expect(core.sync.status().contingencies).toEqual([]);
  }, 60_000);

  it('as `sello serve`: the switch comes on its own clock while MH is down; everything is sealed afterwards', async () => {
    const KEY = 'normative-switch-key-0123';
    const sim = await startSimulator({ schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 20 });
    const dir = tempDir('sello-switch-');
    const file = stationFileFor(sim, dir.dir, KEY);
    // Far enough ahead that the process is up and the first documents are issued before it (start takes seconds).
    const switchAt = new Date(Date.now() + 20_000);
    const iso = `${switchAt.toISOString().slice(0, 19)}Z`;
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), mhNormative: { current: 'legacy', switchAt: iso } }));
    // MH takes its lotes in minutes; the simulator in 20 ms, so the station asks for results every second.
    const serve = await startServe(['--config', file, '--data-dir', join(dir.dir, 'data'), '--port', '0'], { SELLO_LOTE_POLL_MS: '1000' });
    cleanup = async () => {
      serve.child.kill('SIGTERM');
      await exitOf(serve.child);
      await sim.close();
      dir.cleanup();
    };
    const call = async (method: string, path: string, payload?: unknown) => {
      const res = await fetch(`${serve.url}${path}`, {
        method,
        headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const issue = async (kind: DteKind) => {
      const r = await call('POST', `/dte/${kind.toLowerCase()}`, body(kind));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body as { id: string; version: number; type: DteKind };
    };
    expect((await call('GET', '/sync/status')).body.normative).toEqual({ inForce: 'legacy', scheduled: { to: '2026', at: iso } });

    sim.setMode('down');
    const before = [await issue('FC'), await issue('CCF'), await issue('FC')];
    expect(Date.now()).toBeLessThan(switchAt.getTime());
    await new Promise((r) => setTimeout(r, Math.max(0, switchAt.getTime() - Date.now()) + 300));
    const after = [await issue('FC'), await issue('CR'), await issue('CCF')];
    for (const d of before) expect(d.version).toBe(MH_VERSIONS.legacy[d.type]);
    for (const d of after) expect(d.version).toBe(MH_VERSIONS['2026'][d.type]);
    expect((await call('GET', '/sync/status')).body.normative).toEqual({ inForce: '2026', scheduled: null });

    sim.setMode('normal');
    // A create wakes the engine, which probes MH at once instead of waiting out its backoff (up to a minute).
    after.push(await issue('FC'));
    type Listed = { id: string; type: DteKind; version: number; status: string; controlNumber: string };
    let listed: Listed[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      listed = ((await call('GET', '/dte?limit=50')).body as { items: Listed[] }).items;
      if (listed.length === 7 && listed.every((d) => d.status === 'APPROVED')) break;
    }
    expect(listed.map((d) => d.status)).toEqual(Array(7).fill('APPROVED'));
    for (const d of listed) expect(sim.state.documents.get(d.id.toUpperCase())?.version, d.id).toBe(d.version);
    expectContinuous([...before, ...after].map((d) => listed.find((x) => x.id === d.id)!));
    const versionOf = (code: string) => {
      const d = listed.find((x) => x.id.toUpperCase() === code)!;
      return { kind: d.type, version: d.version };
    };
    // However the engine's timers fell (a contingency or simply a late send), no event mixed normatives.
    expectEventsByNormative(sim.state.events.values(), versionOf);
  }, 120_000);
});
