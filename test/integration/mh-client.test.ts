// The MH client against the simulator over real HTTP: auth, reception, duplicates, queries, lotes, and every
// way the network and MH can fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mhClient, MhLoginError, type MhClient } from '../../main/core/mh/client';
import { signJson } from '../../main/core/signing/jws';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { silentLogger } from '../../main/core/logger';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, testCore } from '../support/core';
import { stringMatching } from '../support/match';
import { registerStation, startSimulator } from '../support/mh-sim';

const clock = fixedClock('2026-11-22T15:30:00Z');
let core: ReturnType<typeof testCore>;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let client: MhClient;
let n = 0;
const NIT = '06142803901121';

function newClient(overrides: Partial<Parameters<typeof mhClient>[0]> = {}) {
  return mhClient({
    baseUrl: sim.url,
    user: NIT,
    password: () => 'Api#Clave2026',
    ambiente: '00',
    fetch,
    clock,
    logger: silentLogger,
    timeoutMs: 1500,
    ...overrides,
  });
}
function issue() {
  const id = `d0c00000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  core.dtes.create('FC', { ...fcBody(id), generatedAt: undefined }, 'test');
  const { jws, document } = core.dtes.mhDocument(id);
  return { id, jws, document, send: { tipoDte: '01', version: 1, codigoGeneracion: id.toUpperCase(), jws, idEnvio: n } };
}

beforeAll(async () => {
  core = testCore(clock);
  sim = await startSimulator({ clock, loteDelayMs: 120_000 });
  registerStation(sim, core);
  client = newClient();
});
afterAll(async () => {
  await sim.close();
  core.cleanup();
});

describe('MH client ↔ simulator', () => {
  it('logs in once with form-urlencoded credentials and sends with a User-Agent', async () => {
    const before = sim.state.counts.auth ?? 0;
    const a = await client.sendDte(issue().send);
    const b = await client.sendDte(issue().send);
    expect(a.outcome).toMatchObject({ outcome: 'accepted', seal: stringMatching(/^[A-Z0-9]{40}$/) });
    expect(b.outcome.outcome).toBe('accepted');
    expect((sim.state.counts.auth ?? 0) - before).toBe(1);
    expect(sim.state.lastUserAgent).toMatch(/^Sello\//);
  });

  it('a second send of the same document is a duplicate; the query recovers its seal', async () => {
    const doc = issue();
    const first = await client.sendDte(doc.send);
    const again = await client.sendDte({ ...doc.send, idEnvio: 999 });
    expect(again.outcome.outcome).toBe('duplicate');
    const q = await client.queryDte({ tipoDte: '01', codigoGeneracion: doc.send.codigoGeneracion });
    expect(q.outcome).toMatchObject({ outcome: 'accepted', seal: (first.outcome as { seal: string }).seal });
  });

  it('the query of a document MH never received is not_found', async () => {
    const q = await client.queryDte({ tipoDte: '01', codigoGeneracion: 'AAAAAAAA-0000-4000-8000-000000000000' });
    expect(q.outcome.outcome).toBe('not_found');
  });

  it('rejects a signature MH cannot verify, and a document outside the schema', async () => {
    const doc = issue();
    const other = parseMhCertificate(generateMhCertificate(NIT, 'x'), 'x');
    const forged = await client.sendDte({ ...doc.send, jws: signJson(doc.document, other.privateKey) });
    expect(forged.outcome).toMatchObject({ outcome: 'rejected', code: '803' });
    const broken = {
      ...doc.document,
      identificacion: { ...(doc.document.identificacion as object), codigoGeneracion: doc.send.codigoGeneracion },
      resumen: { totalPagar: 'mucho' },
    };
    const key = parseMhCertificate(generateMhCertificate(NIT, 'x'), 'x');
    sim.registerKey('99999999999999', key.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
    const invalid = await client.sendDte({
      ...doc.send,
      jws: signJson({ ...broken, emisor: { ...(doc.document.emisor as object), nit: '99999999999999' } }, key.privateKey),
    });
    expect(invalid.outcome).toMatchObject({ outcome: 'rejected', code: '008' });
    expect(invalid.body?.observaciones).toEqual(expect.arrayContaining([expect.stringContaining('resumen')]));
  });

  it('an expired token gets one new login and the call goes through', async () => {
    await client.sendDte(issue().send);
    const before = sim.state.counts.auth ?? 0;
    // The simulator's token lives 12 h; the client renews after 11 h. Advance past both.
    clock.advance(13 * 3600_000);
    const expiredClient = newClient({ tokenRenewMs: 48 * 3600_000 });
    // A client still holding an expired token: first call 401, then one login and a retry.
    await expiredClient.sendDte(issue().send);
    clock.advance(13 * 3600_000);
    const r = await expiredClient.sendDte(issue().send);
    expect(r.outcome.outcome).toBe('accepted');
    expect((sim.state.counts.auth ?? 0) - before).toBe(2);
  });

  it('wrong credentials fail the login clearly', async () => {
    const strict = await startSimulator({ clock, credentials: new Map([[NIT, 'correcta']]) });
    try {
      const c = mhClient({
        baseUrl: strict.url,
        user: NIT,
        password: () => 'incorrecta',
        ambiente: '00',
        fetch,
        clock,
        logger: silentLogger,
      });
      await expect(c.sendDte(issue().send)).rejects.toThrow(MhLoginError);
    } finally {
      await strict.close();
    }
  });

  it('MH down answers 503: retry (also when the login meets it); unreachable: retry; flaky: every other call', async () => {
    sim.setMode('down');
    expect((await newClient().sendDte(issue().send)).outcome.outcome).toBe('retry');
    expect((await client.sendDte(issue().send)).outcome.outcome).toBe('retry');
    sim.setMode('flaky');
    const outcomes = [];
    for (let i = 0; i < 4; i++)
      outcomes.push((await client.queryDte({ tipoDte: '01', codigoGeneracion: 'AAAAAAAA-0000-4000-8000-000000000000' })).outcome.outcome);
    expect(outcomes).toContain('retry');
    expect(outcomes).toContain('not_found');
    sim.setMode('normal');
    const offline = newClient({ baseUrl: 'http://127.0.0.1:9' });
    expect((await offline.sendDte(issue().send)).outcome.outcome).toBe('retry');
  });

  it('slow beyond the timeout: unknown, and the query finds what MH processed meanwhile', async () => {
    const doc = issue();
    // Hold a fresh token first, so that it is the document's call that times out, not the login.
    await client.queryDte({ tipoDte: '01', codigoGeneracion: doc.send.codigoGeneracion });
    sim.setMode('slow', 2500);
    const r = await client.sendDte(doc.send);
    expect(r.exchange.kind).toBe('timeout');
    expect(r.outcome.outcome).toBe('unknown');
    sim.setMode('normal');
    await new Promise((res) => setTimeout(res, 1500));
    expect((await client.queryDte({ tipoDte: '01', codigoGeneracion: doc.send.codigoGeneracion })).outcome.outcome).toBe('accepted');
  });

  it('accept-then-drop: the answer is lost, the query finds the seal', async () => {
    const doc = issue();
    sim.setMode('drop');
    const r = await client.sendDte(doc.send);
    sim.setMode('normal');
    expect(r.outcome.outcome).toBe('unknown');
    expect((await client.queryDte({ tipoDte: '01', codigoGeneracion: doc.send.codigoGeneracion })).outcome.outcome).toBe('accepted');
  });

  it('lotes are processed asynchronously and queried by codigoLote', async () => {
    const docs = [issue(), issue(), issue()];
    const r = await client.sendLote({ idEnvio: 'B0B0B0B0-0000-4000-8000-000000000001', jwsList: docs.map((d) => d.jws) });
    expect(r.codigoLote).toMatch(/^[0-9A-F-]{36}$/);
    const early = await client.queryLote(r.codigoLote!);
    expect(early.body).toEqual({ procesados: [], rechazados: [] });
    clock.advance(121_000);
    const done = await client.queryLote(r.codigoLote!);
    expect((done.body?.procesados as unknown[]).length).toBe(3);
  });
});
