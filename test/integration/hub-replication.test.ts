// Replication, station → hub (issue 18, docs/decisions/0016-head-office-hub.md "Replication"): a real PostgreSQL, a
// real hub HTTP server, two station cores on MH simulators, each with its own token, everything on real timers.
// Every document of every station arrives once with its final status; with the hub away the stations keep issuing
// and approving, and when it is back on the same port it catches up with nothing missing or doubled; an
// invalidation reaches the hub as INVALIDATED; a station's token cannot write the other station's documents.
import { readdirSync, readFileSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { HubHealth } from '../../shared/hub';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { setHubCompany, trustStationKey } from '../support/hub-stations';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';

let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance | null = null;
let port = 0;
/** One MH simulator per station: both are the demo company, whose NIT the simulator keys its certificate by. */
const sims: Awaited<ReturnType<typeof startSimulator>>[] = [];
const dirs: ReturnType<typeof tempDir>[] = [];
const stations: { id: string; core: Core; token: string }[] = [];
let n = 0;
const newId = () => `7e000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const today = (b: Record<string, unknown>) => ({ ...b, generatedAt: undefined });

async function startHubServer(): Promise<void> {
  app = await buildHubServer({ hub, logger: silentLogger });
  const url = await app.listen({ host: '127.0.0.1', port });
  port = Number(new URL(url).port);
}

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q });
  await startHubServer();
  await setHubCompany(hub);
  for (const branch of ['M001', 'M002']) {
    const id = `${branch}-P001`;
    await hub.stations.register({ id, companyId: '06140101001010', branchCode: branch, posNumber: 'P001', name: `Sucursal ${branch}` });
    const { token } = await hub.tokens.create(id);
    const dir = tempDir();
    dirs.push(dir);
    const sim = await startSimulator({ loteDelayMs: 50 });
    sims.push(sim);
    const core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
    await trustStationKey(hub, core);
    core.configure(
      { ...DEMO_STATION, branch: { ...DEMO_STATION.branch, mhCode: branch }, hub: { url: `http://127.0.0.1:${port}`, token } },
      'test',
    );
    stations.push({ id, core, token });
  }
}, 30_000);
afterAll(async () => {
  for (const s of stations) s.core.close();
  await app?.close();
  await db?.close();
  for (const sim of sims) await sim.close();
  await cluster?.stop();
  for (const d of dirs) d.cleanup();
});

/** Polls until `check` holds, on real time. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(stations.map((s) => s.core.sync.status().hub))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const issue = (count: number) =>
  stations.flatMap((s) =>
    Array.from({ length: count }, () => ({ station: s, id: s.core.dtes.create('FC', today(fcBody(newId())), 'test').record.id })),
  );

const hubRows = () => db.q.selectFrom('documents').select(['id', 'station_id', 'status', 'seal']).execute();
const hubKeys = async () => (await hubRows()).map((r) => ({ id: r.id, station_id: r.station_id, status: r.status }));

/** The hub holds exactly the stations' documents, each once, in its station's current status. */
async function hubMatchesStations(): Promise<boolean> {
  const rows = await hubKeys();
  const expected = stations.flatMap((s) =>
    s.core.dtes.list({ limit: 500 }).items.map((r) => ({ id: r.id, station_id: s.id, status: r.status })),
  );
  const key = (r: { id: string }) => r.id;
  const sorted = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => key(a).localeCompare(key(b)));
  return JSON.stringify(sorted(rows)) === JSON.stringify(sorted(expected)) && stations.every((s) => s.core.sync.status().hub.waiting === 0);
}

