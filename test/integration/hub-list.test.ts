// GET /hub/v1/documents over a real PostgreSQL (issue 18): every branch's documents newest first, each filter
// checked against the same rows filtered in JavaScript, keyset pages that neither repeat nor skip a document while
// others arrive, the detail with the signed JSON, and a 422 naming each bad filter.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { systemClock } from '../../main/core/clock';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { hubDocuments } from '../../main/hub/documents-repo';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import type { HubStation } from '../../main/hub/stations';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
// The documents table's owner itself: these tests are of storage and listing, the checks are hub-verify.test.ts's.
let store: ReturnType<typeof hubDocuments>;
let app: FastifyInstance;
let base: string;
let bearer: string;
const stations: HubStation[] = [];
const all: (IngestDocument & { stationId: string })[] = [];

const NAMES = ['Distribuidora El Sol', 'Ferretería La Palma', 'Comercial Núñez 50%', 'Farmacia San José', null];
const KINDS = ['FC', 'CCF', 'NC'] as const;
const STATUSES = ['APPROVED', 'REJECTED', 'PROCESSING'] as const;
const DATES = ['2026-09-03', '2026-09-30', '2026-10-01', '2026-10-15', '2026-11-20', '2026-11-21'];

let n = 0;
function doc(station: HubStation, over: Partial<IngestDocument> = {}): IngestDocument & { stationId: string } {
  n += 1;
  const id = randomUUID();
  const kind = KINDS[n % 3]!;
  const issueDate = DATES[n % DATES.length]!;
  return {
    id,
    stationId: station.id,
    kind,
    version: 1,
    status: STATUSES[(n >> 1) % 3]!,
    controlNumber: `DTE-${kind === 'FC' ? '01' : kind === 'CCF' ? '03' : '05'}-${station.branchCode}${station.posNumber}-${String(n).padStart(15, '0')}`,
    issueDate,
    total: `${n}.50`,
    recipientName: NAMES[n % NAMES.length]!,
    mhJson: { identificacion: { codigoGeneracion: id.toUpperCase(), fecEmi: issueDate }, n },
    jws: `eyJhbGciOiJSUzUxMiJ9.${n}.c2ln`,
    seal: null,
    sealedAt: null,
    updatedAt: '2026-11-21T09:00:02.000-06:00',
    ...over,
  };
}

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, scryptCost: 10 });
  store = hubDocuments(db.q, systemClock);
  for (const [branch, pos] of [
    ['M001', 'P001'],
    ['M001', 'P002'],
    ['M002', 'P001'],
  ] as const)
    stations.push(
      await hub.stations.register({
        id: `${branch}-${pos}`,
        companyId: '06140101001010',
        branchCode: branch,
        posNumber: pos,
        name: branch,
      }),
    );
  for (const s of stations) {
    const docs = Array.from({ length: 100 }, () => doc(s));
    await store.ingest(s, docs);
    all.push(...docs);
  }
  await hub.people.create({ login: 'conta', name: 'Contadora', role: 'ACCOUNTANT', password: 'clave-contador-1' });
  app = await buildHubServer({ hub, logger: silentLogger });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  bearer = (await hub.people.login('conta', 'clave-contador-1'))!.token;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await cluster?.stop();
});

