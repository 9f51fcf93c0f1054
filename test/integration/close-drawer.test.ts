// The drawer at the close (issue 33 finding 5), a supervisor's own sales (an NC is theirs to issue): a float, cash and card sales, an NC paid back in cash and one
// credited to the customer, the cash counted $1.00 short. Every line adds up to the net sales, the drawer's
// expected cash and over/short are exact, a bad amount is a 422 naming its field that stores nothing, and a
// second close shows the count that changed.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { moveStatus } from '../../main/core/dte/status';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { openStore, type Store } from '../../main/core/store/database';
import { paymentMethodName } from '../../shared/catalogs/display';
import type { DayClose } from '../../shared/close';
import type { DteRecord } from '../../shared/records';
import { Dec, sum } from '../../shared/tax';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import type { Problem } from '../support/http-station';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';

let dir: ReturnType<typeof tempDir>;
let clock: ReturnType<typeof fixedClock>;
let core: Core;
let store: Store;
let app: FastifyInstance;
let seller: Record<string, string>;

beforeEach(async () => {
  dir = tempDir();
  clock = fixedClock();
  core = createCore({ dataDir: dir.dir, clock, sync: { manual: true }, backups: { everyMs: 0 } });
  store = openStore(join(dir.dir, 'sello.db'));
  app = await buildHttpServer(core, { logger: silentLogger });
  seller = await sessionHeaders(app, 'supervisor');
});
afterEach(async () => {
  await app.close();
  store.close();
  core.close();
  dir.cleanup();
});

