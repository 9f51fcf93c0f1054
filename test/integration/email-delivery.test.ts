// E-mail delivery (docs/decisions/0010-email-delivery.md) against a real SMTP server on loopback (smtp-server),
// messages read back with postal-mime, the PDF with pdftotext, the JSON's signature with the station's key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../shared/delivery';
import { createCore, type Core } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { buildHttpServer } from '../../main/http/server';
import type { Logger } from '../../main/core/logger';
import { verifyJws } from '../../main/core/signing/jws';
import { fcBody } from '../fixtures/bodies';
import { cdMinimalBody } from '../fixtures/cd-bodies';
import { minimalCl, minimalDcl } from '../fixtures/liquidation-bodies';
import { nrBody } from '../fixtures/nr-bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import { anyString, objectContaining, stringContaining, stringMatching } from '../support/match';
import { registerStation, startSimulator } from '../support/mh-sim';
import { pdfText } from '../support/pdf';
import { testSmtp, type Received, type TestSmtp } from '../support/smtp';

const PASSWORD = 'Clave-SMTP#2026-muy-secreta';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let smtp: TestSmtp;
let logs: string[];
let n = 0;
/** A supervisor: resends to any address (docs/decisions/0067-email-rights-and-small-guards.md). */
const ANA = { id: 'user:ana', caller: 'SUPERVISOR' } as const;
const newId = () => `5e0d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = (email: string | null) => {
  const b = fcBody(newId());
  const recipient = { ...(b.recipient as Record<string, unknown>), email: email ?? undefined };
  return { ...b, generatedAt: undefined, recipient };
};

function open(): Core {
  const logger: Logger = {
    info: (m, f) => logs.push(JSON.stringify({ m, ...f })),
    warn: (m, f) => logs.push(JSON.stringify({ m, ...f })),
    error: (m, f) => logs.push(JSON.stringify({ m, ...f })),
  };
  const c = createCore({
    dataDir: dir.dir,
    logger,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    deliveries: { retryBaseMs: 100, retryCapMs: 400, jitter: () => 0.5 },
    backups: { everyMs: 0 },
  });
  registerStation(sim, c);
  return c;
}

const configure = (port: number, password: string | null = null) =>
  core.deliveries.smtp.set(
    {
      host: '127.0.0.1',
      port,
      secure: false,
      // The test server has no STARTTLS: plain SMTP, allowed only because it is this machine and said so.
      allowInsecureLocal: true,
      user: password ? 'sello' : null,
      password,
      from: { name: 'Ferretería El Tornillo', address: 'facturacion@eltornillo.example' },
    },
    'user:ana',
  );

/** Issues an FC and lets MH approve it; the engine's push wakes the deliveries. */
async function issued(email: string | null): Promise<string> {
  const id = core.dtes.create('FC', fc(email), 'test').record.id;
  await core.sync.runOnce();
  expect(core.dtes.get(id).status).toBe('APPROVED');
  return id;
}

async function until<T>(what: string, fn: () => T | undefined | null | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const deliveries = (id: string): readonly DeliveryRecord[] => core.dtes.detail(id).deliveries;
const attachment = (m: Received, name: string) => {
  const a = m.mail.attachments.find((x) => x.filename === name);
  if (!a) throw new Error(`no attachment ${name}`);
  return Buffer.from(typeof a.content === 'string' ? Buffer.from(a.content, 'base64') : new Uint8Array(a.content));
};

beforeEach(async () => {
  sim = await startSimulator();
  dir = tempDir();
  logs = [];
  core = open();
  smtp = await testSmtp();
});
afterEach(async () => {
  core.close();
  await smtp.stop();
  await sim.close();
  dir.cleanup();
});

describe('e-mail delivery', () => {
  it('an approved document arrives once, with its PDF and its signed JSON', async () => {
    configure(smtp.port);
    const id = await issued('maria.hernandez@example.com');
    const [m] = await smtp.waitFor(1);
    const record = core.dtes.get(id);
    const code = id.toUpperCase();
    expect(m!.to).toEqual(['maria.hernandez@example.com']);
    expect(m!.mail.subject).toContain(record.controlNumber);
    for (const text of [m!.mail.text ?? '', m!.mail.html ?? '']) {
      expect(text).toContain(record.controlNumber);
      expect(text).toContain(code);
      expect(text).toContain(core.station().company.name);
      expect(text).toContain('https://admin.factura.gob.sv/consultaPublica?ambiente=00');
    }
    expect(m!.mail.html).not.toMatch(/<img/i);
    expect(m!.mail.attachments.map((a) => a.filename).sort()).toEqual([`${code}.json`, `${code}.pdf`]);
    const pdf = attachment(m!, `${code}.pdf`);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdfText(pdf)).toContain(record.controlNumber);
    const json = JSON.parse(attachment(m!, `${code}.json`).toString('utf8')) as Record<string, unknown>;
    expect(json.selloRecibido).toBe(record.mhResponse?.selloRecibido);
    const { firmaElectronica, selloRecibido: _seal, ...document } = json;
    expect(await verifyJws(String(firmaElectronica), core.signing.publicKey()!)).toEqual(document);
    // Once: nothing more comes, and the detail and the sync state say it went.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received).toHaveLength(1);
    const [d] = deliveries(id);
    expect(d).toMatchObject({ status: 'SENT', email: 'maria.hernandez@example.com', message: 'document', attempts: 1 });
    expect(d!.sentAt).toEqual(anyString());
    expect(m!.messageId).toBe(d!.messageId);
    expect(core.sync.status().deliveries).toMatchObject({ pending: 0, sent: 1, failed: 0, waiting: null });
  });

  it('an NR, a CL, a DCL and a CD arrive at their recipient with their own title, PDF and signed JSON', async () => {
    configure(smtp.port);
    const bodies = [
      ['NR', nrBody(newId()), 'NOTA DE REMISIÓN'],
      ['CL', minimalCl(newId()), 'COMPROBANTE DE LIQUIDACIÓN'],
      ['DCL', minimalDcl(newId()), 'DOCUMENTO CONTABLE DE LIQUIDACIÓN'],
      ['CD', cdMinimalBody(newId()), 'COMPROBANTE DE DONACIÓN'],
    ] as const;
    for (const [i, [kind, body, title]] of bodies.entries()) {
      const email = `${kind.toLowerCase()}@receptor.example.com`;
      const withEmail = { ...body, generatedAt: undefined, recipient: { ...(body.recipient as Record<string, unknown>), email } };
      const id = core.dtes.create(kind, withEmail, 'test').record.id;
      await core.sync.runOnce();
      expect(core.dtes.get(id).status, kind).toBe('APPROVED');
      const m = (await smtp.waitFor(i + 1))[i]!;
      expect(m.to, kind).toEqual([email]);
      const code = id.toUpperCase();
      expect(pdfText(attachment(m, `${code}.pdf`)), kind).toContain(title);
      const json = JSON.parse(attachment(m, `${code}.json`).toString('utf8')) as { identificacion: { codigoGeneracion: string } };
      expect(json.identificacion.codigoGeneracion).toBe(code);
    }
  });

  it('waits while the SMTP server is down and delivers when it comes back (real timers)', async () => {
    await smtp.stop();
    configure(smtp.port);
    const id = await issued('maria.hernandez@example.com');
    await until('a failed try', () => deliveries(id)[0]?.lastError);
    expect(deliveries(id)[0]).toMatchObject({ status: 'PENDING', waiting: stringContaining('ECONNREFUSED') });
    expect(core.sync.status().deliveries.waiting).toMatch(/servidor de correo/);
    await new Promise((r) => setTimeout(r, 700));
    await smtp.start();
    await smtp.waitFor(1);
    await until('sent', () => deliveries(id)[0]?.status === 'SENT');
    expect(smtp.received).toHaveLength(1);
  });

  it('answers "later" (451) and then takes it', async () => {
    smtp.tempfail = true;
    configure(smtp.port);
    const id = await issued('maria.hernandez@example.com');
    await until('a 451', () => deliveries(id)[0]?.lastError?.includes('451'));
    smtp.tempfail = false;
    await smtp.waitFor(1);
    await until('sent', () => deliveries(id)[0]?.status === 'SENT');
  });

  it('a recipient refused for good (550) is FAILED with the reason and not tried again', async () => {
    smtp.refuse.add('nadie@example.com');
    configure(smtp.port);
    const id = await issued('nadie@example.com');
    const d = await until('failed', () => deliveries(id).find((x) => x.status === 'FAILED'));
    expect(d.lastError).toMatch(/550.*User unknown/);
    await new Promise((r) => setTimeout(r, 800));
    expect(deliveries(id)).toMatchObject([{ status: 'FAILED', attempts: 1 }]);
    expect(smtp.received).toHaveLength(0);
    expect(core.sync.status().deliveries).toMatchObject({ failed: 1, pending: 0 });

    // Retried by hand once the address is fixed at the server's end.
    smtp.refuse.clear();
    expect(core.deliveries.retryFailed('user:super')).toEqual({ queued: 1 });
    await smtp.waitFor(1);
    await until('sent', () => deliveries(id)[0]?.status === 'SENT');
  });

  it('a contingency document is mailed once MH seals it, not before', async () => {
    configure(smtp.port);
    sim.setMode('down');
    const id = core.dtes.create('FC', fc('maria.hernandez@example.com'), 'test').record.id;
    for (let i = 0; i < 3; i++) {
      await core.sync.runOnce();
      await new Promise((r) => setTimeout(r, 280));
    }
    expect(core.sync.status().state).toBe('contingency');
    await new Promise((r) => setTimeout(r, 300));
    expect(deliveries(id)).toEqual([]);
    sim.setMode('normal');
    // Up to 20 rounds: with the whole suite running at once, 8 were once not enough.
    for (let i = 0; i < 20 && core.dtes.get(id).status !== 'APPROVED'; i++) {
      await core.sync.runOnce();
      await new Promise((r) => setTimeout(r, 280));
    }
    expect(core.dtes.get(id).status).toBe('APPROVED');
    const [m] = await smtp.waitFor(1);
    const json = JSON.parse(attachment(m!, `${id.toUpperCase()}.json`).toString('utf8')) as {
      identificacion: { tipoOperacion: number };
      selloRecibido: string | null;
    };
    expect(json.identificacion.tipoOperacion).toBe(2);
    expect(json.selloRecibido).toEqual(anyString());
  });

  it('an approved invalidation sends a notice to the same address', async () => {
    configure(smtp.port);
    const id = await issued('maria.hernandez@example.com');
    await smtp.waitFor(1);
    const r = await core.dtes.invalidate({ dteId: id, reason: 'Cliente devolvió la compra' }, 'test');
    expect(r.record.status).toBe('APPROVED');
    const [, notice] = await smtp.waitFor(2);
    expect(notice!.to).toEqual(['maria.hernandez@example.com']);
    expect(notice!.mail.subject).toMatch(/invalidado/i);
    expect(notice!.mail.text).toContain(core.dtes.get(id).controlNumber);
    expect(notice!.mail.attachments).toHaveLength(0);
    await until('both sent', () => deliveries(id).filter((d) => d.status === 'SENT').length === 2);
    expect(deliveries(id).map((d) => d.message)).toEqual(['document', 'invalidation']);
  });

  it('resends to another address; a bad address is 422 naming email; no e-mail, no delivery', async () => {
    configure(smtp.port);
    const id = await issued('maria.hernandez@example.com');
    await smtp.waitFor(1);
    const again = core.deliveries.resend(id, { email: 'contabilidad@cliente.example' }, ANA);
    expect(again).toMatchObject({ status: 'PENDING', email: 'contabilidad@cliente.example', requestedBy: 'user:ana' });
    const [, second] = await smtp.waitFor(2);
    expect(second!.to).toEqual(['contabilidad@cliente.example']);
    expect(second!.messageId).toBe(again.messageId);
    expect(second!.messageId).not.toBe(smtp.received[0]!.messageId);

    const app = await buildHttpServer(core, { logger: { info() {}, warn() {}, error() {} } });
    try {
      const bad = await app.inject({
        method: 'POST',
        url: `/dte/${id}/send`,
        headers: { 'x-api-key': DEMO_KEY, 'content-type': 'application/json' },
        payload: { email: 'no es correo' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'email' }] });
      // A POS key sends only to the recipient's own address (docs/decisions/0067-email-rights-and-small-guards.md).
      const elsewhere = await app.inject({
        method: 'POST',
        url: `/dte/${id}/send`,
        headers: { 'x-api-key': DEMO_KEY, 'content-type': 'application/json' },
        payload: { email: 'otra@cliente.example' },
      });
      expect(elsewhere.statusCode).toBe(403);
      const ok = await app.inject({
        method: 'POST',
        url: `/dte/${id}/send`,
        headers: { 'x-api-key': DEMO_KEY, 'content-type': 'application/json' },
        payload: { email: 'maria.hernandez@example.com' },
      });
      expect(ok.statusCode).toBe(202);
      const status = await app.inject({ method: 'GET', url: '/sync/status', headers: { 'x-api-key': DEMO_KEY } });
      expect(status.json()).toMatchObject({ state: anyString(), queue: objectContaining({}), deliveries: objectContaining({}) });
      // The SMTP settings are an administrator's: a POS key gets 403.
      const settings = await app.inject({ method: 'GET', url: '/settings/smtp', headers: { 'x-api-key': DEMO_KEY } });
      expect(settings.statusCode).toBe(403);
    } finally {
      await app.close();
    }
    await smtp.waitFor(3);

    const none = await issued(null);
    await new Promise((r) => setTimeout(r, 400));
    expect(deliveries(none)).toEqual([]);
    expect(smtp.received.filter((m) => m.mail.subject?.includes(core.dtes.get(none).controlNumber))).toHaveLength(0);
    expect(() => core.deliveries.resend(none, { email: 'x' }, ANA)).toThrow(CoreError);
  });

  it('the address is recorded with the document; one stored before migration 024 is read from its body', async () => {
    configure(smtp.port);
    const recorded = core.dtes.create('FC', fc('ana@example.com'), 'test').record.id;
    const none = core.dtes.create('FC', fc(null), 'test').record.id;
    const before = core.dtes.create('FC', fc('pedro@example.com'), 'test').record.id;
    const db = new BetterSqlite3(join(dir.dir, 'sello.db'));
    try {
      const email = (id: string) =>
        (db.prepare('SELECT recipient_email FROM documents WHERE id = ?').get(id) as { recipient_email: string | null }).recipient_email;
      expect([email(recorded), email(none), email(before)]).toEqual(['ana@example.com', '', 'pedro@example.com']);
      // As a document stored before 024 is: no address recorded.
      db.prepare('UPDATE documents SET recipient_email = NULL WHERE id = ?').run(before);
    } finally {
      db.close();
    }
    await core.sync.runOnce();
    const received = await smtp.waitFor(2);
    expect(received.flatMap((m) => m.to).sort()).toEqual(['ana@example.com', 'pedro@example.com']);
    expect(deliveries(before)).toEqual([objectContaining({ email: 'pedro@example.com' })]);
    expect(deliveries(none)).toEqual([]);
  });

  it('without SMTP settings deliveries wait, saying why, and go once the server is set', async () => {
    const id = await issued('maria.hernandez@example.com');
    await until('queued', () => deliveries(id).length === 1);
    expect(deliveries(id)[0]).toMatchObject({ status: 'PENDING', waiting: stringMatching(/No hay servidor de correo/) });
    expect(core.sync.status().deliveries).toMatchObject({ pending: 1, waiting: stringMatching(/No hay servidor de correo/) });
    configure(smtp.port);
    core.deliveries.wake();
    await smtp.waitFor(1);
  });

  it('the SMTP password is sealed: never in the database file in plain text, never in a log, never shown', async () => {
    smtp.password = PASSWORD;
    configure(smtp.port, PASSWORD);
    expect(core.deliveries.smtp.view()).toMatchObject({ configured: true, passwordSet: true, user: 'sello' });
    expect(JSON.stringify(core.deliveries.smtp.view())).not.toContain(PASSWORD);
    await issued('maria.hernandez@example.com');
    await smtp.waitFor(1);
    const test = await core.deliveries.test({ email: 'admin@eltornillo.example' }, 'user:ana');
    expect(test).toMatchObject({ sent: true, email: 'admin@eltornillo.example' });
    await smtp.waitFor(2);
    // A wrong password: the test says so in the server's words, and nothing leaks.
    smtp.password = 'otra-clave-del-servidor';
    const refused = await core.deliveries.test({ email: 'admin@eltornillo.example' }, 'user:ana');
    expect(refused.sent).toBe(false);
    expect(refused.response).toMatch(/535|credentials/i);
    core.close();
    for (const f of readdirSync(dir.dir).filter((x) => x.startsWith('sello.db'))) {
      const bytes = readFileSync(join(dir.dir, f));
      expect(bytes.includes(Buffer.from(PASSWORD)), f).toBe(false);
    }
    for (const line of logs) expect(line).not.toContain(PASSWORD);
    core = open();
    expect(core.deliveries.smtp.server()?.password).toBe(PASSWORD);
  });
});
