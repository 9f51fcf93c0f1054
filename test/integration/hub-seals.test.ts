// The hub confirms seals with MH (issue 32, docs/decisions/0031-hub-confirms-seals.md): a real PostgreSQL, a real hub
// HTTP server, a station core on the MH simulator replicating to it, and the hub's checker asking the same
// simulator over HTTP on real timers. A document MH sealed becomes confirmed; a document MH never saw, and one whose
// seal is not MH's, both sent through the hub's real ingest, raise critical alerts on the health page; MH down or
// refusing the login makes the checker back off (few requests, one log line) and finish once MH is back; the
// pace is what was configured, counted at the simulator.
import { randomUUID, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { silentLogger, type Logger } from '../../main/core/logger';
import { mhClient } from '../../main/core/mh/client';
import { DEMO_STATION } from '../../main/core/station/demo';
import { createHub, type Hub } from '../../main/hub/create-hub';
import type { HubDocumentDetail, HubDocumentPage } from '../../main/hub/documents-list';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { sealChecker, type SealChecker, type SealCheckerOptions } from '../../main/hub/seal-checker';
import { hubSealChecks } from '../../main/hub/seal-checks';
import type { HubHealth } from '../../shared/hub';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { signed, trustedKey } from '../support/hub-documents';
import { setHubCompany, trustStationKey } from '../support/hub-stations';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

const NIT = DEMO_STATION.company.nit;
let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
let url = '';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let core: Core;
let token = '';
let session = '';
const dir = tempDir();
let n = 0;
const newId = () => `7d000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const today = (b: Record<string, unknown>) => ({ ...b, generatedAt: undefined });
const running: SealChecker[] = [];
/** The company key a compromised branch holds: what it signs passes the hub's checks, and only MH can tell. */
let forger: KeyObject;

beforeAll(async () => {
  [cluster, sim] = await Promise.all([startPgCluster(), startSimulator({ loteDelayMs: 50 })]);
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, scryptCost: 10 });
  app = await buildHubServer({ hub, logger: silentLogger });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  await hub.stations.register({ id: 'M001-P001', companyId: NIT, branchCode: 'M001', posNumber: 'P001', name: 'Sucursal M001' });
  ({ token } = await hub.tokens.create('M001-P001'));
  core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
  // An ADMIN sets the company and its certificates at the hub: it stores only documents it can check (decision 0030).
  await setHubCompany(hub);
  await trustStationKey(hub, core);
  forger = await trustedKey(hub);
  core.configure({ ...DEMO_STATION, hub: { url, token } }, 'test');
  await hub.people.create({ login: 'gerente', name: 'Gerente', role: 'ACCOUNTANT', password: 'clave-gerente-1' });
  const res = await fetch(`${url}/hub/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'gerente', password: 'clave-gerente-1' }),
  });
  ({ token: session } = (await res.json()) as { token: string });
}, 30_000);
afterAll(async () => {
  for (const c of running) await c.stop();
  core?.close();
  await app?.close();
  await db?.close();
  await sim?.close();
  await cluster?.stop();
  dir.cleanup();
});

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A checker of the hub's database asking the simulator through its own client (its own token cache). */
function checker(options: Partial<SealCheckerOptions> & { logger?: Logger; password?: string } = {}): SealChecker {
  const c = sealChecker({
    checks: hubSealChecks(db.q, hub.clock),
    client: mhClient({
      baseUrl: sim.url,
      user: NIT,
      password: () => options.password ?? 'demo',
      ambiente: '00',
      fetch,
      clock: hub.clock,
      logger: silentLogger,
      timeoutMs: 1000,
    }),
    clock: hub.clock,
    logger: options.logger ?? silentLogger,
    perMinute: 600,
    idleMs: 100,
    minBackoffMs: 200,
    maxBackoffMs: 800,
    ...options,
  });
  running.push(c);
  return c;
}

async function stopAll(): Promise<void> {
  for (const c of running.splice(0)) await c.stop();
}

/** Issues `count` invoices at the station and waits until the hub holds them APPROVED. */
async function approvedAtHub(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => core.dtes.create('FC', today(fcBody(newId())), 'test').record.id.toLowerCase());
  await until(async () => {
    const rows = await db.q.selectFrom('documents').select('status').where('id', 'in', ids).execute();
    return rows.length === count && rows.every((r) => r.status === 'APPROVED');
  }, 'the hub to hold the approved documents');
  return ids;
}

