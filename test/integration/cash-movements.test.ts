// Withdrawals and cash handed between people (issue 55 item 2; docs/decisions/0073-money-follows-the-person.md): a
// person's expected cash is their float + cash sales − cash refunds − withdrawals − handed out + handed in, and the
// people's closes add up to the station's, where a handover between two of its people nets to nothing. Only a
// supervisor records a movement, with a reason, audited; a bad one is a 422 naming its field that stores nothing.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { moveStatus } from '../../main/core/dte/status';
import { silentLogger } from '../../main/core/logger';
import { openStore, type Store } from '../../main/core/store/database';
import { buildHttpServer } from '../../main/http/server';
import type { DayClose } from '../../shared/close';
import type { DteRecord } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let store: Store;
let app: FastifyInstance;
let cajero: Record<string, string>;
let supervisor: Record<string, string>;

beforeEach(async () => {
  dir = tempDir();
  core = createCore({ dataDir: dir.dir, clock: fixedClock(), sync: { manual: true }, backups: { everyMs: 0 } });
  store = openStore(join(dir.dir, 'sello.db'));
  app = await buildHttpServer(core, { logger: silentLogger });
  cajero = await sessionHeaders(app, 'cajero');
  supervisor = await sessionHeaders(app, 'supervisor');
});
afterEach(async () => {
  await app.close();
  store.close();
  core.close();
  dir.cleanup();
});

const post = (headers: Record<string, string>, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers, payload: payload as object });
const moves = () => (store.sqlite.prepare('SELECT count(*) AS n FROM cash_movements').get() as { n: number }).n;

async function cashSale(): Promise<DteRecord> {
  const res = await post(cajero, '/dte/fc', { ...fcBody('0d1a0000-0000-4000-8000-000000000001'), paymentType: 'CONTADO' });
  expect(res.statusCode, res.body).toBe(201);
  const doc = res.json<DteRecord>();
  expect(
    store.tx(() => moveStatus(store, silentLogger, { id: doc.id, to: 'APPROVED', at: '2026-11-22T09:15:00-06:00', cause: 'test' })),
  ).toBe('moved');
  return doc;
}

describe('cash withdrawn and handed over during a shift', () => {
  it('each person’s expected cash counts them, and the two closes add up to the station’s', async () => {
    expect((await post(cajero, '/closes/openings', { scope: 'me', amount: '50.00' })).statusCode).toBe(201);
    const sale = await cashSale();
    const out = await post(supervisor, '/closes/movements', {
      kind: 'withdrawal',
      from: 'cajero',
      amount: '20.00',
      reason: 'Retiro a la caja fuerte',
    });
    expect(out.statusCode, out.body).toBe(201);
    const handed = await post(supervisor, '/closes/movements', {
      kind: 'handover',
      from: 'cajero',
      to: 'supervisor',
      amount: '5.00',
      reason: 'Cambio para la otra caja',
    });
    expect(handed.statusCode, handed.body).toBe(201);

    const close = async (headers: Record<string, string>, payload: unknown) => {
      const res = await post(headers, '/closes', payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<DayClose>().summary.drawer!;
    };
    const hers = await close(cajero, { scope: 'me', drawer: { counted: '35.08' } });
    expect(sale.total).toBe('10.08');
    expect(hers).toMatchObject({
      openingFloat: '50.00',
      cashSales: '10.08',
      withdrawals: '20.00',
      handedOut: '5.00',
      expected: '35.08',
      overShort: '0.00',
    });
    expect(hers.handedIn).toBeUndefined();
    const his = await close(supervisor, { scope: 'me', drawer: { openingFloat: '0.00', counted: '5.00' } });
    expect(his).toMatchObject({ openingFloat: '0.00', handedIn: '5.00', expected: '5.00', overShort: '0.00' });
    expect(his.withdrawals).toBeUndefined();
    // The station: the withdrawal leaves the drawer, the handover stays inside it.
    const station = await close(supervisor, { scope: 'station', drawer: { counted: '40.08' } });
    expect(station).toMatchObject({ openingFloat: '50.00', withdrawals: '20.00', expected: '40.08', overShort: '0.00' });
    expect(station.handedIn).toBeUndefined();
    expect(station.handedOut).toBeUndefined();
    // On paper too: the cashier's close shows what left her drawer money and why it is not short.
    const list = await app.inject({ method: 'GET', url: '/closes?limit=3', headers: supervisor });
    const hersId = list.json<{ items: { id: string; scope: string }[] }>().items.find((c) => c.scope === 'user:cajero')!.id;
    const pdf = await app.inject({ method: 'GET', url: `/closes/${hersId}/receipt?width=80`, headers: supervisor });
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    for (const words of ['− Retiros de efectivo', '− Entregado a otra persona', '$20.00', '$5.00', '$35.08'])
      expect(text, words).toContain(words);

    const audited = store.sqlite
      .prepare("SELECT actor, action, detail FROM audit_log WHERE action IN ('cash.withdrawn', 'cash.handed') ORDER BY seq")
      .all() as { actor: string; action: string; detail: string }[];
    expect(audited.map((a) => [a.actor, a.action, (JSON.parse(a.detail) as { amount: string }).amount])).toEqual([
      ['user:supervisor', 'cash.withdrawn', '20.00'],
      ['user:supervisor', 'cash.handed', '5.00'],
    ]);
  });

  it('only a supervisor records one, with a reason, the receiver of a handover, and known people', async () => {
    const ok = { kind: 'withdrawal', from: 'cajero', amount: '20.00', reason: 'Retiro a la caja fuerte' };
    expect((await post(cajero, '/closes/movements', ok)).statusCode).toBe(403);
    const paths = async (payload: unknown) => {
      const res = await post(supervisor, '/closes/movements', payload);
      expect(res.statusCode, res.body).toBe(422);
      return res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    };
    expect(await paths({ ...ok, reason: 'no' })).toEqual(['reason']);
    expect(await paths({ ...ok, amount: '20,00' })).toEqual(['amount']);
    expect(await paths({ ...ok, kind: 'handover' })).toEqual(['to']);
    expect(await paths({ ...ok, to: 'supervisor' })).toEqual(['to']);
    expect(await paths({ ...ok, kind: 'handover', to: 'cajero' })).toEqual(['to']);
    expect(await paths({ ...ok, from: 'nadie' })).toEqual(['from']);
    expect(await paths({ ...ok, kind: 'loan' })).toEqual(['kind']);
    expect(moves()).toBe(0);
  });
});