describe('replication to the hub', () => {
  it('every document of two stations arrives once with its final status, and the hub catches up after being away', async () => {
    const first = issue(10);
    await until(() => first.every((d) => d.station.core.dtes.get(d.id).status === 'APPROVED'), 'approval');
    await until(hubMatchesStations, 'the hub to hold every document');
    expect(await hubRows()).toHaveLength(20);
    for (const s of stations) {
      const h = s.core.sync.status().hub;
      expect(h).toMatchObject({ configured: true, waiting: 0, lastError: null });
      expect(h.lastReachedAt).not.toBeNull();
    }

    // The hub goes away; the stations keep issuing and MH keeps approving.
    // Gone as a crashed hub is: every connection dropped. (A graceful close waits for a keep-alive socket that a
    // station's last heartbeat left between two requests, up to Node's 60 s headersTimeout.)
    const closing = app!.close();
    app!.server.closeAllConnections();
    await closing;
    app = null;
    const second = issue(15);
    await until(() => second.every((d) => d.station.core.dtes.get(d.id).status === 'APPROVED'), 'approval while the hub is away');
    await until(() => stations.every((s) => s.core.sync.status().hub.lastError !== null), 'the stations to notice');
    for (const s of stations) expect(s.core.sync.status().hub.waiting).toBeGreaterThanOrEqual(15);
    expect(await hubRows()).toHaveLength(20);

    // Back on the same port: it catches up, nothing missing, nothing doubled.
    await startHubServer();
    await until(hubMatchesStations, 'the hub to catch up');
    const rows = await hubRows();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.id)).size).toBe(50);
    expect(rows.every((r) => r.status === 'APPROVED' && r.seal !== null)).toBe(true);
    for (const s of stations) expect(s.core.sync.status().hub).toMatchObject({ waiting: 0, lastError: null });

    // An invalidation: the document's new status follows.
    const [a] = stations;
    const target = first[0]!;
    await a!.core.dtes.invalidate({ dteId: target.id, reason: 'Cliente devolvió la compra' }, 'test');
    await until(() => a!.core.dtes.get(target.id).status === 'INVALIDATED', 'the invalidation');
    await until(hubMatchesStations, 'the invalidation at the hub');
    const invalidated = await db.q
      .selectFrom('documents')
      .select(['status', 'station_id'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(invalidated).toEqual({ status: 'INVALIDATED', station_id: 'M001-P001' });
  }, 30_000);

  it('a document the hub refuses for good is set aside, shown, and blocks nothing behind it', async () => {
    const [a] = stations;
    const bad = issue(1).find((d) => d.station === a)!;
    await until(() => a!.core.dtes.get(bad.id).status === 'APPROVED', 'approval');
    await until(() => a!.core.sync.status().hub.waiting === 0, 'A to send everything');
    // The station's copy goes bad (a total no document has): the hub answers 422 for it, whatever is sent with it.
    const file = new BetterSqlite3(join(dirs[0]!.dir, 'sello.db'));
    try {
      file.prepare("UPDATE documents SET total = '1234567890123.00' WHERE id = ?").run(bad.id);
      file
        .prepare(
          "INSERT OR REPLACE INTO replication_queue (entity, ref, seq, reason, queued_at) VALUES ('document', ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM replication_queue), 'status', 'x')",
        )
        .run(bad.id);
    } finally {
      file.close();
    }
    const behind = Array.from({ length: 6 }, () => a!.core.dtes.create('FC', today(fcBody(newId())), 'test').record.id);
    await until(async () => {
      const ids = new Set((await hubRows()).map((r) => r.id));
      return behind.every((id) => ids.has(id));
    }, 'the documents behind it at the hub');
    await until(() => a!.core.sync.status().hub.refused === 1, 'the refusal to show');
    const h = a!.core.sync.status().hub;
    expect(h.lastRefusal).toMatch(new RegExp(`^document ${bad.id}: el hub respondió 422`));
    expect(h.lastError).toBeNull();
  }, 30_000);

  it("a station's token cannot write the other station's documents", async () => {
    const [a, b] = stations;
    const row = await db.q
      .selectFrom('documents')
      .selectAll()
      .where('station_id', '=', a!.id)
      .where('status', '=', 'APPROVED')
      .limit(1)
      .executeTakeFirstOrThrow();
    const snapshot = {
      id: row.id,
      kind: row.kind,
      version: row.version,
      status: 'INVALIDATED',
      controlNumber: row.control_number,
      issueDate: row.issue_date,
      total: String(row.total),
      recipientName: row.recipient_name,
      mhJson: row.mh_json,
      jws: row.jws,
      seal: null,
      sealedAt: null,
      updatedAt: '2099-01-01T00:00:00-06:00',
    };
    const res = await fetch(`http://127.0.0.1:${port}/hub/v1/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b!.token}` },
      body: JSON.stringify({ documents: [snapshot] }),
    });
    // B's token is bound to M002P001: A's control number is refused before anything is read (decision 0030).
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'DOCUMENT_REFUSED', reason: 'POINT_NOT_BOUND' });
    const after = await db.q.selectFrom('documents').select(['station_id', 'status']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.station_id).toBe(a!.id);
    expect(after.status).not.toBe('INVALIDATED');
  });

  it("flags the branch in contingency on the hub's health, with its records, and a rewound audit chain", async () => {
    const [a, b] = stations;
    await hub.people.create({ login: 'contadora', name: 'Contadora', role: 'ACCOUNTANT', password: 'clave-contadora-1' });
    const login = await fetch(`http://127.0.0.1:${port}/hub/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'contadora', password: 'clave-contadora-1' }),
    });
    const { token: session } = (await login.json()) as { token: string };
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/hub/v1/health`, { headers: { authorization: `Bearer ${session}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as HubHealth;
    };
    const codes = (h: HubHealth, id: string) => h.stations.find((s) => s.station.id === id)?.alerts.map((x) => x.code) ?? [];

    // MH is down for branch M002 only: after three failed sends it opens a contingency, and keeps issuing.
    sims[1]!.setMode('down');
    b!.core.dtes.create('FC', today(fcBody(newId())), 'test');
    await until(() => b!.core.sync.status().state === 'contingency', 'the contingency', 20_000);
    b!.core.dtes.create('FC', today(fcBody(newId())), 'test');
    await until(async () => codes(await health(), b!.id).includes('CONTINGENCY'), 'the hub to flag the branch', 20_000);
    const h = await health();
    const flagged = h.stations.find((s) => s.station.id === b!.id)!;
    expect(h.stations[0]!.station.id).toBe(b!.id); // the branch with an alert comes first
    expect(flagged.heartbeat?.sync.state).toBe('contingency');
    expect(flagged.alerts.find((x) => x.code === 'CONTINGENCY')?.message).toMatch(/^En contingencia desde \d\d\/\d\d \d\d:\d\d: /);
    expect(codes(h, a!.id)).not.toContain('CONTINGENCY');
    expect(h.stations.find((s) => s.station.id === a!.id)?.heartbeat?.auditHead?.seq).toBeGreaterThan(0);

    // The records beside the documents: B's open contingency event, A's invalidation (the first test's).
    await until(() => b!.core.sync.status().hub.waiting === 0, 'B to send everything');
    // Its documents were re-signed as contingency documents: the hub holds the signing MH will receive.
    const file = new BetterSqlite3(join(dirs[1]!.dir, 'sello.db'), { readonly: true });
    const signed = (
      file.prepare('SELECT id, packed FROM documents WHERE contingency_id IS NOT NULL').all() as { id: string; packed: Buffer }[]
    ).map((r) => ({ id: r.id, jws: unpackDocument(r.packed).jws }));
    file.close();
    expect(signed.length).toBeGreaterThanOrEqual(2);
    const held = await db.q
      .selectFrom('documents')
      .select(['id', 'jws'])
      .where(
        'id',
        'in',
        signed.map((r) => r.id),
      )
      .execute();
    expect(held.sort((x, y) => x.id.localeCompare(y.id))).toEqual(signed.sort((x, y) => x.id.localeCompare(y.id)));
    const records = await db.q.selectFrom('station_records').select(['station_id', 'kind']).execute();
    expect(records).toContainEqual({ station_id: b!.id, kind: 'contingency_event' });
    expect(records).toContainEqual({ station_id: a!.id, kind: 'invalidation' });
    const invalidated = await db.q.selectFrom('documents').select('invalidated_on').where('status', '=', 'INVALIDATED').execute();
    expect(invalidated.map((r) => r.invalidated_on)).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);

    // A report whose audit chain is shorter than one already seen: a restored copy or a rewritten log.
    const beat = flagged.heartbeat!;
    const rewind = await fetch(`http://127.0.0.1:${port}/hub/v1/heartbeat`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b!.token}` },
      body: JSON.stringify({ ...beat, auditHead: { seq: 1, hash: 'a'.repeat(64) } }),
    });
    expect(rewind.status).toBe(204);
    // Critical, beside B's refused forgery of A's document above (decision 0030), both before any warning.
    expect(
      codes(await health(), b!.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(['AUDIT_REWOUND', 'DOCUMENTS_REFUSED']);
    // A bad report is a 422 naming the field, and changes nothing.
    const bad = await fetch(`http://127.0.0.1:${port}/hub/v1/heartbeat`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b!.token}` },
      body: JSON.stringify({ ...beat, auditHead: { seq: -1, hash: 'x' } }),
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('auditHead.seq');
    const huge = await fetch(`http://127.0.0.1:${port}/hub/v1/heartbeat`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b!.token}` },
      body: JSON.stringify({ ...beat, padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    sims[1]!.setMode('normal');
  }, 45_000);

  it('keeps the token sealed: not in the data folder, not in what the station shows', () => {
    for (const [i, s] of stations.entries()) {
      const dir = dirs[i]!.dir;
      for (const f of readdirSync(dir).filter((x) => x.startsWith('sello.db')))
        expect(readFileSync(join(dir, f)).includes(Buffer.from(s.token))).toBe(false);
      const shown = JSON.stringify([s.core.stationInfo(), s.core.station(), s.core.sync.status()]);
      expect(shown).not.toContain(s.token);
    }
  });

  it("shows each station's certificate end and raises the ones within 30 days (decision 0027)", async () => {
    const [a, b] = stations;
    await hub.people.create({ login: 'auditora', name: 'Auditora', role: 'ACCOUNTANT', password: 'clave-auditora-1' });
    const login = await fetch(`http://127.0.0.1:${port}/hub/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'auditora', password: 'clave-auditora-1' }),
    });
    const { token: session } = (await login.json()) as { token: string };
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/hub/v1/health`, { headers: { authorization: `Bearer ${session}` } });
      return (await res.json()) as HubHealth;
    };
    // Branch A renews its certificate (registered at its MH too); the new one ends in 10 days.
    const password = 'Renovado#2027';
    const xml = generateMhCertificate(DEMO_STATION.company.nit, password, {
      notBefore: new Date(Date.now() - 355 * 86_400_000),
      notAfter: new Date(Date.now() + 10 * 86_400_000),
    });
    sims[0]!.registerKey(
      DEMO_STATION.company.nit,
      parseMhCertificate(xml, password).publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    );
    a!.core.importCertificate(xml, password, 'test');
    expect(a!.core.sync.status().alerts).toContainEqual(expect.objectContaining({ code: 'certificate_expiring', level: 'warning' }));
    await a!.core.replication.runOnce();
    await until(
      async () => (await health()).stations.find((s) => s.station.id === a!.id)?.heartbeat?.certificate?.notAfter != null,
      'the hub to hear of the certificate',
    );
    const h = await health();
    const rowA = h.stations.find((s) => s.station.id === a!.id)!;
    expect(Date.parse(rowA.heartbeat!.certificate!.notAfter!)).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    const expiring = rowA.alerts.find((x) => x.code === 'CERTIFICATE_EXPIRING');
    expect(expiring).toMatchObject({ severity: 'warning' });
    expect(expiring?.message).toMatch(/vence en 10 días/);
    // B's certificate has no end in its file: shown, not raised.
    const rowB = h.stations.find((s) => s.station.id === b!.id)!;
    expect(rowB.heartbeat?.certificate).toMatchObject({ notAfter: null, fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown });
    expect(rowB.alerts.map((x) => x.code)).not.toContain('CERTIFICATE_EXPIRING');
    // A report naming an ended certificate is critical; a malformed one is a 422 naming the field.
    const beat = rowA.heartbeat!;
    const put = (body: unknown) =>
      fetch(`http://127.0.0.1:${port}/hub/v1/heartbeat`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${a!.token}` },
        body: JSON.stringify(body),
      });
    const ended = await put({ ...beat, certificate: { ...beat.certificate, notAfter: new Date(Date.now() - 86_400_000).toISOString() } });
    expect(ended.status).toBe(204);
    expect(
      (await health()).stations.find((s) => s.station.id === a!.id)?.alerts.find((x) => x.code === 'CERTIFICATE_EXPIRING'),
    ).toMatchObject({
      severity: 'critical',
    });
    const bad = await put({ ...beat, certificate: { fingerprint: 'x', notAfter: null } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('certificate.fingerprint');
  }, 45_000);
});
