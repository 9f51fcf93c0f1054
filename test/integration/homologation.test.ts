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
      ...(normative === '2026' ? ['retorno'] : []),
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
    const eventLine = (key: string) => run.lines.find((l) => l.key === key)!.sealed;
    expect(eventLine('invalidation')).toBe(record.invalidations.length);
    expect(eventLine('contingency')).toBe(record.contingencyEvents.length);
    if (normative === '2026') expect(eventLine('retorno')).toBe(record.returns.length);
    for (const i of record.invalidations) expect(csv).toContain(String(i.codigoGeneracion).toUpperCase());
    for (const e of record.contingencyEvents) expect(csv).toContain(e.toUpperCase());
    // The report is kept with the station.
    const pdf = Buffer.from((await core.homologation.report(run.id, 'pdf')).base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
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
    expect(test.core.homologation.view().run).toBeNull();
  });
});
