// The hub's books on their worker thread with a heap of its own (docs/decisions/0052-hub-books-in-a-bounded-worker.md),
// over a real PostgreSQL: a month of 30,000 documents (over 100 MB of the MH JSON the books read, more than the
// worker's whole heap) is built under a 96 MB heap, the same as on the request thread; a month whose single page cannot fit stops the
// worker alone, and the person gets a 503 that says what to do, while the hub goes on answering; the next books work.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthBooks } from '../../shared/books';
import { tsxWorkers } from '../../main/cli/worker-entries';
import { createCore } from '../../main/core/create-core';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';
import { silentLogger } from '../../main/core/logger';
import { hubBooks } from '../../main/hub/books-source';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { ensureMonthPartitions } from '../../main/hub/partitions';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

const MONTH = '2026-11';
const MANY = 30_000;
/** Whose pages are each far bigger than the worker's heap: a thousand documents of 200 KB each. */
const HUGE = 1_000;
const HEAP_MB = 96;
const clock = fixedClock(new Date('2026-12-03T09:00:00-06:00').toISOString());

let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
let auth: Record<string, string>;

/** `count` clones of `template` at point `point`, each its own id, number and código de generación, on its day. */
async function clone(template: Record<string, unknown>, point: string, count: number, padding: number) {
  await sql`
    INSERT INTO documents (station_id, id, kind, version, status, control_number, issue_date, total, recipient_name,
                           mh_json, jws, seal, sealed_at, updated_at, issued_by, issued_by_name, verified_at)
    SELECT 'M001-P001', c.code::uuid, 'FC', 1, 'APPROVED', c.number, c.day, '1.00', 'Cliente',
           jsonb_set(jsonb_set(jsonb_set(${JSON.stringify(template)}::jsonb,
             '{identificacion,codigoGeneracion}', to_jsonb(upper(c.code::uuid::text))),
             '{identificacion,numeroControl}', to_jsonb(c.number)),
             '{identificacion,fecEmi}', to_jsonb(c.day::text))
             || jsonb_build_object('apendice', CASE WHEN ${padding}::int > 0
                  THEN jsonb_build_array(jsonb_build_object('campo', 'nota', 'etiqueta', 'Nota', 'valor', repeat('x', ${padding}::int)))
                  ELSE 'null'::jsonb END),
           'x', ${'2026'}::text || lpad(g::text, 36, '0'), now(), now(), 'user:cajero', 'Cajero', now()
    FROM generate_series(1, ${count}::int) g,
         LATERAL (SELECT md5(${point} || g::text) AS code,
                         ${`DTE-01-${point}-`}::text || lpad(g::text, 15, '0') AS number,
                         (${`${MONTH}-01`}::date + (g % 28)) AS day) c`.execute(db.q);
}

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  // One FC as a station signs it: the model of every row (the books read its MH JSON only).
  const dir = tempDir();
  const station = createCore({ dataDir: dir.dir, sync: { manual: true }, backups: { everyMs: 0 } });
  const id = station.dtes.create('FC', { ...fcBody('a0000000-0000-4000-8000-000000000001'), generatedAt: undefined }, 'test').record.id;
  station.close();
  const file = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  const { packed } = file.prepare('SELECT packed FROM documents WHERE id = ?').get(id) as { packed: Buffer };
  file.close();
  dir.cleanup();
  const template = JSON.parse(unpackDocument(packed).mhJson!) as Record<string, unknown>;
  hub = createHub({
    db: db.q,
    clock,
    scryptCost: 10,
    booksWorker: { entry: tsxWorkers().hubBooks, database: cluster.url, heapMb: HEAP_MB },
  });
  await sql`INSERT INTO stations (id, company_id, branch_code, pos_number, name, created_at)
            VALUES ('M001-P001', '06140101001010', 'M001', 'P001', 'Caja 1', now())`.execute(db.q);
  await db.q.transaction().execute((trx) => ensureMonthPartitions(trx, [MONTH]));
  await hub.company.set({ nit: '06140101001010', nrc: '1234567', name: 'Empresa' }, 'test');
  // Each with a note of 2,500 characters outside its lines: the books read it, so the month they read outweighs the heap.
  await clone(template, 'M001P001', MANY, 2_500);
  await clone(template, 'M009P001', HUGE, 200_000);
  app = await buildHubServer({ hub, logger: silentLogger });
  await hub.people.create({ login: 'conta', name: 'Conta', role: 'ACCOUNTANT', password: 'clave-conta-123' });
  const res = await app.inject({ method: 'POST', url: '/hub/v1/session', payload: { login: 'conta', password: 'clave-conta-123' } });
  auth = { authorization: `Bearer ${(JSON.parse(res.body) as { token: string }).token}` };
}, 240_000);

afterAll(async () => {
  await app?.close();
  await hub?.close();
  await db?.close();
  await cluster?.stop();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });

describe("the hub's books on a worker with a heap of its own", () => {
  it(`builds a month of ${MANY.toLocaleString('en')} documents under a ${HEAP_MB} MB heap, as the request thread builds it`, async () => {
    const res = await get(`/hub/v1/books?month=${MONTH}&point=M001P001`);
    expect(res.statusCode, res.body).toBe(200);
    const onWorker = JSON.parse(res.body) as MonthBooks;
    const consumers = onWorker.annexes.find((a) => a.annex === '2')!;
    // One row a day: the 28 days the clones fall on.
    expect(consumers.rows).toBe(28);
    const here = await (await hubBooks(db.q, clock)({ point: 'M001P001' })).month(MONTH);
    expect(onWorker).toEqual(JSON.parse(JSON.stringify(here)));
    // What the books read of the month (its JSON without the lines, books-source.ts) is more than the worker's heap.
    const { rows } = await sql<{ bytes: string }>`SELECT sum(octet_length((mh_json - 'cuerpoDocumento')::text))::text AS bytes
                                                  FROM documents WHERE control_number LIKE 'DTE-01-M001P001-%'`.execute(db.q);
    expect(Number(rows[0]!.bytes)).toBeGreaterThan(HEAP_MB * 1024 * 1024);
  }, 120_000);

  it('a month whose page cannot fit stops the worker alone: a 503 that says what to do, and the hub goes on', async () => {
    const res = await get(`/hub/v1/books?month=${MONTH}&point=M009P001`);
    expect(res.statusCode, res.body).toBe(503);
    const problem = JSON.parse(res.body) as { code: string; detail: string };
    expect(problem.code).toBe('SERVICE_UNAVAILABLE');
    expect(problem.detail).toContain(`${HEAP_MB} MB`);
    expect(problem.detail).toContain('Vuelva a intentarlo');
    expect(problem.detail).toContain('--books-heap-mb');
    // The hub answered beside it, and the next books start a new worker.
    expect((await app.inject({ method: 'GET', url: '/hub/v1/ready' })).statusCode).toBe(200);
    const again = await get(`/hub/v1/annexes/2?month=${MONTH}&point=M001P001`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body.split('\n').filter((l) => l.trim() !== '')).toHaveLength(28);
  }, 120_000);
});
