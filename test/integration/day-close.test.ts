// The day's close over HTTP (issue 14 item 6): two cashiers and a supervisor issue documents, the sync engine's
// answers are set as it would set them, and each close is checked figure by figure: per cashier, for the
// station, a second close with its difference, who may close what, the record that cannot change, the paper.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { moveStatus } from '../../main/core/dte/status';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { openStore, type Store } from '../../main/core/store/database';
import type { DayClose, DayClosePage } from '../../shared/close';
import type { DteRecord } from '../../shared/records';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import type { Problem } from '../support/http-station';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';

let dir: ReturnType<typeof tempDir>;
let clock: ReturnType<typeof fixedClock>;
let core: Core;
let store: Store;
let app: FastifyInstance;
let cashier: Record<string, string>;
let cashier2: Record<string, string>;
let supervisor: Record<string, string>;

beforeEach(async () => {
  dir = tempDir();
  clock = fixedClock();
  core = createCore({ dataDir: dir.dir, clock, sync: { manual: true }, backups: { everyMs: 0 } });
  store = openStore(join(dir.dir, 'sello.db'));
  app = await buildHttpServer(core, { logger: silentLogger });
  cashier = await sessionHeaders(app, 'cajero');
  cashier2 = await sessionHeaders(app, 'cajera2', core, 'CASHIER');
  supervisor = await sessionHeaders(app, 'supervisor');
});
afterEach(async () => {
  await app.close();
  store.close();
  core.close();
  dir.cleanup();
});

