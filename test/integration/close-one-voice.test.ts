// The close and the books speak with one voice (issue 53 item 3): a day under the Normativa DTE v2.0 made by the
// product against the MH simulator over HTTP, with a cash sale, a card sale, a CCF and its NC paid back in cash, and
// Eventos de Retorno on the cash sale and on the card sale. The station's close gives the sales report's net sales
// and IVA for the day, its reconciliation explains every cent, and its drawer pays the cash return and the NC out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { buildHttpServer } from '../../main/http/server';
import type { SalesReport } from '../../shared/books';
import type { DayClose } from '../../shared/close';
import type { DteKind } from '../../shared/contract';
import { Dec } from '../../shared/tax';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';

const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00-06:00`).toISOString();
const clock = fixedClock(at('2026-11-03', '08:00'));
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let close: DayClose;
let report: SalesReport;
const ids: Record<string, string> = {};
let n = 0;

function issue(name: string, kind: DteKind, body: Record<string, unknown>) {
  ids[name] = core.dtes.create(
    kind,
    { ...body, id: `c105e000-0000-4000-8000-${String(++n).padStart(12, '0')}`, generatedAt: undefined },
    'user:cajero',
  ).record.id;
}
async function sync(rounds = 3) {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    clock.advance(60_000);
  }
}

beforeAll(async () => {
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 0 });
  dir = tempDir('sello-close-voice-');
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 2000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    backups: { everyMs: 0 },
  });
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
  const withDistrict = (b: Record<string, unknown>) => {
    const r = b.recipient as { address: object };
    return { ...b, retentionRenta: undefined, recipient: { ...r, address: { ...r.address, district: '14' } } };
  };
  issue('cash', 'FC', withDistrict(fcBody('')));
  issue('card', 'FC', { ...withDistrict(fcBody('')), payments: [{ method: '03', amount: 10.08, reference: '4242' }] });
  issue('ccf', 'CCF', { ...withDistrict(ccfBody('')), paymentType: 'CONTADO', payments: undefined });
  await sync();
  clock.set(at('2026-11-03', '11:00'));
  issue('nc', 'NC', { ...withDistrict(ncBody('', ids.ccf!)), paymentType: 'CONTADO' });
  await sync();
  clock.set(at('2026-11-03', '15:00'));
  for (const dte of ['cash', 'card'])
    await core.returns.make({ lines: [{ dteId: ids[dte]!, item: 1, quantity: 1 }], reason: `Devolución ${dte}` }, 'user:supervisor');
  await sync();
  clock.set(at('2026-11-03', '19:00'));
  const supervisor = await sessionHeaders(app, 'supervisor');
  const res = await app.inject({
    method: 'POST',
    url: '/closes',
    headers: supervisor,
    payload: { scope: 'station', from: '2026-11-03T00:00:00-06:00', drawer: { openingFloat: '50.00', counted: '50.00' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  close = res.json<DayClose>();
  const r = await app.inject({ method: 'GET', url: '/reports/sales?from=2026-11-03&to=2026-11-03', headers: supervisor });
  expect(r.statusCode, r.body).toBe(200);
  report = r.json<SalesReport>();
}, 120_000);
afterAll(async () => {
  await app?.close();
  core?.close();
  await sim?.close();
  dir?.cleanup();
});

describe('a day with cash and card returns and an NC', () => {
  it('every document was sealed and both returns stand', () => {
    for (const [name, id] of Object.entries(ids)) expect(core.dtes.get(id).status, name).toBe('APPROVED');
    expect(close.summary.returns?.count).toBe(2);
    expect(report.totals.returnsCount).toBe(2);
  });

  it("the close's net sales and IVA are the sales report's", () => {
    expect(close.summary.netSales).toBe(report.totals.sales);
    expect(close.summary.iva).toBe(report.totals.iva);
    expect(new Dec(close.summary.iva).greaterThan(0)).toBe(true);
  });

  it('the reconciliation explains every cent: payments, the NC paid back and the returns', () => {
    const lines = close.summary.reconciliation!.lines;
    expect(lines.map((l) => l.key)).not.toContain('unexplained');
    const sum = lines.reduce((t, l) => t.plus(l.amount), new Dec(0));
    expect(sum.toFixed(2)).toBe(close.summary.netSales);
    expect(lines.find((l) => l.key === 'returns')).toMatchObject({ count: 2, amount: `-${close.summary.returns!.total}` });
  });

  it('the drawer pays out the cash return and the NC al contado, not the card return', () => {
    const s = close.summary;
    const ncTotal = new Dec(s.byKind.NC!.total).abs();
    const cashReturn = s.returns!.documents.filter((d) => d.cash);
    expect(cashReturn).toHaveLength(1);
    expect(s.drawer!.cashRefunds).toBe(ncTotal.plus(cashReturn[0]!.total).toFixed(2));
    expect(s.drawer!.expected).toBe(new Dec('50.00').plus(s.drawer!.cashSales).minus(s.drawer!.cashRefunds).toFixed(2));
  });
});
