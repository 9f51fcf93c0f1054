// MH's homologation test set, in process and on real timers: a whole run per normative against the simulator
// with MH's official schemas, zero rejections, the report against the simulator's own record of what it sealed;
// a document MH refuses mid-run replaced and reported; a LIVE station refused; bad choices named by field.
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/create-core';
import { DEMO_STATION } from '../../main/core/station/demo';
import { DTE_KINDS, MH_TYPE } from '../../shared/contract';
import { HOMOLOGATION_MINIMUMS } from '../../shared/homologation';
import { tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { simRecord } from '../support/homologation';
import { CoreError } from '../../main/core/errors';
import { printable } from '../../main/core/render/model';
import { receiptPdf } from '../../main/core/render/receipt';
import { letterPdf } from '../../main/core/render/letter-pdf';
import { pdfText } from '../support/pdf';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { generateEoe } from '../../main/core/homologation/generate/special-operations';
import { createRng } from '../../main/core/homologation/generate/rng';
import { localDateTime } from '../../main/core/clock';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function station(environment: 'TEST' | 'LIVE' = 'TEST') {
  const sim = await startSimulator({ schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 50 });
  open.push(sim);
  const dir = tempDir();
  open.push({ close: dir.cleanup });
  const core = createCore({
    dataDir: dir.dir,
    ...(environment === 'LIVE' ? { initialStation: { ...DEMO_STATION, environment } } : {}),
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 5000 },
    sync: { jitter: () => 0, lotePollMs: 100 },
    backups: { everyMs: 0 },
  });
  open.push(core);
  registerStation(sim, core);
  return { sim, core, dir: dir.dir };
}

