// Money follows the person and the drawer (issue 55 items 2, 3 and 6's drawer; docs/decisions/0073-money-follows-the-person.md):
// a one-drawer shop with two people, on a real HTTP server (a socket, fetch) with the MH simulator and a virtual
// ESC/POS printer. The cashier's float is typed $500 for $50 and a supervisor corrects it with a reason; she sells
// in cash and by card and prints the cash sale; the supervisor pays a return out in cash and credits an NC to the
// customer's account; the cashier opens the drawer by hand. Both people's closes and the station's reconcile to the
// cent, add up to each other and to the sales report's net sales; every pulse is in the close and the audit.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { DEMO_API_KEY, DEMO_STATION } from '../../main/core/station/demo';
import { openStore, type Store } from '../../main/core/store/database';
import { buildHttpServer } from '../../main/http/server';
import { pulsesBetween } from '../../main/core/printer/print-jobs-repo';
import type { SalesReport } from '../../shared/books';
import type { DayClose, DrawerOpening, FloatCorrection } from '../../shared/close';
import type { DteRecord } from '../../shared/records';
import type { ReturnRecord } from '../../shared/retorno';
import { Dec } from '../../shared/tax';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { pdfText } from '../support/pdf';
import { startVirtualPrinter, type VirtualPrinter } from '../support/virtual-printer';

const at = (time: string) => new Date(`2026-11-03T${time}:00-06:00`).toISOString();
const clock = fixedClock(at('07:30'));
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let store: Store;
let printer: VirtualPrinter;
let url = '';
const people: Record<string, Record<string, string>> = {};
const pos = { 'X-API-Key': DEMO_API_KEY, 'X-API-Version': '1', 'Content-Type': 'application/json' };
let n = 0;
const newId = () => `5a1f0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'Content-Type')) : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: <T>() => JSON.parse(text) as T };
};
async function login(name: string, password: string) {
  const res = await fetch(`${url}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: name, password }),
  });
  expect(res.status).toBe(201);
  people[name] = { Cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, 'X-API-Version': '1', 'Content-Type': 'application/json' };
}
const withDistrict = (b: Record<string, unknown>) => {
  const r = b.recipient as { address: object };
  return { ...b, generatedAt: undefined, retentionRenta: undefined, recipient: { ...r, address: { ...r.address, district: '14' } } };
};
async function sync(rounds = 3) {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    clock.advance(30_000);
  }
}
async function issue(who: Record<string, string>, kind: string, body: Record<string, unknown>, extra: Record<string, string> = {}) {
  const res = await call('POST', `/dte/${kind}`, { ...who, ...extra }, body);
  expect(res.status, res.text).toBe(201);
  return res.json<DteRecord>();
}
const closeOf = async (who: Record<string, string>, body: unknown) => {
  const res = await call('POST', '/closes', who, body);
  expect(res.status, res.text).toBe(201);
  return res.json<DayClose>();
};
const auditOf = (action: string) =>
  store.sqlite.prepare('SELECT actor, subject, detail FROM audit_log WHERE action = ? ORDER BY seq').all(action) as {
    actor: string;
    subject: string | null;
    detail: string;
  }[];

/** The clock moves on; the sessions end after 30 minutes without use, so everyone logs in again. */
async function later(time: string) {
  clock.set(at(time));
  for (const [name, password] of [
    ['admin', 'demo-admin'],
    ['supervisor', 'demo-super'],
    ['cajero', '123456'],
  ] as const)
    await login(name, password);
}

const docs: Record<string, DteRecord> = {};
let opening: DrawerOpening;
let cajero: DayClose;
let supervisor: DayClose;
let station: DayClose;
let report: SalesReport;

beforeAll(async () => {
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 0 });
  printer = await startVirtualPrinter();
  dir = tempDir('sello-shift-money-');
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
  store = openStore(join(dir.dir, 'sello.db'));
  app = await buildHttpServer(core, { logger: silentLogger });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  await login('admin', 'demo-admin');
  await login('supervisor', 'demo-super');
  await login('cajero', '123456');
  const put = await call('PUT', '/settings/printing', people.admin!, {
    printer: null,
    receiptWidth: 80,
    silentReceipt: false,
    receiptOutput: 'escpos',
    escpos: { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: true },
  });
  expect(put.status, put.text).toBe(200);
}, 60_000);
afterAll(async () => {
  await app?.close();
  store?.close();
  core?.close();
  await sim?.close();
  await printer?.close();
  dir?.cleanup();
});