const id = (n: number) => `0c1a0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function issue(kind: 'fc' | 'ccf' | 'nc', body: Record<string, unknown>, headers: Record<string, string>): Promise<DteRecord> {
  const res = await app.inject({ method: 'POST', url: `/dte/${kind}`, headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DteRecord>();
}

/** What the sync engine does with MH's answer (or, for INVALIDATED, with MH's acceptance of the invalidation). */
const settle = (docId: string, to: 'APPROVED' | 'REJECTED' | 'INVALIDATED') =>
  expect(store.tx(() => moveStatus(store, silentLogger, { id: docId, to, at: '2026-11-22T09:45:00-06:00', cause: 'test' }))).toBe('moved');

const fc = (n: number, paymentType: 'CONTADO' | 'OTRO' | 'CREDITO') => ({ ...fcBody(id(n)), paymentType });

const close = (headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: '/closes', headers, payload: payload as object });

/** The day: cajero sells four FC (cash, other, one left pending, one invalidated) and a CCF on credit; cajera2 two FC (one rejected); the supervisor an NC. */
async function theDay() {
  const f1 = await issue('fc', fc(1, 'CONTADO'), cashier);
  const f2 = await issue('fc', fc(2, 'OTRO'), cashier);
  const f3 = await issue('fc', fc(3, 'CONTADO'), cashier);
  const f4 = await issue('fc', fc(4, 'CONTADO'), cashier);
  const c1 = await issue('ccf', ccfBody(id(5)), cashier);
  const f5 = await issue('fc', fc(6, 'CONTADO'), cashier2);
  const f6 = await issue('fc', fc(7, 'CONTADO'), cashier2);
  for (const d of [f1, f2, f4, c1, f6]) settle(d.id, 'APPROVED');
  settle(f4.id, 'INVALIDATED');
  settle(f5.id, 'REJECTED');
  const n1 = await issue('nc', ncBody(id(8), c1.id), supervisor);
  settle(n1.id, 'APPROVED');
  return { f1, f2, f3, f4, c1, f5, f6, n1 };
}

const EMPTY = { count: 0, total: '0.00' };
const NO_RETENTIONS = { crIvaRetained: '0.00', fseIvaRetained: '0.00', fseRentaRetained: '0.00', rentaRetained: '0.00' };
const CASH = { code: '01', name: 'Billetes y monedas' };
const OTHER = { code: '99', name: 'Otros (se debe indicar el medio de pago)' };
const number = (n: number, kind = '01') => `DTE-${kind}-M001P001-${String(n).padStart(15, '0')}`;

describe('the day close', () => {
  it("a cashier's close counts only their documents, every figure exact", async () => {
    await theDay();
    const res = await close(cashier, { scope: 'me' });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<DayClose>();
    expect(res.headers.location).toBe(`/closes/${c.id}`);
    expect(c).toMatchObject({
      scope: 'user:cajero',
      from: '2026-11-22T00:00:00-06:00',
      to: '2026-11-22T09:30:00-06:00',
      closedAt: '2026-11-22T09:30:00-06:00',
      closedBy: 'user:cajero',
      previous: null,
      difference: null,
    });
    expect(c.hash).toMatch(/^[0-9a-f]{64}$/);
    const { documents, ...s } = c.summary;
    expect(s).toEqual({
      byKind: {
        FC: { count: 2, total: '20.16' },
        CCF: { count: 1, total: '47.22' },
        NC: EMPTY,
        ND: EMPTY,
        CR: EMPTY,
        FSE: EMPTY,
        FEX: EMPTY,
        NR: EMPTY,
        CL: EMPTY,
        DCL: EMPTY,
        CD: EMPTY,
      },
      netSales: '67.38',
      payments: [
        { ...CASH, count: 1, total: '10.08' },
        { ...OTHER, count: 1, total: '10.08' },
      ],
      onCredit: { count: 1, total: '47.22' },
      // Two FC with 1.08 contained each, and the CCF's tributo 20 of 4.90.
      iva: '7.06',
      retentions: { ...NO_RETENTIONS, ivaRetained: '0.38' },
      invalidated: { count: 1, total: '10.08', documents: [{ id: id(4), kind: 'FC', controlNumber: number(4), total: '10.08' }] },
      rejected: { count: 0 },
      pending: { count: 1, total: '10.08', byKind: { FC: { count: 1, total: '10.08' } } },
      // The money side adds up to the net sales: 10.08 + 10.08 + 47.22 = 67.38.
      reconciliation: {
        lines: [
          { key: 'payment.01', label: CASH.name, count: 1, amount: '10.08' },
          { key: 'payment.99', label: OTHER.name, count: 1, amount: '10.08' },
          { key: 'onCredit', label: 'ventas al crédito (por cobrar)', count: 1, amount: '47.22' },
        ],
        netSales: '67.38',
      },
      drawer: null,
      drawerKicks: [],
      drawerPulses: [],
      refunds: [],
      returns: { count: 0, total: '0.00', cash: '0.00', documents: [] },
    });
    expect(documents.map((d) => [d.id, d.status])).toEqual([
      [id(1), 'APPROVED'],
      [id(2), 'APPROVED'],
      [id(3), 'CREATED'],
      [id(4), 'INVALIDATED'],
      [id(5), 'APPROVED'],
    ]);
  });

  it("the station's close counts everyone's; the NC subtracts from sales and IVA", async () => {
    const { n1 } = await theDay();
    const res = await close(supervisor, { scope: 'station' });
    expect(res.statusCode, res.body).toBe(201);
    const { documents, ...s } = res.json<DayClose>().summary;
    expect(res.json<DayClose>().scope).toBe('station');
    expect(s).toEqual({
      byKind: {
        FC: { count: 3, total: '30.24' },
        CCF: { count: 1, total: '47.22' },
        NC: { count: 1, total: '-8.48' },
        ND: EMPTY,
        CR: EMPTY,
        FSE: EMPTY,
        FEX: EMPTY,
        NR: EMPTY,
        CL: EMPTY,
        DCL: EMPTY,
        CD: EMPTY,
      },
      netSales: '68.98',
      payments: [
        { ...CASH, count: 2, total: '20.16' },
        { ...OTHER, count: 1, total: '10.08' },
      ],
      onCredit: { count: 1, total: '47.22' },
      // 3 × 1.08 + 4.90 − 0.98.
      iva: '7.16',
      retentions: { ...NO_RETENTIONS, ivaRetained: '0.38' },
      invalidated: { count: 1, total: '10.08', documents: [{ id: id(4), kind: 'FC', controlNumber: number(4), total: '10.08' }] },
      rejected: { count: 1 },
      pending: { count: 1, total: '10.08', byKind: { FC: { count: 1, total: '10.08' } } },
      // The NC (al contado) is paid back from the drawer: 20.16 + 10.08 + 47.22 − 8.48 = 68.98.
      reconciliation: {
        lines: [
          { key: 'payment.01', label: CASH.name, count: 2, amount: '20.16' },
          { key: 'payment.99', label: OTHER.name, count: 1, amount: '10.08' },
          { key: 'onCredit', label: 'ventas al crédito (por cobrar)', count: 1, amount: '47.22' },
          { key: 'ncCash', label: 'notas de crédito devueltas en efectivo', count: 1, amount: '-8.48' },
        ],
        netSales: '68.98',
      },
      drawer: null,
      drawerKicks: [],
      drawerPulses: [],
      // The supervisor's NC al contado, charged to the supervisor (docs/decisions/0073-money-follows-the-person.md).
      refunds: [{ kind: 'NC', id: n1.id, amount: '8.48', method: 'cash', paidBy: 'user:supervisor', paidByName: 'Supervisor Demo' }],
      returns: { count: 0, total: '0.00', cash: '0.00', documents: [] },
    });
    expect(documents).toHaveLength(8);
    // A supervisor closes one cashier's sales too.
    const other = await close(supervisor, { scope: { login: 'cajera2' } });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json<DayClose>()).toMatchObject({ scope: 'user:cajera2', scopeName: 'Prueba cajera2' });
    expect(other.json<DayClose>().summary).toMatchObject({ netSales: '10.08', rejected: { count: 1 }, pending: EMPTY });
    expect((await close(supervisor, { scope: { login: 'nadie' } })).statusCode).toBe(404);
  });

  it('a second close of an overlapping period shows what changed since the first', async () => {
    const day = await theDay();
    const first = (await close(cashier, { scope: 'me' })).json<DayClose>();
    clock.advance(60_000);
    settle(day.f3.id, 'APPROVED');
    settle(day.f2.id, 'INVALIDATED');
    await issue('fc', fc(9, 'CONTADO'), cashier);
    clock.advance(60_000);
    const res = await close(cashier, { scope: 'me' });
    const second = res.json<DayClose>();
    expect(second.previous).toBe(first.id);
    expect(second.difference!.figures).toEqual({
      // One FC approved since and one invalidated: the FC count and total, and IVA, come out even.
      'payments.01.count': { before: '1', after: '2', change: '1' },
      'payments.01.total': { before: '10.08', after: '20.16', change: '10.08' },
      'payments.99.count': { before: '1', after: '0', change: '-1' },
      'payments.99.total': { before: '10.08', after: '0.00', change: '-10.08' },
      'reconciliation.payment.01': { before: '10.08', after: '20.16', change: '10.08' },
      'reconciliation.payment.99': { before: '10.08', after: '0.00', change: '-10.08' },
      'invalidated.count': { before: '1', after: '2', change: '1' },
      'invalidated.total': { before: '10.08', after: '20.16', change: '10.08' },
    });
    // The new FC is pending, as the one approved since was: the pending figures stand.
    expect(second.summary.pending).toMatchObject({ count: 1, total: '10.08' });
    expect(second.difference!.newDocuments.map((d) => [d.id, d.status])).toEqual([[id(9), 'CREATED']]);
    expect(second.difference!.changed).toEqual([
      { id: id(2), controlNumber: number(2), from: 'APPROVED', to: 'INVALIDATED' },
      { id: id(3), controlNumber: number(3), from: 'CREATED', to: 'APPROVED' },
    ]);
    // A close of the station is another scope: it compares against nothing of the cashier's.
    expect((await close(supervisor, { scope: 'station' })).json<DayClose>().previous).toBeNull();
  });

  it('a close is a record: the table refuses UPDATE and DELETE, the audit names it', async () => {
    await theDay();
    const c = (await close(cashier, { scope: 'me' })).json<DayClose>();
    expect(() => store.sqlite.prepare("UPDATE day_closes SET summary = '{}' WHERE id = ?").run(c.id)).toThrow(/append-only/);
    expect(() => store.sqlite.prepare('DELETE FROM day_closes WHERE id = ?').run(c.id)).toThrow(/append-only/);
    const again = await app.inject({ method: 'GET', url: `/closes/${c.id}`, headers: cashier });
    expect(again.json<DayClose>()).toEqual(c);
    const audited = store.sqlite.prepare("SELECT actor, subject FROM audit_log WHERE action = 'close.made'").all();
    expect(audited).toEqual([{ actor: 'user:cajero', subject: c.id }]);
  });

  it('a cashier closes and reads only their own; a POS key reaches no close', async () => {
    await theDay();
    for (const scope of ['station', { login: 'cajera2' }]) {
      const res = await close(cashier, { scope });
      expect(res.statusCode, JSON.stringify(scope)).toBe(403);
      expect(res.json<Problem>().code).toBe('FORBIDDEN');
    }
    const mine = (await close(cashier, { scope: { login: 'cajero' } })).json<DayClose>();
    const theirs = (await close(cashier2, { scope: 'me' })).json<DayClose>();
    const station = (await close(supervisor, { scope: 'station' })).json<DayClose>();
    const list = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/closes?limit=2', headers }).then((r) => r.json<DayClosePage>());
    expect((await list(cashier)).items.map((x) => x.id)).toEqual([mine.id]);
    const page = await list(supervisor);
    expect(page.items.map((x) => x.id)).toEqual([station.id, theirs.id]);
    const rest = await app.inject({ method: 'GET', url: `/closes?limit=2&cursor=${page.nextCursor}`, headers: supervisor });
    expect(rest.json<DayClosePage>()).toEqual({ items: [expect.objectContaining({ id: mine.id, netSales: '67.38' })], nextCursor: null });
    // A cursor the list did not hand out is a 422 naming it, not the first page again.
    for (const cursor of ['garbage', `${page.nextCursor}x`, '-1', '1.5', '1e3', ''.padEnd(16, '9')]) {
      const bad = await app.inject({ method: 'GET', url: `/closes?limit=2&cursor=${cursor}`, headers: supervisor });
      expect(bad.statusCode, cursor).toBe(422);
      expect(bad.json(), cursor).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'cursor' })] });
    }
    for (const url of [`/closes/${station.id}`, `/closes/${theirs.id}/receipt`, `/closes/${station.id}/pdf`])
      expect((await app.inject({ method: 'GET', url, headers: cashier })).statusCode, url).toBe(403);
    const pos = { 'x-api-key': DEMO_KEY };
    expect((await close(pos, { scope: 'station' })).statusCode).toBe(403);
    for (const url of ['/closes', `/closes/${station.id}`, `/closes/${station.id}/receipt`, `/closes/${station.id}/pdf`])
      expect((await app.inject({ method: 'GET', url, headers: pos })).statusCode, url).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/closes/${id(99)}`, headers: supervisor })).statusCode).toBe(404);
  });

  it('checks the period: an end before its start, or in the future, is refused', async () => {
    const backwards = await close(cashier, { scope: 'me', from: '2026-11-22T09:00:00-06:00', to: '2026-11-22T08:00:00-06:00' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json<Problem>().errors[0]).toMatchObject({ path: 'to' });
    expect((await close(cashier, { scope: 'me', to: '2026-11-23T09:00:00-06:00' })).statusCode).toBe(422);
    expect((await close(cashier, { scope: 'everyone' })).statusCode).toBe(422);
    // Given in UTC, kept in El Salvador time.
    const utc = await close(cashier, { scope: 'me', from: '2026-11-22T12:00:00Z', to: '2026-11-22T15:00:00Z' });
    expect(utc.json<DayClose>()).toMatchObject({ from: '2026-11-22T06:00:00-06:00', to: '2026-11-22T09:00:00-06:00' });
  });

  it('prints on the receipt printer (58 and 80 mm) and on letter paper, with the figures', async () => {
    await theDay();
    const c = (await close(supervisor, { scope: 'station' })).json<DayClose>();
    for (const width of [58, 80]) {
      const res = await app.inject({ method: 'GET', url: `/closes/${c.id}/receipt?width=${width}`, headers: supervisor });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('inline');
      const text = pdfText(res.rawPayload);
      for (const want of [
        'CORTE DE CAJA',
        '$68.98',
        '$7.16',
        '-$8.48',
        '$20.16',
        '$47.22',
        number(4),
        'Rechazados por MH',
        'Pendientes de MH',
      ])
        expect(text, `${width} mm: ${want}`).toContain(want);
    }
    const letter = await app.inject({ method: 'GET', url: `/closes/${c.id}/pdf`, headers: supervisor });
    expect(letter.statusCode).toBe(200);
    const text = pdfText(letter.rawPayload);
    for (const want of ['CORTE DE CAJA', 'Estación completa', '22/11/2026 00:00:00', '$68.98', '$7.16', '$0.38', c.hash, 'página 1 de'])
      expect(text, want).toContain(want);
  });
});