describe.each(['legacy', '2026'] as const)('a whole run under the %s normative', (normative) => {
  it('reaches every count with zero rejections, and its report is what MH sealed', { timeout: 240_000 }, async () => {
    const { sim, core } = await station();
    const started = core.homologation.start({ kinds: [...DTE_KINDS], normative, seed: 20261123, paceMs: 0 }, 'user:admin');
    expect(started.run?.status).toMatch(/RUNNING|WAITING/);
    expect(await core.homologation.settled()).toBe('done');
    const run = core.homologation.view().run!;
    expect(run.status).toBe('DONE');
    expect(run.rejections).toEqual([]);
    for (const line of run.lines) expect(line.sealed, line.label).toBeGreaterThanOrEqual(line.required);
    expect(run.lines.map((l) => l.key)).toEqual([
      ...DTE_KINDS,
      'invalidation',
      'contingency',
      ...(normative === '2026' ? ['retorno', 'operaciones'] : []),
    ]);

    const record = await simRecord(sim.url);
    // Nothing reached MH twice, and MH was never handed a document it had accepted.
    expect(Object.values(record.received).filter((n) => n !== 1)).toEqual([]);
    expect(record.receivedAfterAccepted).toBe(0);
    const csv = Buffer.from((await core.homologation.report(run.id, 'csv')).base64, 'base64').toString('utf8');
    for (const kind of DTE_KINDS) {
      const sealedAtMh = record.documents.filter((d) => d.tipoDte === MH_TYPE[kind]);
      const invalidatedAtMh = sealedAtMh.filter((d) => record.invalidations.some((i) => i.dte === d.codigoGeneracion));
      const line = run.lines.find((l) => l.key === kind)!;
      // Sealed and still valid: what MH sealed of this kind minus what it invalidated since.
      expect(line.sealed, kind).toBe(sealedAtMh.length - invalidatedAtMh.length);
      expect(line.sealed, kind).toBeGreaterThanOrEqual(HOMOLOGATION_MINIMUMS[kind]);
      // Every control number MH sealed is in the report, and the report names none MH did not seal.
      const rows = csv.split('\r\n').filter((r) => r.startsWith(`DTE,${MH_TYPE[kind]},`) && r.includes(`,DTE-${MH_TYPE[kind]}-`));
      expect(rows.length, kind).toBe(sealedAtMh.length);
      for (const d of sealedAtMh) expect(csv).toContain(d.numeroControl!);
    }
    const eventLine = (key: string) => run.lines.find((l) => l.key === key)?.sealed;
    expect(eventLine('invalidation')).toBe(record.invalidations.length);
    expect(eventLine('contingency')).toBe(record.contingencyEvents.length);
    if (normative === '2026') expect(eventLine('retorno')).toBe(record.returns.length);
    // The Evento de Operaciones Especiales is of the 2026 normative alone: five sealed, each in the report.
    expect(eventLine('operaciones')).toBe(normative === '2026' ? record.specialOperations.length : undefined);
    for (const e of record.specialOperations) expect(csv).toContain(e.codigoGeneracion.toUpperCase());
    for (const i of record.invalidations) expect(csv).toContain(String(i.codigoGeneracion).toUpperCase());
    for (const e of record.contingencyEvents) expect(csv).toContain(e.toUpperCase());
    // Contingency documents only of the kinds MF2 lets go in one (never CL 08, DCL 09, CD 15, nor the legacy CR 07),
    // the NR (04) among them; the invalidations reach the new kinds too.
    const inContingency = new Set(
      csv
        .split('\r\n')
        .filter((r) => r.startsWith('DTE,') && r.split(',')[9] === 'Contingencia')
        .map((r) => r.split(',')[1]),
    );
    expect(inContingency.has('04')).toBe(true);
    for (const never of ['08', '09', '15', ...(normative === 'legacy' ? ['07'] : [])]) expect(inContingency.has(never), never).toBe(false);
    const invalidatedKinds = new Set(record.invalidations.map((i) => record.documents.find((d) => d.codigoGeneracion === i.dte)?.tipoDte));
    expect([...invalidatedKinds].sort()).toEqual(normative === 'legacy' ? ['01', '03', '04', '09', '11'] : ['01', '03', '04', '08', '11']);
    // The report is kept with the station.
    const pdf = Buffer.from((await core.homologation.report(run.id, 'pdf')).base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

/** A core over an existing data folder (a station started again), talking to `sim`. */
function reopen(sim: Awaited<ReturnType<typeof startSimulator>>, dataDir: string) {
  const core = createCore({
    dataDir,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 5000 },
    sync: { jitter: () => 0, lotePollMs: 100 },
    backups: { everyMs: 0 },
  });
  open.push(core);
  return core;
}

describe('the Evento de Operaciones Especiales in a 2026 run', () => {
  it("seals five: by ranges, one by one, and an annulled voucher again with the first event's code", { timeout: 120_000 }, async () => {
    const { sim, core } = await station();
    core.homologation.start({ kinds: ['FSE'], normative: '2026', seed: 7, paceMs: 0 }, 'user:admin');
    expect(await core.homologation.settled()).toBe('done');
    const run = core.homologation.view().run!;
    expect(run.rejections).toEqual([]);
    expect(run.lines.find((l) => l.key === 'operaciones')).toMatchObject({
      label: 'Evento de Operaciones Especiales',
      sealed: 5,
      rejected: 0,
    });
    const events = core.specialOperations.list();
    expect(events).toHaveLength(5);
    expect(events.every((e) => e.status === 'APPROVED')).toBe(true);
    // Facturas Simplificadas and Comprobantes de Control Interno by ranges; Comprobantes one by one; a re-report.
    expect(events.filter((e) => e.mode === 'ranges' && !e.reReport)).toHaveLength(2);
    expect(events.filter((e) => e.mode === 'singles' && !e.reReport)).toHaveLength(2);
    const types = new Set(events.filter((e) => e.mode === 'ranges').flatMap((e) => e.items.map((i) => i.type)));
    expect([...types].sort()).toEqual(['02', '97']);
    const again = events.find((e) => e.reReport)!;
    const first = events.find((e) => e.id === again.items[0]!.reportedIn)!;
    expect(first).toMatchObject({ mode: 'singles', status: 'APPROVED' });
    expect(first.items.map((i) => i.number)).toContain(again.items[0]!.number);
    // MH sealed exactly these, and the report names each with what it reported.
    const record = await simRecord(sim.url);
    expect(record.specialOperations.map((e) => e.codigoGeneracion.toLowerCase()).sort()).toEqual(events.map((e) => e.id).sort());
    const csv = Buffer.from((await core.homologation.report(run.id, 'csv')).base64, 'base64').toString('utf8');
    for (const e of events) expect(csv).toContain(e.id.toUpperCase());
    expect(csv).toContain('Evento de Operaciones Especiales');
    expect(csv).toContain(`anulado reportado de nuevo: CCI ${again.items[0]!.number}`);
  });

  it('reports an EOE MH refuses and makes another with new vouchers', { timeout: 120_000 }, async () => {
    const { sim, core } = await station();
    await fetch(`${sim.url}/_sim/reject-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2, tipoDte: 'operaciones' }),
    });
    core.homologation.start({ kinds: ['FSE'], normative: '2026', seed: 12, paceMs: 0 }, 'user:admin');
    expect(await core.homologation.settled()).toBe('done');
    const run = core.homologation.view().run!;
    expect(run.lines.find((l) => l.key === 'operaciones')).toMatchObject({ sealed: 5, rejected: 2, pending: 0 });
    expect(run.rejections.map((r) => [r.key, r.message])).toEqual([
      ['operaciones', 'EVENTO RECHAZADO (SIMULADOR: RECHAZO PROGRAMADO)'],
      ['operaciones', 'EVENTO RECHAZADO (SIMULADOR: RECHAZO PROGRAMADO)'],
    ]);
    const events = core.specialOperations.list();
    expect(events.filter((e) => e.status === 'REJECTED')).toHaveLength(2);
    // The refused events' vouchers are not reported again: every sealed event reports vouchers of its own.
    const numbers = (e: (typeof events)[number]) => e.items.map((i) => i.number ?? i.from);
    const refused = new Set(events.filter((e) => e.status === 'REJECTED').flatMap(numbers));
    const sealed = events.filter((e) => e.status === 'APPROVED' && !e.reReport).flatMap(numbers);
    expect(sealed.filter((n) => refused.has(n))).toEqual([]);
    expect(events.some((e) => e.reReport && e.status === 'APPROVED')).toBe(true);
    expect((await simRecord(sim.url)).specialOperations).toHaveLength(5);
  });

  it('a legacy run has none', { timeout: 60_000 }, async () => {
    const { sim, core } = await station();
    core.homologation.start({ kinds: ['FC'], normative: 'legacy', seed: 8, paceMs: 0 }, 'user:admin');
    expect(await core.homologation.settled()).toBe('done');
    expect(core.homologation.view().run!.lines.map((l) => l.key)).toEqual(['FC', 'invalidation', 'contingency']);
    expect((await simRecord(sim.url)).specialOperations).toEqual([]);
  });

  it('goes on after a stop cut an EOE step short, without reporting anything twice', { timeout: 120_000 }, async () => {
    const { sim, core, dir } = await station();
    // A pace slow enough to stop the run between two EOEs.
    core.homologation.start({ kinds: ['FSE'], normative: '2026', seed: 9, paceMs: 150 }, 'user:admin');
    const deadline = Date.now() + 90_000;
    while ((core.homologation.view().run!.lines.find((l) => l.key === 'operaciones')?.sealed ?? 0) < 2) {
      if (Date.now() > deadline) throw new Error('no EOE sealed');
      await new Promise((r) => setTimeout(r, 20));
    }
    core.homologation.stop();
    expect(await core.homologation.settled()).toBe('stopped');
    core.close();
    open.splice(open.indexOf(core), 1);

    // What a crash leaves: the last EOE made and sealed, its step not marked; and a step written whose event was
    // never made (the stop came before the call).
    const db = new BetterSqlite3(join(dir, 'sello.db'));
    const last = db
      .prepare("SELECT run_id, seq, record_id FROM homologation_steps WHERE step = 'operaciones' ORDER BY seq DESC LIMIT 1")
      .get() as { run_id: string; seq: number; record_id: string };
    expect(last.record_id).toBeTruthy();
    db.prepare('UPDATE homologation_steps SET done = 0, record_id = NULL WHERE run_id = ? AND seq = ?').run(last.run_id, last.seq);
    const body = generateEoe('ranges', createRng(1, 1), { tag: 'CORTE', turn: 1, today: localDateTime(new Date()).date });
    const seq = (db.prepare('SELECT MAX(seq) AS m FROM homologation_steps').get() as { m: number }).m + 1;
    db.prepare(
      "INSERT INTO homologation_steps (run_id, seq, step, kind, ref, request, done, created_at) VALUES (?, ?, 'operaciones', NULL, ?, ?, 0, ?)",
    ).run(last.run_id, seq, body.items[0]!.from, JSON.stringify(body), new Date().toISOString());
    db.close();

    const again = reopen(sim, dir);
    again.homologation.resume();
    expect(await again.homologation.settled()).toBe('done');
    const run = again.homologation.view().run!;
    expect(run.rejections).toEqual([]);
    const check = new BetterSqlite3(join(dir, 'sello.db'), { readonly: true });
    const steps = check
      .prepare("SELECT seq, done, record_id FROM homologation_steps WHERE step = 'operaciones' AND seq IN (?, ?) ORDER BY seq")
      .all(last.seq, seq) as { seq: number; done: number; record_id: string | null }[];
    check.close();
    // The cut-short step found the event it had made; the other made its event once.
    expect(steps[0]).toEqual({ seq: last.seq, done: 1, record_id: last.record_id });
    expect(steps[1]!.done).toBe(1);
    expect(again.specialOperations.get(steps[1]!.record_id!)).toMatchObject({ status: 'APPROVED', mode: 'ranges' });
    const record = await simRecord(sim.url);
    const line = run.lines.find((l) => l.key === 'operaciones')!;
    expect(line.sealed).toBeGreaterThanOrEqual(5);
    expect(record.specialOperations).toHaveLength(line.sealed);
    expect(again.specialOperations.list()).toHaveLength(line.sealed);
  });
});

describe('a run that meets trouble', () => {
  it('replaces a document MH refuses mid-run and reports the refusal with its observations', { timeout: 120_000 }, async () => {
    const { sim, core } = await station();
    core.homologation.start({ kinds: ['FC', 'CCF'], normative: 'legacy', seed: 5, paceMs: 0 }, 'user:admin');
    // MH refuses the next two CCFs, whenever they come.
    await fetch(`${sim.url}/_sim/reject-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2, tipoDte: '03' }),
    });
    expect(await core.homologation.settled()).toBe('done');
    const run = core.homologation.view().run!;
    const ccf = run.lines.find((l) => l.key === 'CCF')!;
    expect(ccf).toMatchObject({ rejected: 2, pending: 0 });
    expect(ccf.sealed).toBeGreaterThanOrEqual(75);
    expect(run.rejections).toHaveLength(2);
    expect(run.rejections[0]!.key).toBe('CCF');
    expect(run.rejections[0]!.message).toContain('RECHAZO PROGRAMADO');
    expect(run.rejections[0]!.observations[0]).toContain('receptor.nombre');
    const record = await simRecord(sim.url);
    expect(
      record.documents.filter((d) => d.tipoDte === '03').length -
        record.invalidations.filter((i) => record.documents.find((d) => d.codigoGeneracion === i.dte)?.tipoDte === '03').length,
    ).toBe(ccf.sealed);
    const csv = Buffer.from((await core.homologation.report(run.id, 'csv')).base64, 'base64').toString('utf8');
    expect(csv.split('\r\n').filter((r) => r.startsWith('RECHAZO,'))).toHaveLength(2);

    // A test station's copies say what they are: TEST documents, on the receipt and the letter alike.
    const first = core.dtes.list({ limit: 1 }).items[0]!;
    const stored = core.dtes.mhDocument(first.id).document;
    const asTestStation = printable(first, stored, false);
    for (const pdf of [await receiptPdf(asTestStation, 80), await letterPdf(asTestStation)])
      expect(pdfText(pdf)).toContain('AMBIENTE DE PRUEBAS DE MH');
    // The demo says it is a demo instead (the demo is TEST too).
    expect(pdfText(await receiptPdf(printable(first, stored, true), 80))).not.toContain('AMBIENTE DE PRUEBAS DE MH');
  });

  it('invalidates another document when MH rejects an invalidation, and reports the rejection', { timeout: 120_000 }, async () => {
    const { sim, core } = await station();
    await fetch(`${sim.url}/_sim/reject-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, tipoDte: 'anulacion' }),
    });
    core.homologation.start({ kinds: ['FC'], normative: 'legacy', seed: 11, paceMs: 0 }, 'user:admin');
    expect(await core.homologation.settled()).toBe('done');
    const run = core.homologation.view().run!;
    expect(run.lines.find((l) => l.key === 'invalidation')).toMatchObject({ sealed: 5, rejected: 1, pending: 0 });
    expect(run.rejections).toHaveLength(1);
    expect(run.rejections[0]).toMatchObject({ key: 'invalidation' });
    expect(run.rejections[0]!.message).toContain('RECHAZO PROGRAMADO');
    // Five different documents invalidated at MH, and the report lists each event once.
    const record = await simRecord(sim.url);
    expect(new Set(record.invalidations.map((i) => i.dte)).size).toBe(5);
    const csv = Buffer.from((await core.homologation.report(run.id, 'csv')).base64, 'base64').toString('utf8');
    for (const i of record.invalidations) expect(csv.split(String(i.codigoGeneracion).toUpperCase()).length - 1).toBe(1);
    expect(run.lines.find((l) => l.key === 'FC')!.sealed).toBe(record.documents.length - 5);
  });

  it('refuses a LIVE station, and bad choices by field, without storing anything', async () => {
    const live = await station('LIVE');
    expect(live.core.homologation.view().refused).toContain('producción');
    const refusal = (() => {
      try {
        live.core.homologation.start({ kinds: ['FC'], normative: 'legacy' }, 'user:admin');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(CoreError);
    expect((refusal as CoreError).message).toContain('ambiente de pruebas');
    expect(live.core.homologation.view().run).toBeNull();

    const test = await station();
    const fields = (input: unknown) => {
      try {
        test.core.homologation.start(input, 'user:admin');
      } catch (e) {
        return (e as CoreError).errors?.map((f) => f.path) ?? [(e as Error).message];
      }
      return [];
    };
    expect(fields({ kinds: [], normative: 'legacy' })).toEqual(['kinds']);
    expect(fields({ kinds: ['NC'], normative: 'legacy' })).toEqual(['kinds']);
    expect(fields({ kinds: ['FC', 'FC'], normative: '2026' })).toEqual(['kinds']);
    expect(fields({ kinds: ['FC'], normative: '2030' })).toEqual(['normative']);
    expect(fields({ kinds: ['FC'], normative: 'legacy', paceMs: -1 })).toEqual(['paceMs']);
    expect(fields({ kinds: ['FC'], normative: 'legacy', extra: 1 })).toEqual(['extra']);
    // Nothing to put in the five contingency events: the CL, DCL and CD never go in one, nor the legacy CR.
    expect(fields({ kinds: ['CL', 'DCL', 'CD'], normative: '2026' })).toEqual(['kinds']);
    expect(fields({ kinds: ['CR', 'CD'], normative: 'legacy' })).toEqual(['kinds']);
    expect(test.core.homologation.view().run).toBeNull();
  });
});