describe('the shift begins with a float, asked once and corrected by a supervisor', () => {
  it('the first sale finds no float; it is recorded once: a second one is a 422 that names the first', async () => {
    expect((await call('GET', '/closes/openings/current?scope=me', people.cajero!)).text).toBe('null');
    const first = await call('POST', '/closes/openings', people.cajero!, { scope: 'me', amount: '500.00' });
    expect(first.status, first.text).toBe(201);
    opening = first.json<DrawerOpening>();
    const again = await call('POST', '/closes/openings', people.cajero!, { scope: 'me', amount: '50.00' });
    expect(again.status).toBe(422);
    expect(again.json<{ errors: { path: string; code: string; message: string }[] }>().errors[0]).toMatchObject({
      path: 'amount',
      code: 'DUPLICATE',
      message: expect.stringContaining('$500.00') as string,
    });
  });

  it('a cashier cannot correct a float; a supervisor needs a reason; the correction is audited and the float stays', async () => {
    const path = `/closes/openings/${opening.id}/corrections`;
    expect((await call('POST', path, people.cajero!, { amount: '50.00', reason: 'Me equivoqué' })).status).toBe(403);
    const noReason = await call('POST', path, people.supervisor!, { amount: '50.00' });
    expect(noReason.status).toBe(422);
    expect(noReason.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['reason']);
    const short = await call('POST', path, people.supervisor!, { amount: '50.00', reason: '  no ' });
    expect(short.status).toBe(422);
    expect(short.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'reason', code: 'REQUIRED', message: 'Escriba el motivo de la corrección (al menos 5 letras).' },
    ]);
    const badAmount = await call('POST', path, people.supervisor!, { amount: '5O', reason: 'Tecleó 500 por 50' });
    expect(badAmount.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['amount']);
    expect(auditOf('drawer.float.corrected')).toHaveLength(0);
    const ok = await call('POST', path, people.supervisor!, { amount: '50.00', reason: 'Tecleó 500 por 50' });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json<FloatCorrection>()).toMatchObject({ amount: '50.00', correctedBy: 'user:supervisor' });
    const audited = auditOf('drawer.float.corrected');
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor).toBe('user:supervisor');
    expect(JSON.parse(audited[0]!.detail)).toMatchObject({ recorded: '500.00', from: '500.00', to: '50.00', reason: 'Tecleó 500 por 50' });
    const now = (await call('GET', '/closes/openings/current?scope=me', people.cajero!)).json<DrawerOpening>();
    expect(now).toMatchObject({ amount: '500.00', correction: { amount: '50.00', reason: 'Tecleó 500 por 50' } });
    // The station's shift: everyone's floats as corrected, so its close does not ask for one again.
    const station = (await call('GET', '/closes/openings/current?scope=station', people.supervisor!)).json<DrawerOpening>();
    expect(station).toMatchObject({ scope: 'station', amount: '50.00', openedByName: 'Cajera Demo' });
    expect(
      (
        await call('POST', '/closes/openings/00000000-0000-4000-8000-000000000000/corrections', people.supervisor!, {
          amount: '1.00',
          reason: 'no existe',
        })
      ).status,
    ).toBe(404);
  });
});

