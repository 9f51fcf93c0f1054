// Who may e-mail a document or a return where, and how often (docs/decisions/0067-email-rights-and-small-guards.md):
// the real HTTP server, the MH simulator over HTTP and a real SMTP server on loopback (smtp-server). Anyone sends to
// the recipient's own address; another address is a supervisor's; each person and key has 10 a minute and 100 a
// day, counted on the station's clock and kept across a restart; every send is audited with its address.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { buildHttpServer } from '../../main/http/server';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import type { Problem } from '../support/http-station';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { stringMatching } from '../support/match';
import { sessionHeaders } from '../support/session';
import { testSmtp, type TestSmtp } from '../support/smtp';

const CUSTOMER = 'maria.hernandez@example.com';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let smtp: TestSmtp;
let core: Core;
let app: FastifyInstance;
/** The station's clock runs with the real one (MH's simulator dates documents by it), moved on by the tests. */
let offsetMs = 0;
let n = 0;
const newId = () => `e7a10000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

async function open(): Promise<void> {
  core = createCore({
    dataDir: dir.dir,
    clock: { now: () => new Date(Date.now() + offsetMs) },
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    deliveries: { retryBaseMs: 100, retryCapMs: 400, jitter: () => 0.5 },
    backups: { everyMs: 0 },
  });
  app = await buildHttpServer(core, { logger: silentLogger });
}
async function close(): Promise<void> {
  await app.close();
  core.close();
}

beforeEach(async () => {
  offsetMs = 0;
  sim = await startSimulator({ schemasV2Dir: SCHEMA_DIR_V2 });
  smtp = await testSmtp();
  dir = tempDir();
  await open();
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  registerStation(sim, core);
});
afterEach(async () => {
  await close();
  await smtp.stop();
  await sim.close();
  dir.cleanup();
});

const configureSmtp = () =>
  core.deliveries.smtp.set(
    {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      // The test server has no STARTTLS: plain SMTP, allowed only because it is this machine and said so.
      allowInsecureLocal: true,
      user: null,
      password: null,
      from: { name: 'Comercial Sello', address: 'facturacion@sello.example' },
    },
    'user:admin',
  );

/** An FC to CUSTOMER, approved by MH. */
async function sold(): Promise<string> {
  const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'user:cajero');
  await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  return record.id;
}

const KEY = { 'x-api-key': DEMO_KEY };
const send = (url: string, email: string, who: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: { ...who, 'content-type': 'application/json' }, payload: { email } });

/** The sends audited, as the log has them: who, what, and the address. */
function audited(): { actor: string; action: string; email: string; recipient: boolean }[] {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  try {
    const rows = db.prepare("SELECT actor, action, detail FROM audit_log WHERE action LIKE '%delivery.requested' ORDER BY seq").all() as {
      actor: string;
      action: string;
      detail: string;
    }[];
    return rows.map((r) => {
      const d = JSON.parse(r.detail) as { email: string; recipient: boolean };
      return { actor: r.actor, action: r.action, email: d.email, recipient: d.recipient };
    });
  } finally {
    db.close();
  }
}

const queued = (id: string) => core.deliveries.ofDocument(id);

describe('where an e-mail may go', () => {
  it("anyone sends to the recipient's address; another address is a supervisor's or an administrator's, never a key's", async () => {
    configureSmtp();
    const id = await sold();
    await core.deliveries.runOnce();
    await smtp.waitFor(1);
    const url = `/dte/${id}/send`;
    const cashier = await sessionHeaders(app, 'cajero', core);
    const supervisor = await sessionHeaders(app, 'supervisor', core);
    const admin = await sessionHeaders(app, 'admin', core);

    const byCashier = await send(url, 'otra@example.com', cashier);
    expect(byCashier.statusCode).toBe(403);
    expect(byCashier.headers['content-type']).toContain('application/problem+json');
    expect(byCashier.json<Problem>().detail).toMatch(/Supervisor o Administrador.*pida a un supervisor/);
    const byKey = await send(url, 'otra@example.com', KEY);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json<Problem>().detail).toContain(`clave de API`);
    expect(byKey.json<Problem>().detail).toContain(CUSTOMER);
    // Refused, nothing queued: only the first, automatic e-mail.
    expect(queued(id)).toHaveLength(1);

    // The recipient's own address, however it is capitalised, is anyone's to resend to.
    expect((await send(url, 'Maria.Hernandez@example.com', KEY)).statusCode).toBe(202);
    expect((await send(url, CUSTOMER, cashier)).statusCode).toBe(202);
    expect((await send(url, 'contabilidad@cliente.example', supervisor)).statusCode).toBe(202);
    expect((await send(url, 'gerencia@cliente.example', admin)).statusCode).toBe(202);
    await core.deliveries.runOnce();
    const got = await smtp.waitFor(5);
    expect(got.slice(1).flatMap((m) => m.to)).toEqual([
      'Maria.Hernandez@example.com',
      CUSTOMER,
      'contabilidad@cliente.example',
      'gerencia@cliente.example',
    ]);
    // Each send asked for is audited with its address, who asked, and whether it was the recipient's.
    expect(audited()).toEqual([
      {
        actor: stringMatching(/^api-key:/),
        action: 'dte.delivery.requested',
        email: 'Maria.Hernandez@example.com',
        recipient: true,
      },
      { actor: 'user:cajero', action: 'dte.delivery.requested', email: CUSTOMER, recipient: true },
      { actor: 'user:supervisor', action: 'dte.delivery.requested', email: 'contabilidad@cliente.example', recipient: false },
      { actor: 'user:admin', action: 'dte.delivery.requested', email: 'gerencia@cliente.example', recipient: false },
    ]);
  });

  it('a return goes by the same rule: its document’s recipient for anyone, another address for a supervisor', async () => {
    configureSmtp();
    const dte = await sold();
    const { record } = await core.returns.make(
      { lines: [{ dteId: dte, item: 1, quantity: 1 }], reason: 'Café equivocado' },
      'user:supervisor',
    );
    expect(record.status).toBe('APPROVED');
    await core.deliveries.runOnce();
    await smtp.waitFor(2);
    const url = `/dte/returns/${record.id}/send`;
    const cashier = await sessionHeaders(app, 'cajero', core);
    expect((await send(url, 'otra@example.com', cashier)).statusCode).toBe(403);
    expect((await send(url, 'otra@example.com', KEY)).statusCode).toBe(403);
    expect((await send(url, CUSTOMER, KEY)).statusCode).toBe(202);
    expect((await send(url, 'otra@example.com', await sessionHeaders(app, 'supervisor', core))).statusCode).toBe(202);
    await core.deliveries.runOnce();
    const got = await smtp.waitFor(4);
    expect(got.slice(2).flatMap((m) => m.to)).toEqual([CUSTOMER, 'otra@example.com']);
    expect(audited().map((a) => [a.action, a.email, a.recipient])).toEqual([
      ['dte.return.delivery.requested', CUSTOMER, true],
      ['dte.return.delivery.requested', 'otra@example.com', false],
    ]);
  });

  it('a document issued without an address is sent only by a supervisor', async () => {
    const body = fcBody(newId());
    const recipient = { ...(body.recipient as Record<string, unknown>), email: undefined };
    const { record } = core.dtes.create('FC', { ...body, generatedAt: undefined, recipient }, 'user:cajero');
    await core.sync.runOnce();
    expect(core.dtes.get(record.id).status).toBe('APPROVED');
    const cashier = await sessionHeaders(app, 'cajero', core);
    const refused = await send(`/dte/${record.id}/send`, CUSTOMER, cashier);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Problem>().detail).toContain('sin correo del receptor');
    expect((await send(`/dte/${record.id}/send`, CUSTOMER, await sessionHeaders(app, 'supervisor', core))).statusCode).toBe(202);
  });
});

describe('how often', () => {
  it('10 a minute per key: the 11th is a 429 with Retry-After, in Spanish, nothing queued; another actor is not held', async () => {
    const id = await sold();
    const url = `/dte/${id}/send`;
    for (let i = 0; i < 10; i++) expect((await send(url, CUSTOMER, KEY)).statusCode, `send ${i + 1}`).toBe(202);
    const before = queued(id).length;
    const held = await send(url, CUSTOMER, KEY);
    expect(held.statusCode).toBe(429);
    expect(held.headers['content-type']).toContain('application/problem+json');
    const wait = Number(held.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(held.json<Problem & { retryAfter: number }>()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      retryAfter: wait,
      detail: stringMatching(/10 envíos por correo en el último minuto\. Espere \d+ s/),
    });
    expect(queued(id)).toHaveLength(before);
    // The cashier has a count of their own.
    expect((await send(url, CUSTOMER, await sessionHeaders(app, 'cajero', core))).statusCode).toBe(202);
    // After the minute, on the station's clock, the key sends again.
    offsetMs += 61_000;
    expect((await send(url, CUSTOMER, KEY)).statusCode).toBe(202);
  });

  it('100 a day per person, still counted after a restart; the next day it sends again', async () => {
    const id = await sold();
    const url = `/dte/${id}/send`;
    let who = await sessionHeaders(app, 'cajero', core);
    for (let minute = 0; minute < 10; minute++) {
      for (let i = 0; i < 10; i++) expect((await send(url, CUSTOMER, who)).statusCode).toBe(202);
      offsetMs += 61_000;
    }
    const held = await send(url, CUSTOMER, who);
    expect(held.statusCode).toBe(429);
    expect(held.json<Problem>().detail).toMatch(/100 envíos por correo en las últimas 24 horas/);
    // The day's first send fell 10 minutes ago: about 23 h 50 min to wait.
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);

    // A restart does not clear it: the count is read back from the deliveries the person asked for.
    await close();
    await open();
    who = await sessionHeaders(app, 'cajero', core);
    expect((await send(url, CUSTOMER, who)).statusCode).toBe(429);
    offsetMs += 24 * 3600_000;
    // A day later the session has ended too: the person logs in again.
    who = await sessionHeaders(app, 'cajero', core);
    expect((await send(url, CUSTOMER, who)).statusCode).toBe(202);
  });
});
