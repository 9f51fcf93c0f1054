// The hub's HTTP API as a real server over a real PostgreSQL (issue 18): no token or a revoked one is a 401, a
// document of another station a 403, bad input a 422 naming the field; a full batch of 500 is stored once however
// often it is sent, and two stations send at once. Then `sello hub` and `sello hub create-token` as processes.
import { spawn } from 'node:child_process';
import { randomUUID, type KeyObject } from 'node:crypto';
import { signed, trustedKey } from '../support/hub-documents';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { ROOT } from '../support/serve-process';

let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
let base: string;
const token: Record<'a' | 'b', string> = { a: '', b: '' };
let key: KeyObject;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q });
  for (const [key, branch] of [
    ['a', 'M001'],
    ['b', 'M002'],
  ] as const) {
    await hub.stations.register({
      id: `${branch}-P001`,
      companyId: '06140101001010',
      branchCode: branch,
      posNumber: 'P001',
      name: `Sucursal ${branch}`,
    });
    token[key] = (await hub.tokens.create(`${branch}-P001`)).token;
  }
  key = await trustedKey(hub);
  app = await buildHubServer({ hub, logger: silentLogger });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await cluster?.stop();
});

let n = 0;
/** A signed CCF of `point` (a token writes only its own points, decision 0030). */
const doc = (over: Partial<IngestDocument> = {}, point = 'M001P001'): IngestDocument => {
  const id = randomUUID();
  n += 1;
  return signed(
    {
      id,
      kind: 'CCF',
      version: 3,
      status: 'APPROVED',
      controlNumber: `DTE-03-${point}-${String(n).padStart(15, '0')}`,
      issueDate: '2026-11-21',
      total: '1130.00',
      recipientName: 'Distribuidora El Sol, S.A. de C.V.',
      mhJson: { identificacion: { codigoGeneracion: id.toUpperCase(), fecEmi: '2026-11-21' }, resumen: { totalPagar: 1130 } },
      jws: 'eyJhbGciOiJSUzUxMiJ9.e30.c2ln',
      seal: `2026${id.replace(/-/g, '').toUpperCase()}`.padEnd(40, '0'),
      sealedAt: '2026-11-21T09:00:01.000-06:00',
      updatedAt: '2026-11-21T09:00:02.000-06:00',
      ...over,
    },
    key,
  );
};

const post = (body: unknown, bearer: string | null, raw = false) =>
  fetch(`${base}/hub/v1/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }) },
    body: raw ? (body as string) : JSON.stringify(body),
  });

const countOf = async (station: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM documents WHERE station_id = ${station}`.execute(db.q)).rows[0]!.n;