const documentAtHub = async (id: string) => {
  const res = await fetch(`${url}/hub/v1/documents/${id}`, { headers: { authorization: `Bearer ${session}` } });
  return (await res.json()) as HubDocumentDetail;
};
const listAtHub = async () => {
  const res = await fetch(`${url}/hub/v1/documents?limit=200`, { headers: { authorization: `Bearer ${session}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as HubDocumentPage).documents;
};
const health = async () => {
  const res = await fetch(`${url}/hub/v1/health`, { headers: { authorization: `Bearer ${session}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as HubHealth;
};
const stateOf = async (id: string) =>
  (await db.q.selectFrom('hub_seal_checks').select('state').where('id', '=', id).executeTakeFirst())?.state ?? null;

/** Sends `docs` as the station would, through the hub's real ingest (POST /hub/v1/documents). */
async function ingest(docs: Record<string, unknown>[]): Promise<void> {
  const res = await fetch(`${url}/hub/v1/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ documents: docs }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The wire shape of a document the hub holds, for a forged copy of it. */
function wireOf(d: HubDocumentDetail): Record<string, unknown> {
  return {
    id: d.id,
    kind: d.kind,
    version: d.version,
    status: d.status,
    controlNumber: d.controlNumber,
    issueDate: d.issueDate,
    total: d.total,
    recipientName: d.recipientName,
    mhJson: d.mhJson,
    jws: d.jws,
    seal: d.seal,
    sealedAt: d.sealedAt,
    updatedAt: d.updatedAt,
  };
}

const FORGED_SEAL = `2026${'F0'.repeat(18)}`;
/** Another invented seal: one seal under two ids in a batch is refused at the door (SEAL_TAKEN, decision 0063). */
const INVENTED_SEAL = `2026${'E0'.repeat(18)}`;

describe('migration 006', () => {
  it('adds hub_seal_checks, which refuses a state it does not know', async () => {
    const applied = await db.q.selectFrom('hub_migrations').select(['version', 'name']).where('version', '=', 6).execute();
    expect(applied).toEqual([{ version: 6, name: 'seal checks' }]);
    await expect(
      sql`INSERT INTO hub_seal_checks (id, issue_date, station_id, state, checked_at, attempts)
          VALUES (${randomUUID()}, '2026-11-20', 'M001-P001', 'maybe', now(), 1)`.execute(db.q),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('the hub confirms seals with MH', () => {
  it('a document MH sealed becomes confirmed, in the list the screens read; the health page stays quiet', async () => {
    const ids = await approvedAtHub(3);
    const listed = await listAtHub();
    for (const id of ids) expect(listed.find((d) => d.id === id)?.sealCheck).toBe('unconfirmed');
    const c = checker();
    c.start();
    await until(async () => (await Promise.all(ids.map(stateOf))).every((s) => s === 'confirmed'), 'the seals confirmed');
    await stopAll();
    const after = await listAtHub();
    for (const id of ids) {
      const d = after.find((x) => x.id === id)!;
      expect(d.sealCheck).toBe('confirmed');
      expect(d.sealCheckedAt).not.toBeNull();
    }
    const rows = await db.q.selectFrom('hub_seal_checks').selectAll().where('id', 'in', ids).execute();
    for (const r of rows) expect(r.mh_seal).toBe(r.seal);
    const h = await health();
    expect(h.seals).toMatchObject({ alerts: [], problems: 0, documents: [] });
    // Asked once: a confirmed document is not asked again.
    const asked = sim.state.counts.consultadte ?? 0;
    const again = checker();
    expect(await again.step()).toEqual({ kind: 'idle' });
    expect(sim.state.counts.consultadte ?? 0).toBe(asked);
  });

  it('a document MH never sealed and one whose seal is not MH’s raise critical alerts naming them', async () => {
    const [real] = await approvedAtHub(1);
    const original = await documentAtHub(real!);
    // A station holding the key sends an invented document, and a real one with a seal MH never gave.
    const inventedId = randomUUID();
    const invented = signed(
      {
        ...wireOf(original),
        id: inventedId,
        controlNumber: original.controlNumber.replace(/\d{6}$/, '999999'),
        seal: INVENTED_SEAL,
      } as unknown as IngestDocument,
      forger,
    );
    const reSealed = { ...wireOf(original), seal: FORGED_SEAL, updatedAt: new Date(Date.parse(original.updatedAt) + 60_000).toISOString() };
    await ingest([invented, reSealed]);
    const c = checker();
    c.start();
    await until(async () => (await stateOf(inventedId)) === 'mh_unknown' && (await stateOf(real!)) === 'seal_mismatch', 'the verdicts');
    await stopAll();
    const h = await health();
    const seals = h.seals!;
    expect(seals.alerts.map((a) => [a.code, a.severity])).toEqual([
      ['SEAL_MISMATCH', 'critical'],
      ['SEAL_UNKNOWN_TO_MH', 'critical'],
    ]);
    expect(seals.alerts[1]!.message).toMatch(/MH no conoce 1 documento/);
    expect(seals.problems).toBe(2);
    const byId = new Map(seals.documents.map((d) => [d.id, d]));
    expect(byId.get(inventedId)).toMatchObject({ state: 'mh_unknown', seal: INVENTED_SEAL, mhSeal: null, stationId: 'M001-P001' });
    expect(byId.get(real!)).toMatchObject({ state: 'seal_mismatch', seal: FORGED_SEAL, mhSeal: original.seal });
    const listed = await listAtHub();
    expect(listed.find((d) => d.id === inventedId)?.sealCheck).toBe('mh_unknown');
    expect(listed.find((d) => d.id === real)?.sealCheck).toBe('seal_mismatch');

    // The station sends MH's seal back: asked again, confirmed, and the alert is gone.
    await ingest([{ ...wireOf(original), updatedAt: new Date(Date.parse(original.updatedAt) + 120_000).toISOString() }]);
    const again = checker();
    const step = await again.step();
    expect(step).toMatchObject({ kind: 'asked', verdict: { state: 'confirmed' } });
    const later = (await health()).seals!;
    expect(later.problems).toBe(1);
    expect(later.alerts.map((a) => a.code)).toEqual(['SEAL_UNKNOWN_TO_MH']);
    // The unknown one is asked again only after recheckUnknownMs, not at once.
    expect(await again.step()).toEqual({ kind: 'idle' });
    await sql`UPDATE hub_seal_checks SET next_check_at = now() - interval '1 second' WHERE id = ${inventedId}`.execute(db.q);
    expect(await again.step()).toMatchObject({ kind: 'asked', document: { id: inventedId }, verdict: { state: 'mh_unknown' } });
    const attempts = await db.q.selectFrom('hub_seal_checks').select('attempts').where('id', '=', inventedId).executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(2);
  });

  it('MH down, then up: the checker backs off with few requests and one log line, says why on the health page, and finishes', async () => {
    const ids = await approvedAtHub(2);
    const warnings: string[] = [];
    const logger: Logger = { info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };
    // A hub with MH configured, as `sello hub --mh-url` makes it: its health page reads its own checker.
    const withMh = createHub({
      db: db.q,
      logger,
      mh: {
        client: mhClient({
          baseUrl: sim.url,
          user: NIT,
          password: () => 'demo',
          ambiente: '00',
          fetch,
          clock: hub.clock,
          logger: silentLogger,
        }),
        perMinute: 600,
        idleMs: 100,
        minBackoffMs: 200,
        maxBackoffMs: 800,
        logEveryMs: 60_000,
      },
    });
    const c = withMh.seals.checker!;
    running.push(c);
    sim.setMode('down');
    onTestFinished(() => sim.setMode('normal'));
    const before = sim.state.requests;
    c.start();
    await new Promise((r) => setTimeout(r, 3000));
    const during = sim.state.requests - before;
    // 200, 400, 800, 800 ms… : about 5 attempts in 3 s, each a login or a query; a spinning loop would make hundreds.
    expect(during).toBeGreaterThanOrEqual(2);
    expect(during).toBeLessThanOrEqual(8);
    expect(c.status().blockedBy).toMatch(/MH no respondió|autenticación/);
    expect(c.status().retryAt).not.toBeNull();
    expect(warnings.filter((w) => w === 'hub seal check: waiting for MH')).toHaveLength(1);
    // (The earlier test's unknown document still raises its own alert.)
    const stalled = (await withMh.seals.health()).alerts.filter((a) => a.code === 'SEAL_CHECK_STALLED');
    expect(stalled.map((a) => a.severity)).toEqual(['warning']);
    expect(stalled[0]!.message).toMatch(/no puede confirmar sellos con MH ahora: .*Reintentará sola a las \d\d:\d\d/);
    for (const id of ids) expect(await stateOf(id)).toBeNull();
    sim.setMode('normal');
    await until(async () => (await Promise.all(ids.map(stateOf))).every((s) => s === 'confirmed'), 'the seals confirmed after MH is back');
    expect(c.status().blockedBy).toBeNull();
    expect((await withMh.seals.health()).alerts.map((a) => a.code)).not.toContain('SEAL_CHECK_STALLED');
    await stopAll();
  });

  it('keeps the pace: at most perMinute questions a minute, counted at the simulator', async () => {
    const ids = await approvedAtHub(6);
    // 120 a minute: one every 500 ms.
    const c = checker({ perMinute: 120 });
    const base = sim.state.counts.consultadte ?? 0;
    const seen: number[] = [];
    let last = base;
    const started = Date.now();
    c.start();
    while (seen.length < ids.length && Date.now() - started < 10_000) {
      const now = sim.state.counts.consultadte ?? 0;
      for (; last < now; last++) seen.push(Date.now());
      await new Promise((r) => setTimeout(r, 10));
    }
    await stopAll();
    expect(seen).toHaveLength(ids.length);
    const gaps = seen.slice(1).map((t, i) => t - seen[i]!);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(450);
    // And not much slower than asked: six questions take about 2.5 s.
    expect(seen.at(-1)! - seen[0]!).toBeLessThan(4_000);
    for (const id of ids) expect(await stateOf(id)).toBe('confirmed');
  });
  it('MH refusing the login: the checker waits, says what to do, and confirms once the login is accepted', async () => {
    const [id] = await approvedAtHub(1);
    await fetch(`${sim.url}/_sim/refuse-logins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refuse: true }),
    });
    try {
      const c = checker();
      const step = await c.step();
      expect(step).toMatchObject({ kind: 'blocked' });
      expect(step.kind === 'blocked' && step.reason).toMatch(/MH rechaza las credenciales de la central/);
      expect(await stateOf(id!)).toBeNull();
    } finally {
      await fetch(`${sim.url}/_sim/refuse-logins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refuse: false }),
      });
    }
    const c = checker();
    expect(await c.step()).toMatchObject({ kind: 'asked', document: { id }, verdict: { state: 'confirmed' } });
  });
});
