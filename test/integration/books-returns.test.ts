// The month's returns in the books (docs/decisions/0013-iva-books-and-annexes.md, Returns; decision 0050): a
// November under the Normativa DTE v2.0 made by the product against the MH simulator over HTTP, with Eventos de
// Retorno on an FE online, on an FE in contingency, on an FEX and on an FSE, and one on an FE invalidated. The
// figures the books give are re-added here from the signed JWS payloads in the station's file alone.
import BetterSqlite3 from 'better-sqlite3';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { MonthBooks } from '../../shared/books';
import type { DteKind } from '../../shared/contract';
import type { ReturnRecord } from '../../shared/retorno';
import { fcBody, fexBody, fseBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import type { FastifyInstance } from 'fastify';
import { silentLogger } from '../../main/core/logger';
import { createHub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { setHubCompany, trustStationKey } from '../support/hub-stations';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

type Json = Record<string, unknown>;
const payload = (jws: string): Json => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8')) as Json;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const D = (v: unknown) => new Decimal(typeof v === 'number' || typeof v === 'string' ? v : 0);
const fmt = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00-06:00`).toISOString();
const MONTH = '2026-11';

const clock = fixedClock(at('2026-11-02'));
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let books: MonthBooks;
let cluster: PgCluster | undefined;
let hubDb: HubDatabase | undefined;
let app: FastifyInstance | undefined;
let n = 0;
const ids: Record<string, string> = {};
const ers: Record<string, ReturnRecord> = {};

async function sync(rounds = 4) {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    clock.advance(60_000);
  }
}
function issue(name: string, kind: DteKind, body: Json) {
  ids[name] = core.dtes.create(
    kind,
    { ...body, id: `b0e70000-0000-4000-8000-${String(++n).padStart(12, '0')}`, generatedAt: undefined },
    'user:cajero',
  ).record.id;
}
const giveBack = async (name: string, dte: string, quantity = 1) => {
  ers[name] = (
    await core.returns.make({ lines: [{ dteId: ids[dte]!, item: 1, quantity }], reason: `Devolución ${name}` }, 'user:supervisor')
  ).record;
};

beforeAll(async () => {
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 0 });
  dir = tempDir('sello-books-returns-');
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 2000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    backups: { everyMs: 0 },
  });
  registerStation(sim, core);
  // Sold on the 2nd under the legacy schemas (the fixtures' FEX and FSE are theirs), given back under the 2026 normative.
  issue('fcA', 'FC', fcBody(''));
  issue('fcCard', 'FC', { ...fcBody(''), payments: [{ method: '03', amount: 10.08, reference: '4242' }] });
  issue('fexA', 'FEX', fexBody(''));
  issue('fseA', 'FSE', fseBody(''));
  await sync();
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  clock.set(at('2026-11-03'));
  await giveBack('online', 'fcA');
  await giveBack('card', 'fcCard');
  await giveBack('fex', 'fexA');
  await giveBack('fse', 'fseA');

  // The 5th: a sale, then MH down: the return made at the counter goes in the contingency event.
  clock.set(at('2026-11-05', '08:00'));
  issue('fcB', 'FC', fcBody(''));
  await sync(1);
  sim.setMode('down');
  issue('fcB2', 'FC', fcBody(''));
  await sync(4);
  expect(core.sync.status().state).toBe('contingency');
  await giveBack('contingency', 'fcB');
  expect(ers.contingency!.contingencyId).not.toBeNull();
  clock.set(at('2026-11-06', '08:00'));
  sim.setMode('normal');
  await sync(8);

  // The 10th: a return made by mistake, invalidated the same day.
  clock.set(at('2026-11-10'));
  issue('fcC', 'FC', fcBody(''));
  await sync();
  await giveBack('mistake', 'fcC');
  await core.returns.invalidate(ers.mistake!.id, { reason: 'Se registró en el documento equivocado' }, 'user:supervisor');

  clock.set(at('2026-12-03', '09:00'));
  books = await core.books.month(MONTH);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await hubDb?.close();
  await cluster?.stop();
  core?.close();
  await sim?.close();
  dir?.cleanup();
});

/** What the station's file says, read from the signed payloads alone. */
function signed() {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  try {
    const invalidated = new Set(
      (db.prepare("SELECT return_id FROM return_invalidations WHERE status = 'APPROVED'").all() as { return_id: string }[]).map(
        (r) => r.return_id,
      ),
    );
    const returns = (db.prepare("SELECT id, status, jws FROM returns WHERE status = 'APPROVED'").all() as { id: string; jws: string }[])
      .filter((r) => !invalidated.has(r.id))
      .map((r) => payload(r.jws));
    const documents = (db.prepare("SELECT packed, status FROM documents WHERE status = 'APPROVED'").all() as { packed: Buffer }[]).map(
      (r) => payload(unpackDocument(r.packed).jws!),
    );
    return { returns, documents };
  } finally {
    db.close();
  }
}
const on = (er: Json) => String(obj((er.documentoRelacionado as unknown[])[0]).tipoDocumento);

describe('the books of a month with returns', () => {
  it('every return reached MH: online, in contingency after its event, and the one invalidated', () => {
    const all = Object.fromEntries(
      Object.entries(ers).map(([k, r]) => [k, core.returns.ofDocument(r.dteIds[0]!).events.find((e) => e.id === r.id)!.status]),
    );
    expect(all).toEqual({
      online: 'APPROVED',
      card: 'APPROVED',
      fex: 'APPROVED',
      fse: 'APPROVED',
      contingency: 'APPROVED',
      mistake: 'INVALIDATED',
    });
  });

  it("the IVA summary subtracts the FE and FEX returns' value and IVA, re-added from their signed payloads", () => {
    const { returns, documents } = signed();
    const consumer = returns.filter((r) => on(r) === '01' || on(r) === '11');
    expect(consumer).toHaveLength(4);
    const value = consumer.reduce(
      (t, r) =>
        t.plus(
          on(r) === '11'
            ? D(obj(r.resumen).montoTotalOperacion)
            : D(obj(r.resumen).totalGravada)
                .plus(D(obj(r.resumen).totalExenta))
                .plus(D(obj(r.resumen).totalNoSuj)),
        ),
      new Decimal(0),
    );
    // The IVA inside a month's taxed consumer amounts is 13/113 of their sum, rounded once (casillas 140 and 143):
    // the per-document totalIva of the ERs would round each one apart and differ from the F-07 by a cent.
    const inside = (withIva: Decimal) => new Decimal(fmt(withIva.times(13).div(113)));
    const returnedTaxed = consumer.filter((r) => on(r) === '01').reduce((t, r) => t.plus(D(obj(r.resumen).totalGravada)), new Decimal(0));
    const iva = inside(returnedTaxed);
    const salesTaxed = documents
      .filter((d) => obj(d.identificacion).tipoDte === '01' && String(obj(d.identificacion).fecEmi).startsWith(MONTH))
      .reduce((t, d) => t.plus(D(obj(d.resumen).totalGravada)).minus(D(obj(d.resumen).descuGravada)), new Decimal(0));
    expect(books.ivaSummary.devoluciones).toBe(fmt(value));
    expect(books.ivaSummary.devolucionesIva).toBe(fmt(iva));
    expect(iva.greaterThan(0)).toBe(true);
    expect(books.ivaSummary.consumer.debito).toBe(fmt(inside(salesTaxed).minus(iva)));
    // Anexo 2's casilla 140 is the same rule on the same sales: the book and the annex speak with one voice.
    const c140 = books.annexes.find((a) => a.annex === '2')!.casillas.find((c) => c.casilla === '140')!.amount;
    expect(D(c140).minus(iva).toFixed(2)).toBe(books.ivaSummary.consumer.debito);
  });

  it('Anexo 2 keeps its rows and names casillas 97 and 143; Anexo 5 says what to take from casilla 66', () => {
    const { returns } = signed();
    const fe = returns.filter((r) => on(r) === '01');
    const taxed = fe.reduce((t, r) => t.plus(D(obj(r.resumen).totalGravada)), new Decimal(0));
    const iva = new Decimal(fmt(taxed.times(13).div(113)));
    const annex2 = books.annexes.find((a) => a.annex === '2')!;
    const note = annex2.problems.find((p) => p.field === 'DEVOLUCIONES')!;
    expect(note.severity).toBe('warning');
    expect(note.message).toContain('4 devoluciones');
    expect(note.message).toContain(`gravadas $${fmt(taxed.minus(iva))} sin IVA (casilla 97) con débito de $${fmt(iva)} (casilla 143)`);
    expect(annex2.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const compra = returns.filter((r) => on(r) === '14').reduce((t, r) => t.plus(D(obj(r.resumen).totalCompraExcluidos)), new Decimal(0));
    expect(books.annexes.find((a) => a.annex === '5')!.problems.map((p) => p.message)).toContainEqual(
      expect.stringContaining(`por $${fmt(compra)}`),
    );
  });

  it("both IVA books give the month's débito net of the returns, as the summary does", async () => {
    const debitos = [];
    for (const book of ['consumidores', 'contribuyentes'] as const) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from((await core.books.bookFile(book, MONTH, 'xlsx')).base64, 'base64') as unknown as ArrayBuffer);
      const rows = wb.worksheets.flatMap((ws) => (ws.getSheetValues() as unknown[]).filter(Array.isArray) as unknown[][]);
      const consumer = rows.find((r) =>
        r.some((v) => typeof v === 'string' && /^(Consumidores finales: débito fiscal$|Débito fiscal \(IVA contenido)/.test(v)),
      );
      debitos.push(consumer?.find((v) => typeof v === 'number'));
    }
    expect(debitos).toEqual([Number(books.ivaSummary.consumer.debito), Number(books.ivaSummary.consumer.debito)]);
  });

  it("the consumers' book lists the standing returns, less; the sales report nets them out of the days", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from((await core.books.bookFile('consumidores', MONTH, 'xlsx')).base64, 'base64') as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Devoluciones')!;
    const text = JSON.stringify(sheet.getSheetValues());
    for (const name of ['online', 'card', 'contingency', 'fex']) expect(text).toContain(ers[name]!.id.toUpperCase());
    expect(text).not.toContain(ers.mistake!.id.toUpperCase());
    expect(text).not.toContain(ers.fse!.id.toUpperCase());

    const report = await core.books.report({ from: '2026-11-01', to: '2026-11-30' });
    const given = ['online', 'card', 'contingency', 'fex'].reduce((t, k) => t.plus(D(ers[k]!.total)), new Decimal(0));
    expect(report.totals.returnsCount).toBe(4);
    expect(report.totals.returns).toBe(fmt(given));
    const day3 = report.byDay.find((d) => d.date === '2026-11-03')!;
    expect(D(day3.sales).toNumber()).toBeLessThan(0);
  });
});

describe("the day's close", () => {
  it("counts the day's returns on sales, and takes the one paid in cash out of the drawer's expected cash", () => {
    // The 3rd: the returns on the FE and the FEX paid in cash, and on the FE paid by card; the FSE's is a purchase
    // given back (the seller refunds the company), not a refund from the drawer.
    const day = { scope: 'station', from: '2026-11-03T00:00:00-06:00', to: '2026-11-03T23:59:59-06:00' };
    const supervisor = { id: 'user:supervisor', caller: 'SUPERVISOR' as const };
    const cash = D(ers.online!.total).plus(D(ers.fex!.total));
    const close = core.closes.make({ ...day, drawer: { openingFloat: '50.00', counted: fmt(new Decimal(50).minus(cash)) } }, supervisor);
    expect(close.summary.returns).toMatchObject({ count: 3, total: fmt(cash.plus(D(ers.card!.total))), cash: fmt(cash) });
    expect(close.summary.returns!.documents.filter((d) => !d.cash).map((d) => d.id)).toEqual([ers.card!.id]);
    expect(close.summary.drawer).toMatchObject({ cashSales: '0.00', cashRefunds: fmt(cash), overShort: '0.00' });
    // The 10th's return was invalidated: that day's close has none.
    const tenth = core.closes.make({ scope: 'station', from: '2026-11-10T00:00:00-06:00', to: '2026-11-10T23:59:59-06:00' }, supervisor);
    expect(tenth.summary.returns).toMatchObject({ count: 0, total: '0.00' });
  });
});

describe("the hub's books of the same month", () => {
  it('the station replicates its returns (and the invalidation of one): the hub subtracts exactly what the station does', async () => {
    cluster = await startPgCluster();
    hubDb = openHubDatabase(cluster.url);
    await migrateHub(hubDb.q, HUB_MIGRATIONS);
    const hub = createHub({ db: hubDb.q, clock: fixedClock(at('2026-12-03', '09:00')), scryptCost: 10 });
    app = await buildHubServer({ hub, logger: silentLogger });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    await setHubCompany(hub);
    await trustStationKey(hub, core);
    await hub.stations.register({ id: 'M001-P001', companyId: '06140101001010', branchCode: 'M001', posNumber: 'P001', name: 'P001' });
    const { token } = await hub.tokens.create('M001-P001');
    const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
    core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' }, hub: { url, token } }, 'test');
    for (let pass = 0; pass < 20 && core.replication.status().waiting > 0; pass++) await core.replication.runOnce();
    expect(core.replication.status()).toMatchObject({ waiting: 0, lastError: null });
    const atHub = await (await hub.books()).month(MONTH);
    expect(atHub.ivaSummary).toEqual(books.ivaSummary);
    expect(atHub.ivaSummary.devoluciones).not.toBe('0.00');
    // The point's books find its returns by the ER's own establishment and point codes.
    expect((await (await hub.books({ point: 'M001P001' })).month(MONTH)).ivaSummary).toEqual(books.ivaSummary);
    expect((await (await hub.books({ point: 'M001P009' })).month(MONTH)).ivaSummary.devoluciones).toBe('0.00');
    const note = (m: MonthBooks) => m.annexes.find((a) => a.annex === '2')!.problems.find((p) => p.field === 'DEVOLUCIONES')?.message;
    expect(note(atHub)).toBe(note(books));
  });
});
