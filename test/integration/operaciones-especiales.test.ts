// The Evento de Operaciones Especiales through the real HTTP server and the MH simulator over HTTP, which judges it
// with fe-eop-v1.json and MF2 §X's rules (docs/decisions/0083-evento-de-operaciones-especiales.md).
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { EoeRecord } from '../../shared/operaciones-especiales';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';

const clock = fixedClock('2026-12-02T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
const headers = { 'x-api-key': DEMO_KEY };

async function start(normative: 'legacy' | '2026') {
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  if (normative === '2026') {
    const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
    core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  }
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
}

beforeEach(async () => {
  clock.set('2026-12-02T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
});
afterEach(async () => {
  await app?.close();
  core?.close();
  await sim.close();
  dir.cleanup();
});

const report = (payload: unknown) => app.inject({ method: 'POST', url: '/events/eoe', headers, payload: payload as object });
const rows = (table: 'special_operations' | 'special_operation_items') => {
  const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
};
const ranges = {
  period: '2026-11',
  items: [
    { type: '02', from: 'FS-000001', to: 'FS-000250', description: 'Ventas al detalle del mes', taxed: 1250.5 },
    { type: '97', from: 'CCI-0001', to: 'CCI-0040', description: 'Consumo interno', exempt: 80 },
  ],
};
const singles = {
  period: '2026-11',
  items: [
    { type: '97', number: 'CCI-0101', date: '2026-11-03', description: 'Consumo interno', taxed: 12.5 },
    { type: '97', number: 'CCI-0102', date: '2026-11-04', description: 'Muestras', exempt: 8 },
  ],
};

describe('Evento de Operaciones Especiales', () => {
  it('seals a month of ranges at MH and keeps its answer; the list shows it', async () => {
    await start('2026');
    const res = await report(ranges);
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json<EoeRecord>();
    expect(record).toMatchObject({ period: '2026-11', mode: 'ranges', reReport: false, status: 'APPROVED', reason: null });
    expect(record.seal).toEqual(expect.any(String));
    // 1250.50 + 80.00, plus IVA 13 % of 1250.50 = 162.565 → 162.57.
    expect(record.total).toBe('1493.07');
    expect(sim.state.counts.operacionesespeciales).toBe(1);
    const ev = JSON.parse(String(rows('special_operations')[0]!.mh_json)) as { cuerpoDocumento: { cantidad: number }[] };
    expect(ev.cuerpoDocumento.map((i) => i.cantidad)).toEqual([250, 40]);
    const list = (await app.inject({ method: 'GET', url: '/events/eoe?period=2026-11', headers })).json<EoeRecord[]>();
    expect(list.map((e) => [e.id, e.status])).toEqual([[record.id, 'APPROVED']]);
    const one = (await app.inject({ method: 'GET', url: `/events/eoe/${record.id}`, headers })).json<EoeRecord>();
    expect(one.items.map((i) => [i.type, i.from, i.to, i.amount])).toEqual([
      ['02', 'FS-000001', 'FS-000250', '1250.50'],
      ['97', 'CCI-0001', 'CCI-0040', '80.00'],
    ]);
  });

  it('seals a month of single vouchers, and re-reports an annulled one against it in an event of its own', async () => {
    await start('2026');
    const first = (await report(singles)).json<EoeRecord>();
    expect(first).toMatchObject({ status: 'APPROVED', mode: 'singles' });
    // Reported once: the same voucher again without reportedIn is refused, naming the item, nothing stored.
    const again = await report({ period: '2026-11', items: [singles.items[0]] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ path: 'items.0', code: 'DUPLICATE' })],
    });
    // Annulled: reported again with the first event's code.
    const res = await report({ period: '2026-11', items: [{ ...singles.items[0], reportedIn: first.id }] });
    expect(res.statusCode, res.body).toBe(201);
    const annulled = res.json<EoeRecord>();
    expect(annulled).toMatchObject({ status: 'APPROVED', reReport: true, items: [expect.objectContaining({ reportedIn: first.id })] });
    const ev = JSON.parse(String(rows('special_operations').find((r) => r.id === annulled.id)!.mh_json)) as {
      cuerpoDocumento: { codigoGeneracionRef: string }[];
    };
    expect(ev.cuerpoDocumento[0]!.codigoGeneracionRef).toBe(first.id.toUpperCase());
    // Once only: a second re-report of it is refused.
    const twice = await report({ period: '2026-11', items: [{ ...singles.items[0], reportedIn: first.id }] });
    expect(twice.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'items.0', code: 'DUPLICATE' })] });
    expect(rows('special_operations')).toHaveLength(2);
    expect(sim.state.counts.operacionesespeciales).toBe(2);
  });

  it('answers the same id and body again with the stored event (200), another body with 409, and sends once', async () => {
    await start('2026');
    const id = '5e0f3c2a-7b1d-4e8f-9a6c-2d4b6f8a0c1e';
    const first = await report({ id, ...ranges });
    expect(first.statusCode, first.body).toBe(201);
    const again = await report({ id: id.toUpperCase(), ...ranges });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<EoeRecord>()).toMatchObject({ id, status: 'APPROVED', seal: first.json<EoeRecord>().seal });
    const other = await report({ id, ...singles });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json<{ code: string }>().code).toBe('DTE_ID_CONFLICT');
    expect(rows('special_operations')).toHaveLength(1);
    expect(sim.state.counts.operacionesespeciales).toBe(1);
  });

  it('re-reports one annulled simplified invoice as a range of one inside the sealed range, sealed by MH', async () => {
    await start('2026');
    const first = (await report(ranges)).json<EoeRecord>();
    expect(first.status).toBe('APPROVED');
    const res = await report({
      period: '2026-11',
      items: [
        { type: '02', from: 'FS-000042', to: 'FS-000042', description: 'Factura simplificada anulada', taxed: 5, reportedIn: first.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<EoeRecord>()).toMatchObject({ status: 'APPROVED', reReport: true });
  });

  it('refuses a re-report naming an event that never reported the voucher, or none at all, with 422', async () => {
    await start('2026');
    const first = (await report(singles)).json<EoeRecord>();
    const other = await report({ period: '2026-11', items: [{ ...singles.items[0], number: 'CCI-0999', reportedIn: first.id }] });
    expect(other.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'items.0.reportedIn', code: 'NOT_ALLOWED' })] });
    const none = await report({ period: '2026-11', items: [{ ...singles.items[0], reportedIn: 'abcdef00-0000-4000-8000-000000000000' }] });
    expect(none.statusCode).toBe(422);
    expect(rows('special_operations')).toHaveLength(1);
  });

  it('refuses bad bodies with 422 naming the field, stores nothing and reaches no MH', async () => {
    await start('2026');
    const cases: [unknown, string][] = [
      [{ ...ranges, items: [...ranges.items, singles.items[0]] }, 'items.2'],
      [{ ...singles, items: [{ ...singles.items[0], type: '02' }] }, 'items.0.type'],
      [{ ...singles, period: '2027-01' }, 'items.0.date'],
      [{ period: '2027-01', items: [ranges.items[0]] }, 'period'],
      [{ ...singles, items: Array.from({ length: 501 }, (_, i) => ({ ...singles.items[0], number: `C-${i}` })) }, 'items'],
      [{ ...singles, items: [{ ...singles.items[0], taxed: 0 }] }, 'items.0.taxed'],
    ];
    for (const [body, path] of cases) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(path);
    }
    expect(rows('special_operations')).toHaveLength(0);
    expect(sim.state.counts.operacionesespeciales).toBeUndefined();
  });

  it('refuses an event whose total passes MH’s US$100,000,000,000 with 422, storing and sending nothing', async () => {
    await start('2026');
    const huge = {
      period: '2026-11',
      items: [
        { type: '97', from: 'CCI-0001', to: 'CCI-0010', description: 'Consumo interno', exempt: 60_000_000_000 },
        { type: '97', from: 'CCI-0011', to: 'CCI-0020', description: 'Consumo interno', exempt: 60_000_000_000 },
      ],
    };
    const res = await report(huge);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'items' })] });
    expect(rows('special_operations')).toHaveLength(0);
    expect(sim.state.counts.operacionesespeciales ?? 0).toBe(0);
  });

  it('refuses the event under the legacy normative with a 409 saying the 2026 normative is needed', async () => {
    await start('legacy');
    const res = await report(ranges);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STATION_CONFLICT' });
    expect(res.json<{ detail: string }>().detail).toMatch(/Normativa DTE v2\.0 \(2026\)/);
    expect(rows('special_operations')).toHaveLength(0);
  });

  it('waits when MH is away (202, PENDING, in words), is sent once by the sync engine, never in a loop', async () => {
    await start('2026');
    sim.setMode('down');
    const res = await report(ranges);
    expect(res.statusCode).toBe(202);
    expect(res.json<EoeRecord>()).toMatchObject({ status: 'PENDING', reason: 'Espera enviarse a MH.' });
    // The books of that month warn of it before filing.
    expect((await core.books.month('2026-11')).warnings).toEqual([
      expect.stringMatching(/^Operaciones especiales de 2026-11: 1 evento\(s\) sin sello/),
    ]);
    sim.setMode('normal');
    await core.sync.runOnce();
    expect((await core.books.month('2026-11')).warnings).toBeUndefined();
    const after = (await app.inject({ method: 'GET', url: `/events/eoe/${res.json<EoeRecord>().id}`, headers })).json<EoeRecord>();
    expect(after.status).toBe('APPROVED');
    await core.sync.runOnce();
    expect(sim.state.counts.operacionesespeciales).toBe(1);
  });

  it('keeps MH’s refusal in words and never sends it again', async () => {
    await start('2026');
    sim.setMode('reject');
    const res = await report(ranges);
    expect(res.statusCode).toBe(201);
    expect(res.json<EoeRecord>().status).toBe('REJECTED');
    expect(res.json<EoeRecord>().reason).toMatch(/^MH lo rechazó: EVENTO RECHAZADO/);
    sim.setMode('normal');
    await core.sync.runOnce();
    expect(sim.state.counts.operacionesespeciales).toBe(1);
    expect((await core.books.month('2026-11')).warnings).toEqual([expect.stringMatching(/MH rechazó 1 evento\(s\)/)]);
    // Corrected and sent again later: sealed, the refusal no longer stands in the books' way.
    clock.set('2026-12-02T15:45:00Z');
    expect((await report(ranges)).json<EoeRecord>().status).toBe('APPROVED');
    expect((await core.books.month('2026-11')).warnings).toBeUndefined();
  });

  it('reads the items from a CSV, which then seal', async () => {
    await start('2026');
    const csv = 'type,number,date,description,taxed\n97,CCI-0201,2026-11-03,Consumo interno,12.50\n97,CCI-0202,2026-11-04,Muestras,8.00\n';
    const res = await app.inject({ method: 'POST', url: '/events/eoe/items-from-csv', headers, payload: { csv } });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<{ items: unknown[] }>();
    expect(items).toHaveLength(2);
    expect((await report({ period: '2026-11', items })).json<EoeRecord>().status).toBe('APPROVED');
    const bad = await app.inject({
      method: 'POST',
      url: '/events/eoe/items-from-csv',
      headers,
      payload: { csv: 'type,description\n01,x\n' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'csv.2.type' })] });
  });
});