interface Page {
  documents: { id: string; issueDate: string; stationId: string; branchCode: string; posNumber: string }[];
  nextCursor: string | null;
}
async function get(query: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}/hub/v1/documents?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
/** Every page of a query, following nextCursor; `between` runs after each page. */
async function walk(query: Record<string, string>, between?: () => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const r = await get({ ...query, ...(cursor ? { cursor } : {}) });
    expect(r.status).toBe(200);
    const page = r.body as unknown as Page;
    ids.push(...page.documents.map((d) => d.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
    await between?.();
  }
}
/** Newest first: issue date, then id, both descending. */
const order = (docs: readonly IngestDocument[]) =>
  [...docs].sort((a, b) => (a.issueDate === b.issueDate ? (a.id < b.id ? 1 : -1) : a.issueDate < b.issueDate ? 1 : -1)).map((d) => d.id);

describe('GET /hub/v1/documents', () => {
  it('the first page is the newest 50 of every branch, with its branch and point of sale', async () => {
    const r = await get({});
    expect(r.status).toBe(200);
    const page = r.body as unknown as Page;
    expect(page.documents.map((d) => d.id)).toEqual(order(all).slice(0, 50));
    expect(`${page.documents[0]!.branchCode} ${page.documents[0]!.posNumber}`).toMatch(/^M00[12] P00[12]$/);
    expect(page.documents[0]).not.toHaveProperty('mhJson');
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('each filter, alone and together, gives what filtering the rows in JavaScript gives, in order', async () => {
    const cases: [Record<string, string>, (d: IngestDocument & { stationId: string }) => boolean][] = [
      [{ station: 'M001-P002' }, (d) => d.stationId === 'M001-P002'],
      [{ branch: 'M001' }, (d) => d.stationId.startsWith('M001-')],
      [{ pos: 'P001' }, (d) => d.stationId.endsWith('-P001')],
      [{ branch: 'M002', pos: 'P001' }, (d) => d.stationId === 'M002-P001'],
      [{ kind: 'CCF' }, (d) => d.kind === 'CCF'],
      [{ status: 'REJECTED' }, (d) => d.status === 'REJECTED'],
      [{ from: '2026-10-01', to: '2026-10-31' }, (d) => d.issueDate >= '2026-10-01' && d.issueDate <= '2026-10-31'],
      [{ from: '2026-11-21' }, (d) => d.issueDate >= '2026-11-21'],
      [{ q: 'palma' }, (d) => d.recipientName === 'Ferretería La Palma'],
      [{ q: 'núñez 50%' }, (d) => d.recipientName === 'Comercial Núñez 50%'],
      [{ q: '50%' }, (d) => d.recipientName === 'Comercial Núñez 50%'],
      [{ q: 'M002P001-00000000000025' }, (d) => d.controlNumber.includes('M002P001-00000000000025')],
      [
        { branch: 'M001', kind: 'FC', status: 'APPROVED', from: '2026-09-01', to: '2026-10-31', limit: '7' },
        (d) => d.stationId.startsWith('M001-') && d.kind === 'FC' && d.status === 'APPROVED' && d.issueDate <= '2026-10-31',
      ],
      [{ station: 'M404' }, () => false],
    ];
    for (const [query, keep] of cases) {
      const expected = order(all.filter(keep));
      expect(await walk(query), JSON.stringify(query)).toEqual(expected);
    }
  });

  it('pages neither repeat nor skip while documents arrive between them, newer and older', async () => {
    const before = order(all);
    const arrived: string[] = [];
    const seen = await walk({ limit: '40' }, async () => {
      const s = stations[arrived.length % 3]!;
      const docs = [doc(s, { issueDate: '2026-11-22' }), doc(s, { issueDate: '2026-09-01' })];
      await store.ingest(s, docs);
      all.push(...docs);
      arrived.push(...docs.map((d) => d.id));
    });
    // Every document there at the start, once and in order; of those arriving meanwhile, only older ones may show.
    const original = seen.filter((id) => before.includes(id));
    expect(original).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of seen.filter((x) => !before.includes(x))) expect(all.find((d) => d.id === id)?.issueDate).toBe('2026-09-01');
  });

  it('the detail has the signed JSON and its JWS; an unknown id is a 404', async () => {
    const d = all[17]!;
    const res = await fetch(`${base}/hub/v1/documents/${d.id.toUpperCase()}`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: d.id,
      stationId: d.stationId,
      mhJson: d.mhJson,
      jws: d.jws,
      controlNumber: d.controlNumber,
    });
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await fetch(`${base}/hub/v1/documents/${id}`, { headers: { authorization: `Bearer ${bearer}` } });
      expect(missing.status).toBe(404);
    }
    expect((await fetch(`${base}/hub/v1/documents/${d.id}`)).status).toBe(401);
  });

  it('422 naming the field for each bad filter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ kind: 'XX' }, 'kind'],
      [{ status: 'LOST' }, 'status'],
      [{ from: '2026-02-30' }, 'from'],
      [{ from: '2026-11-02', to: '2026-11-01' }, 'to'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ cursor: 'bm9wZQ' }, 'cursor'],
      [{ station: "M001'; DROP TABLE documents;--" }, 'station'],
      [{ q: ' ' }, 'q'],
      [{ sort: 'asc' }, 'sort'],
    ];
    for (const [query, path] of cases) {
      const r = await get(query);
      expect(r.status, JSON.stringify(query)).toBe(422);
      expect(
        (r.body.errors as { path: string }[]).map((e) => e.path),
        JSON.stringify(query),
      ).toContain(path);
    }
  });
});