const id = (n: number) => `0d1a0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function issued(kind: 'fc' | 'ccf' | 'nc', body: Record<string, unknown>): Promise<DteRecord> {
  const res = await app.inject({ method: 'POST', url: `/dte/${kind}`, headers: seller, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const doc = res.json<DteRecord>();
  const at = '2026-11-22T09:15:00-06:00';
  expect(store.tx(() => moveStatus(store, silentLogger, { id: doc.id, to: 'APPROVED', at, cause: 'test' }))).toBe('moved');
  return doc;
}

const close = (payload: unknown) => app.inject({ method: 'POST', url: '/closes', headers: seller, payload: payload as object });

/** FC 10.08 in cash, FC 10.08 by credit card, CCF 47.22 in cash; an NC of 8.48 paid back in cash, one credited. */
async function theShift() {
  await issued('fc', { ...fcBody(id(1)), paymentType: 'CONTADO' });
  await issued('fc', { ...fcBody(id(2)), paymentType: 'CONTADO', payments: [{ method: '03', amount: 10.08, reference: '4242' }] });
  const ccf = await issued('ccf', { ...ccfBody(id(3)), paymentType: 'CONTADO' });
  await issued('nc', { ...ncBody(id(4), ccf.id), paymentType: 'CONTADO' });
  await issued('nc', { ...ncBody(id(5), ccf.id), paymentType: 'CREDITO' });
}

/** CAT-017's name as people read it (its accents are another part's to restore). */
const methodName = (code: string) => paymentMethodName(code)!;

const closes = () => store.sqlite.prepare('SELECT count(*) AS n FROM day_closes').get() as { n: number };

describe('the drawer at the close', () => {
  it('float + cash sales − cash refunds is expected; counted $1.00 short is −1.00; the lines add up to net', async () => {
    await theShift();
    const res = await close({ scope: 'me', drawer: { openingFloat: '50.00', counted: '97.82' } });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<DayClose>().summary;
    // 10.08 + 10.08 + 47.22 − 8.48 − 8.48.
    expect(s.netSales).toBe('50.42');
    expect(s.reconciliation).toEqual({
      lines: [
        { key: 'payment.01', label: methodName('01'), count: 2, amount: '57.30' },
        { key: 'payment.03', label: methodName('03'), count: 1, amount: '10.08' },
        { key: 'ncCash', label: 'notas de crédito devueltas en efectivo', count: 1, amount: '-8.48' },
        { key: 'ncCredit', label: 'notas de crédito abonadas a la cuenta del cliente', count: 1, amount: '-8.48' },
      ],
      netSales: '50.42',
    });
    const lines = sum(s.reconciliation!.lines.map((l) => new Dec(l.amount)));
    expect(lines.toFixed(2)).toBe(s.netSales);
    // 50.00 + 57.30 − 8.48 = 98.82 expected; 97.82 counted. The NC on credit never touches the drawer.
    expect(s.drawer).toEqual({
      openingFloat: '50.00',
      cashSales: '57.30',
      cashRefunds: '8.48',
      expected: '98.82',
      counted: '97.82',
      overShort: '-1.00',
    });
    const audited = store.sqlite.prepare("SELECT detail FROM audit_log WHERE action = 'close.made'").get() as { detail: string };
    expect(JSON.parse(audited.detail)).toMatchObject({ drawer: { openingFloat: '50.00', counted: '97.82', overShort: '-1.00' } });
  });

  it('refuses an amount that is not dollars and cents, naming the field, and stores nothing', async () => {
    await theShift();
    for (const [drawer, path] of [
      [{ openingFloat: '50.00', counted: '97.825' }, 'drawer.counted'],
      [{ openingFloat: '-5', counted: '97.82' }, 'drawer.openingFloat'],
      [{ openingFloat: 50, counted: '97.82' }, 'drawer.openingFloat'],
      [{ counted: '97.82' }, 'drawer.openingFloat'],
    ] as const) {
      const res = await close({ scope: 'me', drawer });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json<Problem>().errors.map((e) => e.path)).toContain(path);
    }
    expect(closes().n).toBe(0);
  });

  it('a second close of the shift shows the count and the over/short that changed', async () => {
    await theShift();
    const first = (await close({ scope: 'me', drawer: { openingFloat: '50.00', counted: '97.82' } })).json<DayClose>();
    clock.advance(60_000);
    const res = await close({ scope: 'me', drawer: { openingFloat: '50.00', counted: '98.82' } });
    const second = res.json<DayClose>();
    expect(second.previous).toBe(first.id);
    expect(second.difference!.figures).toEqual({
      'drawer.counted': { before: '97.82', after: '98.82', change: '1.00' },
      'drawer.overShort': { before: '-1.00', after: '0.00', change: '1.00' },
    });
  });

  it('a close stored before the NR, CL, DCL and CD kinds is compared, reprinted and read without them', async () => {
    await theShift();
    const first = (await close({ scope: 'me', drawer: { openingFloat: '50.00', counted: '97.82' } })).json<DayClose>();
    // As a station made it before issue 57: byKind with the seven kinds of its day only.
    const row = store.sqlite.prepare('SELECT summary FROM day_closes WHERE id = ?').get(first.id) as { summary: string };
    const summary = JSON.parse(row.summary) as { byKind: Record<string, unknown> };
    for (const k of ['NR', 'CL', 'DCL', 'CD']) delete summary.byKind[k];
    // The table is append-only (migration 013): the trigger steps aside only to stage the old row.
    store.sqlite.exec('DROP TRIGGER day_closes_no_update');
    store.sqlite.prepare('UPDATE day_closes SET summary = ? WHERE id = ?').run(JSON.stringify(summary), first.id);
    store.sqlite.exec(
      "CREATE TRIGGER day_closes_no_update BEFORE UPDATE ON day_closes BEGIN SELECT RAISE(ABORT, 'day_closes is append-only'); END;",
    );
    clock.advance(60_000);
    const res = await close({ scope: 'me', drawer: { openingFloat: '50.00', counted: '97.82' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DayClose>().difference!.figures).toEqual({});
    for (const path of ['receipt', 'pdf']) {
      const paper = await app.inject({ method: 'GET', url: `/closes/${first.id}/${path}`, headers: seller });
      expect(paper.statusCode, `${path} ${paper.body.slice(0, 200)}`).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: `/closes/${first.id}`, headers: seller })).statusCode).toBe(200);
  });

  it('the receipt and the letter paper show the lines that add up to net and the drawer, short by $1.00', async () => {
    await theShift();
    const c = (await close({ scope: 'me', drawer: { openingFloat: '50.00', counted: '97.82' } })).json<DayClose>();
    for (const url of [`/closes/${c.id}/receipt?width=80`, `/closes/${c.id}/pdf`]) {
      const res = await app.inject({ method: 'GET', url, headers: seller });
      expect(res.statusCode, url).toBe(200);
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      expect(text, url).toMatch(/Cuadre con la venta neta/i);
      // pdftotext reads labels and amounts column by column: each is looked for on its own.
      for (const words of [
        'Notas de crédito devueltas en efectivo (1)',
        'Notas de crédito abonadas a la cuenta del cliente (1)',
        '= Venta neta',
        'Fondo inicial',
        '= Efectivo esperado',
        'Efectivo contado',
        'Faltante',
        '$50.42',
        '$98.82',
        '$97.82',
        '-$1.00',
      ])
        expect(text, `${url}: ${words}`).toContain(words);
    }
  });

  it('a float recorded at the start of the shift is the one the close takes: once, audited, another refused', async () => {
    const open = (payload: unknown, headers = seller) =>
      app.inject({ method: 'POST', url: '/closes/openings', headers, payload: payload as object });
    const current = async () => (await app.inject({ method: 'GET', url: '/closes/openings/current', headers: seller })).json<unknown>();
    const openings = () => (store.sqlite.prepare('SELECT count(*) AS n FROM drawer_openings').get() as { n: number }).n;
    // Bad input names the field and records nothing.
    for (const [payload, path] of [
      [{ scope: 'me', amount: '-5' }, 'amount'],
      [{ scope: 'me', amount: 50 }, 'amount'],
      [{ scope: 'me' }, 'amount'],
      [{ scope: 'nobody', amount: '50' }, 'scope'],
    ] as const) {
      const res = await open(payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<Problem>().errors.map((e) => e.path)).toContain(path);
    }
    expect(openings()).toBe(0);
    expect(await current()).toBeNull();
    // A cashier opens only her own drawer.
    const cashier = await sessionHeaders(app, 'cajero');
    expect((await open({ scope: { login: 'supervisor' }, amount: '50' }, cashier)).statusCode).toBe(403);

    const opened = await open({ scope: 'me', amount: '50' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ scope: 'user:supervisor', amount: '50.00', openedBy: 'user:supervisor' });
    expect(await current()).toMatchObject({ amount: '50.00' });
    const audited = store.sqlite.prepare("SELECT detail FROM audit_log WHERE action = 'drawer.opened'").all() as { detail: string }[];
    expect(audited.map((a) => JSON.parse(a.detail) as unknown)).toEqual([{ scope: 'user:supervisor', amount: '50.00' }]);
    // Once per shift: a second float is refused, naming the field, and the first stands.
    clock.advance(60_000);
    const again = await open({ scope: 'me', amount: '80' });
    expect(again.statusCode).toBe(422);
    expect(again.json<Problem>().errors[0]).toMatchObject({ path: 'amount', code: 'DUPLICATE' });
    expect(openings()).toBe(1);

    await theShift();
    // A different float typed at the close is refused; nothing is stored.
    const typed = await close({ scope: 'me', drawer: { openingFloat: '60.00', counted: '97.82' } });
    expect(typed.statusCode).toBe(422);
    expect(typed.json<Problem>().errors[0]).toMatchObject({ path: 'drawer.openingFloat', code: 'NOT_ALLOWED' });
    expect(closes().n).toBe(0);
    // The count alone: the recorded float is taken, and said where it came from.
    clock.advance(60_000);
    const res = await close({ scope: 'me', drawer: { counted: '97.82' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DayClose>().summary.drawer).toMatchObject({
      openingFloat: '50.00',
      expected: '98.82',
      overShort: '-1.00',
      floatOpenedAt: expect.stringMatching(/T09:30:00-06:00$/) as unknown,
    });
    // The close ended the shift: the next one opens with a float of its own.
    expect(await current()).toBeNull();
    clock.advance(60_000);
    expect((await open({ scope: 'me', amount: '20' })).statusCode).toBe(201);
  });
});
