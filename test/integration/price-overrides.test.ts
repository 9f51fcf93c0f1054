// Prices below the shelf at the counter (issue 55 item 4, docs/decisions/0074-price-overrides-and-scans.md), over
// a real HTTP server listening on a port: a cashier's FC below the shelf price is refused with a 422 naming the
// line's price unless a supervisor approved it; a cashier's own PIN does not approve (403 naming `supervisor`); a
// wrong password is a 422 naming `secret`; the approved sale records both prices, the product, the document, who
// asked and who approved, in the audit too; the threshold in Ajustes lets small decreases through; a POS key is
// never asked; the list is a supervisor's and an administrator's, and the close lists its own.
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { openStore, type Store } from '../../main/core/store/database';
import type { PriceApproval, PriceOverride } from '../../shared/price-overrides';
import type { DayClose } from '../../shared/close';
import { netFromShelf } from '../../shared/tax';
import { DEMO_KEY, fixedClock, testCore } from '../support/core';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';

let core: ReturnType<typeof testCore>;
let clock: ReturnType<typeof fixedClock>;
let app: FastifyInstance;
let base: string;
let cashier: Record<string, string>;
let supervisor: Record<string, string>;
let admin: Record<string, string>;
let store: Store;

beforeEach(async () => {
  clock = fixedClock();
  core = testCore(clock);
  store = openStore(join(core.dataDir, 'sello.db'));
  app = await buildHttpServer(core, { logger: silentLogger });
  cashier = await sessionHeaders(app, 'cajero');
  supervisor = await sessionHeaders(app, 'supervisor');
  admin = await sessionHeaders(app, 'admin');
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const made = await call('POST', '/products', supervisor, {
    code: 'ACE-750',
    description: 'Aceite vegetal 750 ml',
    unitMeasure: 'BOTELLA',
    shelfPrice: '2.50',
    barcodes: ['7415060001219'],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
});
afterEach(async () => {
  await app.close();
  store.close();
  core.cleanup();
});

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'x-api-version': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const id = (n: number) => `5a1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A quick sale's FC: one line of the product at `shelf` (IVA included), as the counter sends it. */
const sale = (n: number, shelf: string, quantity = 1) => ({
  id: id(n),
  paymentType: 'CONTADO',
  items: [
    {
      type: 'BIENES',
      internalCode: 'ACE-750',
      description: 'Aceite vegetal 750 ml',
      quantity,
      unitMeasure: 'BOTELLA',
      unitPrice: Number(netFromShelf(shelf).toFixed(8)),
      saleType: 'GRAVADA',
    },
  ],
});
const approve = (headers: Record<string, string>, login: string, secret: string, price = '1.99') =>
  call('POST', '/price-overrides/approvals', headers, { code: 'ACE-750', price, supervisor: login, secret });
const documents = () => (store.sqlite.prepare('SELECT count(*) AS n FROM documents').get() as { n: number }).n;
const overrideRows = () => core.priceOverrides.list({}).items;

describe('a price below the shelf at the counter', () => {
  it('is refused without a supervisor: 422 naming the line price, nothing stored', async () => {
    const before = documents();
    const r = await call('POST', '/dte/fc', cashier, sale(1, '1.99'));
    expect(r.status).toBe(422);
    const errors = r.body.errors as { path: string; code: string; message: string }[];
    expect(errors).toEqual([expect.objectContaining({ path: 'items.0.unitPrice', code: 'NOT_ALLOWED' })]);
    expect(errors[0]!.message).toContain('2.50');
    expect(documents()).toBe(before);
    expect(overrideRows()).toEqual([]);
  });

  it('at the shelf price (or above) needs nobody and records nothing', async () => {
    expect((await call('POST', '/dte/fc', cashier, sale(2, '2.50'))).status).toBe(201);
    expect((await call('POST', '/dte/fc', cashier, sale(3, '2.75'))).status).toBe(201);
    expect(overrideRows()).toEqual([]);
  });

  it("a cashier's own PIN does not approve (403 naming supervisor); a wrong password is a 422 naming secret", async () => {
    const own = await approve(cashier, 'cajero', '123456');
    expect(own.status).toBe(403);
    expect(own.body.errors).toEqual([expect.objectContaining({ path: 'supervisor', code: 'NOT_ALLOWED' })]);
    const wrong = await approve(cashier, 'supervisor', 'no-es-la-clave');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ path: 'secret' })]);
    const unknown = await call('POST', '/price-overrides/approvals', cashier, {
      code: 'NADA',
      price: '1',
      supervisor: 'supervisor',
      secret: 'x',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'code' })]);
    const bad = await call('POST', '/price-overrides/approvals', cashier, {
      code: 'ACE-750',
      price: 'dos',
      supervisor: 'supervisor',
      secret: 'x',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'price' })]);
    // Still refused: neither approved anything.
    expect((await call('POST', '/dte/fc', cashier, sale(4, '1.99'))).status).toBe(422);
  });

  it("with a supervisor's password the sale is stored with both prices, the product, the document, who asked and who approved", async () => {
    const ok = await approve(cashier, 'supervisor', 'demo-super');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const approval = ok.body as unknown as PriceApproval;
    expect(approval).toMatchObject({ code: 'ACE-750', price: '1.99', shelfPrice: '2.50', approvedBy: 'user:supervisor' });
    const r = await call('POST', '/dte/fc', cashier, sale(5, '1.99', 2));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rows = overrideRows();
    expect(rows).toEqual([
      expect.objectContaining<Partial<PriceOverride>>({
        documentId: id(5),
        kind: 'FC',
        controlNumber: r.body.controlNumber as string,
        line: 0,
        productCode: 'ACE-750',
        quantity: '2',
        shelfPrice: '2.50',
        price: '1.99',
        askedBy: 'user:cajero',
        askedByName: 'Cajera Demo',
        approvedBy: 'user:supervisor',
        approvedByName: 'Supervisor Demo',
      }),
    ]);
    const audit = store.sqlite
      .prepare("SELECT actor, action, subject, detail FROM audit_log WHERE action LIKE 'price.%' ORDER BY seq")
      .all() as {
      actor: string;
      action: string;
      subject: string | null;
      detail: string;
    }[];
    expect(audit.map((a) => [a.actor, a.action, a.subject])).toEqual([
      ['user:supervisor', 'price.approved', null],
      ['user:cajero', 'price.override', id(5)],
    ]);
    expect(JSON.parse(audit[1]!.detail)).toMatchObject({ shelfPrice: '2.50', price: '1.99', approvedBy: 'user:supervisor' });
    // The approval is spent: the next sale at that price asks again.
    expect((await call('POST', '/dte/fc', cashier, sale(6, '1.99'))).status).toBe(422);
  });

  it('an approval covers that price or more, for the person who asked, for ten minutes', async () => {
    expect((await approve(cashier, 'supervisor', 'demo-super', '2.00')).status).toBe(201);
    // Below what was approved: refused, and the approval stays for the price it was given.
    expect((await call('POST', '/dte/fc', cashier, sale(7, '1.50'))).status).toBe(422);
    expect((await call('POST', '/dte/fc', cashier, sale(8, '2.10'))).status).toBe(201);
    expect((await approve(cashier, 'supervisor', 'demo-super', '2.00')).status).toBe(201);
    clock.advance(10 * 60_000 + 1);
    expect((await call('POST', '/dte/fc', cashier, sale(9, '2.00'))).status).toBe(422);
  });

  it('the threshold in Ajustes lets a small decrease through (an administrator sets it)', async () => {
    expect((await call('PUT', '/settings/price-overrides', supervisor, { threshold: '10' })).status).toBe(403);
    const bad = await call('PUT', '/settings/price-overrides', admin, { threshold: '120' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'threshold' })]);
    expect((await call('PUT', '/settings/price-overrides', admin, { threshold: '10' })).status).toBe(200);
    expect((await call('GET', '/settings/price-overrides', cashier)).body).toEqual({ threshold: '10' });
    // 10 % off 2.50 is 2.25: allowed alone; 2.24 is not.
    expect((await call('POST', '/dte/fc', cashier, sale(10, '2.25'))).status).toBe(201);
    expect((await call('POST', '/dte/fc', cashier, sale(11, '2.24'))).status).toBe(422);
  });

  it("a supervisor's own sale is theirs to approve; a POS key is never asked", async () => {
    expect((await call('POST', '/dte/fc', supervisor, sale(12, '1.00'))).status).toBe(201);
    expect(overrideRows()).toEqual([expect.objectContaining({ askedBy: 'user:supervisor', approvedBy: 'user:supervisor', price: '1.00' })]);
    expect((await call('POST', '/dte/fc', { 'x-api-key': DEMO_KEY }, sale(13, '1.00'))).status).toBe(201);
    expect(overrideRows()).toHaveLength(1);
  });

  it('the list is a supervisor’s and an administrator’s; the close lists its own', async () => {
    expect((await approve(cashier, 'supervisor', 'demo-super')).status).toBe(201);
    expect((await call('POST', '/dte/fc', cashier, sale(14, '1.99'))).status).toBe(201);
    expect((await call('GET', '/price-overrides', cashier)).status).toBe(403);
    expect((await call('GET', '/price-overrides', { 'x-api-key': DEMO_KEY })).status).toBe(403);
    for (const who of [supervisor, admin]) {
      const list = await call('GET', '/price-overrides?from=2026-11-22&to=2026-11-22', who);
      expect(list.status).toBe(200);
      expect((list.body.items as PriceOverride[]).map((o) => o.documentId)).toEqual([id(14)]);
    }
    expect(((await call('GET', '/price-overrides?from=2026-11-23', supervisor)).body.items as unknown[]).length).toBe(0);
    expect(((await call('GET', '/price-overrides?login=admin', supervisor)).body.items as unknown[]).length).toBe(0);
    expect((await call('GET', '/price-overrides?from=ayer', supervisor)).status).toBe(422);

    const mine = await call('POST', '/closes', cashier, { scope: 'me' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const closeId = (mine.body as unknown as DayClose).id;
    const listed = await call('GET', `/closes/${closeId}/price-overrides`, cashier);
    expect(listed.status).toBe(200);
    expect((listed.body.items as PriceOverride[]).map((o) => [o.productCode, o.shelfPrice, o.price, o.approvedByName])).toEqual([
      ['ACE-750', '2.50', '1.99', 'Supervisor Demo'],
    ]);
    // On paper too: the letter PDF and the receipt list it with both prices and both people.
    for (const url of [`/closes/${closeId}/pdf`, `/closes/${closeId}/receipt?width=80`]) {
      const res = await fetch(`${base}${url}`, { headers: cashier });
      expect(res.status, url).toBe(200);
      const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
      expect(text, url).toMatch(/precios bajo el de estante/i);
      expect(text, url).toMatch(/ACE-750 × 1/);
      expect(text, url).toMatch(/2\.50 → \$?1\.99/);
      expect(text, url).toContain('aprobó Supervisor Demo');
    }
    // The supervisor's own close has none of the cashier's.
    const theirs = await call('POST', '/closes', supervisor, { scope: 'me' });
    const none = await call('GET', `/closes/${(theirs.body as unknown as DayClose).id}/price-overrides`, supervisor);
    expect(none.body.items).toEqual([]);
  });
});
