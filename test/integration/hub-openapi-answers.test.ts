// The hub's JSON answers its OpenAPI document types (main/hub/openapi-answers.ts) are what a real hub sends, over a
// real PostgreSQL: each route a person or a station can call without documents already replicated is called and its
// body parsed with its strict schema, so a field the hub adds and the document lacks fails here naming the route.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { createHub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { HUB_EXAMPLES, HUB_OPERATIONS } from '../../main/hub/openapi';
import { HUB_RESPONSE_SCHEMAS } from '../../main/hub/openapi-answers';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { testCore } from '../support/core';
import { signed } from '../support/hub-documents';
import { DEMO_STATION } from '../../main/core/station/demo';

let cluster: PgCluster;
let db: HubDatabase;
let app: FastifyInstance;
let person: Record<string, string>;
const seen = new Set<string>();

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  const hub = createHub({ db: db.q, scryptCost: 10 });
  await hub.people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: HUB_EXAMPLES.login.password });
  app = await buildHubServer({ hub, logger: silentLogger });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await cluster?.stop();
});

/** Calls the operation `key` at `url` and parses its answer with HUB_RESPONSE_SCHEMAS[key]; the failure names the route. */
async function answer(key: string, url: string, headers: Record<string, string>, payload?: unknown): Promise<Record<string, unknown>> {
  const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH'];
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const status = HUB_OPERATIONS[key]?.status ?? 200;
  expect(res.statusCode, `${key} (${url}): ${res.body.slice(0, 400)}`).toBe(status);
  const parsed = HUB_RESPONSE_SCHEMAS[key]!.safeParse(res.json());
  expect(parsed.success ? 'ok' : `${key}: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`, key).toBe('ok');
  seen.add(key);
  return res.json<Record<string, unknown>>();
}

const jsonOperations = () =>
  Object.entries(HUB_OPERATIONS)
    .filter(([, op]) => (op.answer ?? 'json') === 'json')
    .map(([key]) => key)
    .sort();

describe("the hub's typed answers", () => {
  it('give every hub operation that answers JSON a schema, and no other', () => {
    expect(jsonOperations().filter((k) => !HUB_RESPONSE_SCHEMAS[k])).toEqual([]);
    expect(Object.keys(HUB_RESPONSE_SCHEMAS).filter((k) => !jsonOperations().includes(k))).toEqual([]);
  });

  it('are what a real hub answers a person and a station', async () => {
    await answer('GET /hub/v1/ready', '/hub/v1/ready', {});
    const session = await answer('POST /hub/v1/session', '/hub/v1/session', {}, HUB_EXAMPLES.login);
    person = { authorization: `Bearer ${String(session.token)}` };
    await answer('GET /hub/v1/session', '/hub/v1/session', person);
    await answer('POST /hub/v1/people', '/hub/v1/people', person, HUB_EXAMPLES.person);
    await answer('PATCH /hub/v1/people/{login}', `/hub/v1/people/${HUB_EXAMPLES.person.login}`, person, { name: 'Rosa M. Contreras' });
    await answer('GET /hub/v1/people', '/hub/v1/people', person);
    await answer('POST /hub/v1/stations', '/hub/v1/stations', person, HUB_EXAMPLES.station);
    await answer('GET /hub/v1/stations', '/hub/v1/stations', person);
    const token = await answer('POST /hub/v1/stations/{id}/tokens', `/hub/v1/stations/${HUB_EXAMPLES.station.id}/tokens`, person, {});
    await answer('GET /hub/v1/stations/{id}/tokens', `/hub/v1/stations/${HUB_EXAMPLES.station.id}/tokens`, person);
    const station = { authorization: `Bearer ${String(token.token)}` };
    await answer('GET /hub/v1/station', '/hub/v1/station', station);
    await answer('GET /hub/v1/numbering', '/hub/v1/numbering?year=2026', station);
    await answer('GET /hub/v1/related/{id}', `/hub/v1/related/${randomUUID()}`, station);
    const { nit, nrc, name } = DEMO_STATION.company;
    await answer('PUT /hub/v1/company', '/hub/v1/company', person, { nit, nrc, name });
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await answer('POST /hub/v1/certificates', '/hub/v1/certificates', person, {
      publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    });
    await answer('GET /hub/v1/company', '/hub/v1/company', person);
    // A station's report, with a real station's sync state, for the health page to show.
    const stationCore = testCore();
    const beat = await app.inject({
      method: 'PUT',
      url: '/hub/v1/heartbeat',
      headers: station,
      payload: { reportedAt: '2026-11-22T09:30:00-06:00', sync: stationCore.sync.status(), auditHead: null, lastDayCloseAt: null },
    });
    stationCore.cleanup();
    expect(beat.statusCode, beat.body).toBe(204);
    const health = await answer('GET /hub/v1/health', '/hub/v1/health', person);
    expect((health.stations as { heartbeat: unknown }[])[0]?.heartbeat).not.toBeNull();
    // A document the station signed, as its replication sends it (test/support/hub-documents.ts).
    const id = randomUUID();
    const doc = signed(
      {
        id,
        kind: 'CCF',
        version: 3,
        status: 'APPROVED',
        controlNumber: 'DTE-03-M002P001-000000000000001',
        issueDate: '2026-11-21',
        total: '1130.00',
        recipientName: 'Distribuidora El Sol, S.A. de C.V.',
        mhJson: { resumen: { totalPagar: 1130 } },
        jws: '',
        seal: `2026${id.replace(/-/g, '').toUpperCase()}`.padEnd(40, '0'),
        sealedAt: '2026-11-21T09:00:01.000-06:00',
        updatedAt: '2026-11-21T09:00:02.000-06:00',
      },
      privateKey,
    );
    await answer('POST /hub/v1/documents', '/hub/v1/documents', station, { documents: [doc] });
    await answer('GET /hub/v1/documents', '/hub/v1/documents', person);
    await answer('GET /hub/v1/documents/{id}', `/hub/v1/documents/${id}`, person);
    await answer('GET /hub/v1/books', '/hub/v1/books?month=2026-11', person);
    await answer('GET /hub/v1/reports/sales', '/hub/v1/reports/sales?from=2026-11-01&to=2026-11-30', person);
    await answer('GET /hub/v1/settings/books', '/hub/v1/settings/books', person);
  });

  it("leave out only what needs a station's records", () => {
    expect(jsonOperations().filter((k) => !seen.has(k))).toEqual(
      [
        // A station's records (contingency events, invalidations, closes) are checked against its documents
        // (test/integration/hub-records-trust.test.ts); the compiler still proves the schema the type the hub answers with.
        'POST /hub/v1/records',
      ].sort(),
    );
  });
});