describe('POST /hub/v1/documents', () => {
  it('401 without a token, with an unknown one and with a revoked one, as problem+json', async () => {
    const body = { documents: [doc()] };
    const revoked = await hub.tokens.create('M001-P001');
    await hub.tokens.revoke(revoked.id);
    for (const bearer of [null, 'sello_hub_nothing', revoked.token]) {
      const res = await post(body, bearer);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    }
    expect(await countOf('M001-P001')).toBe(0);
  });

  it('422 naming the field for bad input, 400 for a body that is not JSON; never a 5xx', async () => {
    const cases: [unknown, string][] = [
      [{ documents: [doc({ issueDate: '2026-02-30' })] }, 'documents.0.issueDate'],
      [{ documents: [doc(), doc({ total: '12.345' })] }, 'documents.1.total'],
      [{ documents: [{ ...doc(), id: 'not-a-uuid' }] }, 'documents.0.id'],
      [{ documents: [doc({ kind: 'XX' as 'FC' })] }, 'documents.0.kind'],
      [{ documents: [] }, 'documents'],
      [{ documents: Array.from({ length: 501 }, () => doc()) }, 'documents'],
      [{ documents: [doc()], extra: 1 }, 'extra'],
    ];
    for (const [body, path] of cases) {
      const res = await post(body, token.a);
      expect(res.status, path).toBe(422);
      const problem = (await res.json()) as { code: string; errors: { path: string }[] };
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.map((e) => e.path)).toContain(path);
    }
    expect((await post('{"documents": [', token.a, true)).status).toBe(400);
    expect((await post('[]', token.a, true)).status).toBe(422);
    expect(await countOf('M001-P001')).toBe(0);
  });

  it('accepts a batch of 500; the same batch again is harmless', async () => {
    const batch = Array.from({ length: 500 }, () => doc());
    const first = await post({ documents: batch }, token.a);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ accepted: 500 });
    const snapshot = () => db.q.selectFrom('documents').selectAll().where('station_id', '=', 'M001-P001').orderBy('id').execute();
    const before = await snapshot();
    expect(before).toHaveLength(500);

    const again = await post({ documents: batch }, token.a);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ accepted: 500 });
    expect(await snapshot()).toEqual(before);
  });

  it("403 when a document names another station, 422 ID_TAKEN when it is already another station's; nothing stored", async () => {
    const named = await post({ documents: [doc({}, 'M002P001'), doc({ stationId: 'M001-P001' }, 'M002P001')] }, token.b);
    expect(named.status).toBe(403);
    expect(await named.json()).toMatchObject({ code: 'FORBIDDEN' });

    const [ofA] = await db.q.selectFrom('documents').select(['id', 'status']).where('station_id', '=', 'M001-P001').limit(1).execute();
    const taken = await post(
      { documents: [doc({ id: ofA!.id, status: 'INVALIDATED', updatedAt: '2026-12-01T00:00:00.000-06:00' }, 'M002P001')] },
      token.b,
    );
    expect(taken.status).toBe(422);
    expect(await taken.json()).toMatchObject({ code: 'DOCUMENT_REFUSED', reason: 'ID_TAKEN' });
    expect(await countOf('M002-P001')).toBe(0);
    const still = await db.q.selectFrom('documents').select(['station_id', 'status']).where('id', '=', ofA!.id).execute();
    expect(still).toEqual([{ station_id: 'M001-P001', status: ofA!.status }]);
  });

  it('two stations sending at once each get exactly their own documents', async () => {
    const batches = { a: Array.from({ length: 200 }, () => doc()), b: Array.from({ length: 200 }, () => doc({}, 'M002P001')) };
    const [ra, rb] = await Promise.all([post({ documents: batches.a }, token.a), post({ documents: batches.b }, token.b)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(await countOf('M001-P001')).toBe(700);
    expect(await countOf('M002-P001')).toBe(200);
  });
});

/** Runs `sello hub …` and gives back its output once it exits, or the first line it writes (a server). */
function sello(args: string[], untilLine = false): Promise<{ code: number | null; out: string; err: string; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main/cli/main.ts'), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const stop = () => child.kill('SIGTERM');
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (untilLine && out.includes('\n')) resolve({ code: null, out, err, stop });
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err, stop }));
  });
}

describe('sello hub', () => {
  it('create-token registers a new station and prints its token once; `sello hub` serves it', async () => {
    const missing = await sello(['hub', 'create-token', '--database', cluster.url, '--station', 'M003-P002']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--name/);

    const made = await sello([
      'hub',
      'create-token',
      '--database',
      cluster.url,
      '--station',
      'M003-P002',
      '--name',
      'San Miguel, caja 2',
      '--company',
      '06140101001010',
      '--branch',
      'M003',
      '--pos',
      'P002',
    ]);
    expect(made.code, made.err).toBe(0);
    const plain = made.out.trim();
    expect(plain).toMatch(/^sello_hub_[A-Za-z0-9_-]{43}$/);
    expect(made.err).not.toContain(plain);

    const server = await sello(['hub', '--database', cluster.url, '--port', '0'], true);
    try {
      const url = /listening on (\S+)/.exec(server.out)?.[1];
      const res = await fetch(`${url}/hub/v1/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${plain}` },
        body: JSON.stringify({ documents: [doc({}, 'M003P002')] }),
      });
      expect(res.status).toBe(200);
      expect(await countOf('M003-P002')).toBe(1);
      // Bound to its own point of sale only: another point's document is refused, naming the reason.
      const other = await fetch(`${url}/hub/v1/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${plain}` },
        body: JSON.stringify({ documents: [doc({}, 'M003P001')] }),
      });
      expect(other.status).toBe(422);
      expect(await other.json()).toMatchObject({ code: 'DOCUMENT_REFUSED', reason: 'POINT_NOT_BOUND' });
    } finally {
      server.stop();
    }
  });
});