describe('a one-drawer day with two people', () => {
  beforeAll(async () => {
    await later('09:00');
    docs.cash = await issue(people.cajero!, 'fc', { ...withDistrict(fcBody(newId())), payments: undefined });
    docs.card = await issue(people.cajero!, 'fc', {
      ...withDistrict(fcBody(newId())),
      payments: [{ method: '03', amount: 10.08, reference: '4242' }],
    });
    docs.ccf = await issue(people.cajero!, 'ccf', { ...withDistrict(ccfBody(newId())), paymentType: 'CONTADO', payments: undefined });
    await sync();
    const printed = await call('POST', `/dte/${docs.cash.id}/print`, people.cajero!);
    expect(printed.status, printed.text).toBe(200);
    await later('10:00');
    const ret = await call(
      'POST',
      '/dte/return',
      { ...people.supervisor!, 'Sello-Refund-Method': 'cash' },
      { lines: [{ dteId: docs.cash.id, item: 1, quantity: 1 }], reason: 'Producto dañado' },
    );
    expect([201, 202], ret.text).toContain(ret.status);
    docs.returnId = { id: ret.json<ReturnRecord>().id } as DteRecord;
    docs.nc = await issue(
      people.supervisor!,
      'nc',
      { ...withDistrict(ncBody(newId(), docs.ccf.id)), paymentType: 'CONTADO' },
      {
        'Sello-Refund-Method': 'account',
      },
    );
    await sync();
    await later('11:00');
    const f8 = await call('POST', '/printer/drawer', people.cajero!);
    expect(f8.status, f8.text).toBe(200);
    await later('12:00');
    const cashierExpected = await closeOf(people.cajero!, { scope: 'me' });
    expect(cashierExpected.summary.drawer).toBeNull();
    // The cashier counts what her figures say; the supervisor, who had no float, types 0.00 and counts nothing.
    cajero = await closeOf(people.cajero!, { scope: 'me', drawer: { counted: '100.00' } });
    supervisor = await closeOf(people.supervisor!, { scope: 'me', drawer: { openingFloat: '0.00', counted: '0.00' } });
    station = await closeOf(people.supervisor!, { scope: 'station', drawer: { counted: '100.00' } });
    const r = await call('GET', '/reports/sales?from=2026-11-03&to=2026-11-03', people.supervisor!);
    expect(r.status, r.text).toBe(200);
    report = r.json<SalesReport>();
  }, 120_000);

  it('every document and the return were sealed', () => {
    for (const k of ['cash', 'card', 'ccf', 'nc']) expect(core.dtes.get(docs[k]!.id).status, k).toBe('APPROVED');
    expect(station.summary.returns?.count).toBe(1);
  });

  it('the close takes the corrected float and shows both figures', () => {
    expect(cajero.summary.drawer).toMatchObject({
      openingFloat: '50.00',
      floats: [{ scope: 'user:cajero', recorded: '500.00', correction: { amount: '50.00', reason: 'Tecleó 500 por 50' } }],
    });
    // The station's close takes the floats registered, not one typed again.
    expect(station.summary.drawer).toMatchObject({ openingFloat: '50.00', floats: [{ scope: 'user:cajero', recorded: '500.00' }] });
  });

  it('each refund is charged to the supervisor who paid it, with how: the return in cash, the NC on account', () => {
    const lines = station.summary.refunds ?? [];
    expect(lines.map((l) => [l.kind, l.method, l.paidBy])).toEqual([
      ['NC', 'account', 'user:supervisor'],
      ['ER', 'cash', 'user:supervisor'],
    ]);
    expect(supervisor.summary.refunds?.map((l) => l.kind)).toEqual(['NC', 'ER']);
    expect(cajero.summary.refunds).toEqual([]);
    const recorded = auditOf('refund.recorded');
    expect(recorded.map((a) => [a.actor, (JSON.parse(a.detail) as { method: string }).method])).toEqual([
      ['user:supervisor', 'cash'],
      ['user:supervisor', 'account'],
    ]);
  });

  it("each person's expected cash: float + cash sales − cash refunds paid out; the two add up to the station's", () => {
    const c = cajero.summary.drawer!;
    const s = supervisor.summary.drawer!;
    const st = station.summary.drawer!;
    const cashReturn = new Dec(station.summary.returns!.cash);
    expect(cashReturn.greaterThan(0)).toBe(true);
    expect(c.cashRefunds).toBe('0.00');
    expect(c.expected).toBe(new Dec('50.00').plus(c.cashSales).toFixed(2));
    expect(s).toMatchObject({ openingFloat: '0.00', cashSales: '0.00', cashRefunds: cashReturn.toFixed(2) });
    expect(s.expected).toBe(cashReturn.neg().toFixed(2));
    // The NC credited on account never touches the drawer.
    expect(st.cashRefunds).toBe(cashReturn.toFixed(2));
    expect(st.cashSales).toBe(c.cashSales);
    expect(st.expected).toBe(new Dec(c.expected).plus(s.expected).toFixed(2));
    expect(st.overShort).toBe(new Dec('100.00').minus(st.expected).toFixed(2));
  });

  it("the people's net sales add up to the station's, which is the sales report's", () => {
    for (const close of [cajero, supervisor, station]) {
      const lines = close.summary.reconciliation!.lines;
      expect(lines.map((l) => l.key)).not.toContain('unexplained');
      expect(lines.reduce((t, l) => t.plus(l.amount), new Dec(0)).toFixed(2)).toBe(close.summary.netSales);
    }
    expect(new Dec(cajero.summary.netSales).plus(supervisor.summary.netSales).toFixed(2)).toBe(station.summary.netSales);
    expect(station.summary.netSales).toBe(report.totals.sales);
    expect(station.summary.iva).toBe(report.totals.iva);
    expect(station.summary.reconciliation!.lines.find((l) => l.key === 'ncCredit')).toMatchObject({ count: 1 });
    expect(station.summary.reconciliation!.lines.find((l) => l.key === 'ncCash')).toBeUndefined();
  });

  it('every drawer pulse is in the close and the audit: the sale, the cash refund and the one by hand', async () => {
    await expect.poll(() => printer.receipts().flatMap((r) => r.pulses).length + 0, { timeout: 5000 }).toBeGreaterThan(0);
    const pulses = station.summary.drawerPulses ?? [];
    expect(pulses.map((p) => [p.cause, p.by])).toEqual([
      ['sale', 'user:cajero'],
      ['refund', 'user:supervisor'],
      ['manual', 'user:cajero'],
    ]);
    expect(pulses[0]!.ref).toBe(docs.cash!.id);
    expect(pulses[1]!.ref).toBe(docs.returnId!.id);
    expect(cajero.summary.drawerPulses?.map((p) => p.cause)).toEqual(['sale', 'manual']);
    expect(supervisor.summary.drawerPulses?.map((p) => p.cause)).toEqual(['refund']);
    // "Abrir gaveta" after the refund is still the only opening without a sale.
    expect(station.summary.drawerKicks?.map((k) => k.by)).toEqual(['user:cajero']);
    expect(auditOf('drawer.open').map((a) => (JSON.parse(a.detail) as { cause: string }).cause)).toEqual(['sale', 'refund', 'manual']);
  });

  it('the close ticket (80 mm) says the same', async () => {
    const ticket = await fetch(`${url}/closes/${station.id}/receipt?width=80`, { headers: people.supervisor! });
    expect(ticket.status).toBe(200);
    const text = pdfText(Buffer.from(await ticket.arrayBuffer())).replace(/\s+/g, ' ');
    for (const words of [
      'Fondo registrado (Cajera Demo) $500.00',
      'Fondo corregido por Supervisor Demo $50.00',
      'Motivo: Tecleó 500 por 50',
      'NC · abono a la cuenta · Supervisor Demo',
      'Devolución · efectivo · Supervisor Demo',
      'APERTURAS DE GAVETA',
      'venta Cajera Demo',
      'sin venta Cajera Demo',
    ])
      expect(text, words).toContain(words);
  });

  it('the close on paper says both floats, who paid each refund and how, and every pulse', async () => {
    const pdf = await fetch(`${url}/closes/${station.id}/pdf`, { headers: people.supervisor! });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    const drawer = text.slice(text.indexOf('EFECTIVO EN CAJA'), text.indexOf('DEVOLUCIONES Y NOTAS'));
    // The letter PDF writes its labels, then its amounts: the recorded float, the corrected one, the one taken.
    expect(drawer).toMatch(
      /Fondo registrado \(Cajera Demo\)\nFondo corregido por Supervisor Demo\nMotivo: Tecleó 500 por 50\nFondo inicial/,
    );
    expect(drawer).toMatch(/\$500\.00\n\$50\.00\n\$50\.00\n/);
    expect(text).toContain('NC · abono a la cuenta · Supervisor Demo\nDevolución · efectivo · Supervisor Demo');
    expect(text).toMatch(/APERTURAS DE GAVETA\n.* venta\n.* devolución\n.* sin venta\n\nCajera Demo\nSupervisor Demo\nCajera Demo/);
  });
});

