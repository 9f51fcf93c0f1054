// An Evento de Retorno by e-mail (MF2 p.28; docs/decisions/0050-evento-de-retorno-complete.md) through a real SMTP
// server (smtp-server) and the MH simulator over HTTP: sealed, it goes by itself to the address its document was
// issued to, with its PDF and its signed JSON; on request, to another address; one waiting for MH, not yet.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { verifyJwsSync } from '../../main/core/signing/jws';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { pdfText } from '../support/pdf';
import { testSmtp, type TestSmtp } from '../support/smtp';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let smtp: TestSmtp;
let n = 0;
const SUPERVISOR = { id: 'user:supervisor', caller: 'SUPERVISOR' } as const;
const newId = () => `e3a10000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

beforeEach(async () => {
  sim = await startSimulator({ schemasV2Dir: SCHEMA_DIR_V2 });
  smtp = await testSmtp();
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    deliveries: { retryBaseMs: 100, retryCapMs: 400, jitter: () => 0.5 },
    backups: { everyMs: 0 },
  });
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  registerStation(sim, core);
  core.deliveries.smtp.set(
    {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      allowInsecureLocal: true,
      user: null,
      password: null,
      from: { name: 'Comercial Sello', address: 'facturacion@sello.example' },
    },
    'user:admin',
  );
});
afterEach(async () => {
  core.close();
  await smtp.stop();
  await sim.close();
  dir.cleanup();
});

async function soldAndMailed() {
  const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'user:cajero');
  await core.sync.runOnce();
  await core.deliveries.runOnce();
  await smtp.waitFor(1);
  return record.id;
}

describe('an Evento de Retorno by e-mail', () => {
  it("sealed, it goes to the document's customer with its PDF and its signed JSON", async () => {
    const dte = await soldAndMailed();
    const { record } = await core.returns.make(
      { lines: [{ dteId: dte, item: 1, quantity: 1 }], reason: 'Café equivocado' },
      'user:supervisor',
    );
    expect(record.status).toBe('APPROVED');
    await core.deliveries.runOnce();
    const [, mail] = await smtp.waitFor(2);
    expect(mail!.to).toEqual(['maria.hernandez@example.com']);
    expect(mail!.mail.subject).toContain('Devolución (Evento de Retorno)');
    expect(mail!.mail.text).toContain(record.id.toUpperCase());
    expect(mail!.mail.text).toContain(record.seal!);
    const names = mail!.mail.attachments.map((a) => a.filename);
    expect(names).toEqual([`${record.id.toUpperCase()}.pdf`, `${record.id.toUpperCase()}.json`]);
    const pdf = Buffer.from(mail!.mail.attachments[0]!.content as ArrayBuffer);
    expect(pdfText(pdf)).toContain('DEVOLUCIÓN (EVENTO DE RETORNO)');
    const json = JSON.parse(Buffer.from(mail!.mail.attachments[1]!.content as ArrayBuffer).toString('utf8')) as Record<string, unknown>;
    expect(json.selloRecibido).toBe(record.seal);
    expect(verifyJwsSync(String(json.firmaElectronica), core.signing.publicKey()!)).toBe(true);
    // The document's detail lists it among its e-mails.
    expect(core.deliveries.ofDocument(dte).map((d) => d.message)).toEqual(['document', 'return']);
  });

  it('on request, to another address; not while MH has not sealed it', async () => {
    const dte = await soldAndMailed();
    sim.setMode('down');
    const waiting = (
      await core.returns.make({ lines: [{ dteId: dte, item: 1, quantity: 1 }], reason: 'Devolución sin conexión' }, 'user:supervisor')
    ).record;
    expect(() => core.deliveries.sendReturn(waiting.id, { email: 'otra@example.com' }, SUPERVISOR)).toThrow(/sello de MH/);
    sim.setMode('normal');
    await core.sync.runOnce();
    await core.deliveries.runOnce();
    await smtp.waitFor(2);
    const asked = core.deliveries.sendReturn(waiting.id, { email: 'otra@example.com' }, SUPERVISOR);
    expect(asked).toMatchObject({ message: 'return', returnId: waiting.id, email: 'otra@example.com', status: 'PENDING' });
    await core.deliveries.runOnce();
    const got = await smtp.waitFor(3);
    expect(got[2]!.to).toEqual(['otra@example.com']);
    expect(() => core.deliveries.sendReturn(waiting.id, { email: 'no es correo' }, SUPERVISOR)).toThrow(/correo/);
  });
});