describe('a POS issues NCs under the spec', () => {
  it('an NC without the header is recorded as unknown, charged to no person, and opens nothing', async () => {
    const before = printer.receipts().flatMap((r) => r.pulses).length;
    const nc = await issue(pos, 'nc', { ...withDistrict(ncBody(newId(), docs.ccf!.id)), paymentType: 'CONTADO' });
    const row = store.sqlite.prepare('SELECT method, paid_by FROM refunds WHERE ref_id = ?').get(nc.id);
    expect(row).toEqual({ method: 'unknown', paid_by: expect.stringMatching(/^api-key:/) as string });
    expect(store.sqlite.prepare('SELECT count(*) AS n FROM drawer_kicks WHERE dte_id = ?').get(nc.id)).toEqual({ n: 0 });
    expect(printer.receipts().flatMap((r) => r.pulses).length).toBe(before);
  });

  it("an NC the POS says was paid in cash opens the drawer, recorded and audited as the POS's", async () => {
    const nc = await issue(
      pos,
      'nc',
      { ...withDistrict(ncBody(newId(), docs.ccf!.id)), paymentType: 'CONTADO' },
      { 'Sello-Refund-Method': 'cash' },
    );
    const kick = store.sqlite.prepare('SELECT by, cause FROM drawer_kicks WHERE dte_id = ?').get(nc.id) as { by: string; cause: string };
    expect(kick).toEqual({ by: expect.stringMatching(/^api-key:/) as string, cause: 'refund' });
    expect(auditOf('drawer.open').filter((a) => a.subject === nc.id)).toHaveLength(1);
    // F8 in the same second: the close lists the two in the order they happened.
    for (let i = 0; i < 3; i++) expect((await call('POST', '/printer/drawer', people.cajero!)).status).toBe(200);
    const last = pulsesBetween(store, '2026-11-03T00:00:00-06:00', '2026-11-03T23:59:59-06:00', null).slice(-4);
    expect(last.map((p) => [p.cause, p.ref === nc.id || p.ref === null])).toEqual([
      ['refund', true],
      ['manual', true],
      ['manual', true],
      ['manual', true],
    ]);
  });

  it('a drawer that does not open is audited and never undoes the refund', async () => {
    await printer.refuse(true);
    try {
      const nc = await issue(
        pos,
        'nc',
        { ...withDistrict(ncBody(newId(), docs.ccf!.id)), paymentType: 'CONTADO' },
        { 'Sello-Refund-Method': 'cash' },
      );
      expect(store.sqlite.prepare('SELECT method FROM refunds WHERE ref_id = ?').get(nc.id)).toEqual({ method: 'cash' });
      expect(store.sqlite.prepare('SELECT count(*) AS n FROM drawer_kicks WHERE dte_id = ?').get(nc.id)).toEqual({ n: 0 });
      expect(auditOf('drawer.open.failed').filter((a) => a.subject === nc.id)).toHaveLength(1);
    } finally {
      await printer.refuse(false);
    }
  });

  it('a refund method Sello does not know is a 422 naming the header, and nothing is issued', async () => {
    const id = newId();
    const res = await call('POST', '/dte/nc', { ...pos, 'Sello-Refund-Method': 'bitcoin' }, { ...withDistrict(ncBody(id, docs.ccf!.id)) });
    expect(res.status).toBe(422);
    expect(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['Sello-Refund-Method']);
    expect((await call('GET', `/dte/${id}`, pos)).status).toBe(404);
  });

  it('the POS cannot pulse the drawer by hand nor print', async () => {
    expect((await call('POST', '/printer/drawer', pos)).status).toBe(403);
    expect((await call('POST', `/dte/${docs.cash!.id}/print`, pos)).status).toBe(403);
  });
});
