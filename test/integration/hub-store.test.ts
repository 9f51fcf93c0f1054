// The head office hub's store on a real PostgreSQL (issue 18): migrations on a fresh cluster and again as a no-op,
// one partition per month made on demand (concurrently too), an ingest that is idempotent and never writes over
// another station's document, tokens kept only as their SHA-256, and a revoked token refused.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../main/core/clock';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { hubDocuments } from '../../main/hub/documents-repo';
import { DocumentRefused } from '../../main/hub/refusal';
import { DocumentDateConflict } from '../../main/hub/documents-repo';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
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
let a: HubStation;
let b: HubStation;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
});
afterAll(async () => {
  await db?.close();
  await cluster?.stop();
});

/** A replicated document as a station sends it. */
const doc = (over: Partial<IngestDocument> = {}): IngestDocument => {
  const id = over.id ?? randomUUID();
  return {
    id,
    kind: 'FC',
    version: 1,
    status: 'PROCESSING',
    controlNumber: `DTE-01-M001P001-${String(Math.floor(Math.random() * 1e15)).padStart(15, '0')}`,
    issueDate: '2026-11-20',
    total: '11.30',
    recipientName: 'Consumidor final',
    // The list's total and recipient are read from the signed JSON (decision 0062), so the JSON carries them.
    mhJson: {
      identificacion: { version: 1, codigoGeneracion: id.toUpperCase(), fecEmi: over.issueDate ?? '2026-11-20' },
      receptor: { nombre: 'Consumidor final' },
      resumen: { totalPagar: 11.3 },
    },
    jws: 'eyJhbGciOiJSUzUxMiJ9.e30.c2ln',
    seal: null,
    sealedAt: null,
    updatedAt: '2026-11-20T10:00:00.000-06:00',
    ...over,
  };
};

const rowsOf = (ids: readonly string[]) => db.q.selectFrom('documents').selectAll().where('id', 'in', ids).orderBy('id').execute();

describe('migrations', () => {
  it('build the schema on a fresh cluster; running them again changes nothing', async () => {
    expect(await migrateHub(db.q, HUB_MIGRATIONS)).toEqual({ from: 0, to: HUB_MIGRATIONS.length });
    const tables = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`.execute(db.q);
    expect(tables.rows.map((r) => r.name)).toEqual([
      'document_refusals',
      'documents',
      'hub_certificates',
      'hub_company',
      'hub_login_throttle',
      'hub_migrations',
      'hub_people',
      'hub_seal_checks',
      'hub_sessions',
      'station_heartbeats',
      'station_records',
      'station_tokens',
      'stations',
    ]);
    // documents is a range-partitioned table on issue_date, with no partition until a document arrives.
    const partitioned = await sql<{ strategy: string }>`
      SELECT partstrat AS strategy FROM pg_partitioned_table WHERE partrelid = 'documents'::regclass`.execute(db.q);
    expect(partitioned.rows).toEqual([{ strategy: 'r' }]);

    expect(await migrateHub(db.q, HUB_MIGRATIONS)).toEqual({ from: HUB_MIGRATIONS.length, to: HUB_MIGRATIONS.length });
    const applied = await db.q.selectFrom('hub_migrations').select(['version', 'name']).execute();
    expect(applied).toEqual(HUB_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  });

  it('005 binds each existing token to its station point and the points it already wrote, never to none', async () => {
    await sql`CREATE DATABASE before_005`.execute(db.q);
    const old = openHubDatabase(cluster.url.replace(/\/sello_test$/, '/before_005'));
    try {
      expect(await migrateHub(old.q, HUB_MIGRATIONS.slice(0, 4))).toEqual({ from: 0, to: 4 });
      await sql`INSERT INTO stations VALUES ('a', '06140101001010', 'M001', 'P001', 'A', now(), null),
        ('b', '06140101001010', 'M002', 'P001', 'B', now(), null)`.execute(old.q);
      await sql`INSERT INTO station_tokens VALUES ('8d7e4a52-7b8f-4c43-9a57-111111111111', 'a', ${'a'.repeat(64)}, now(), null),
        ('8d7e4a52-7b8f-4c43-9a57-222222222222', 'b', ${'b'.repeat(64)}, now(), null)`.execute(old.q);
      await sql`CREATE TABLE documents_old PARTITION OF documents FOR VALUES FROM ('2026-11-01') TO ('2026-12-01')`.execute(old.q);
      await sql`INSERT INTO documents (station_id, id, kind, version, status, control_number, issue_date, total, mh_json, jws, updated_at)
        VALUES ('a', ${randomUUID()}, 'FC', 1, 'APPROVED', 'DTE-01-M001P002-000000000000001', '2026-11-20', 1, '{}', 'x', now())`.execute(
        old.q,
      );
      expect(await migrateHub(old.q, HUB_MIGRATIONS)).toEqual({ from: 4, to: HUB_MIGRATIONS.length });
      const tokens = await sql<{ station_id: string; points: string[] }>`SELECT station_id, points FROM station_tokens ORDER BY 1`.execute(
        old.q,
      );
      expect(tokens.rows).toEqual([
        { station_id: 'a', points: ['M001P001', 'M001P002'] },
        { station_id: 'b', points: ['M002P001'] },
      ]);
      // What nothing checked stays marked so: the cross-branch credit does not count it.
      const docs = await sql<{ verified_at: Date | null }>`SELECT verified_at FROM documents`.execute(old.q);
      expect(docs.rows).toEqual([{ verified_at: null }]);
    } finally {
      await old.close();
    }
  });

  it('007 forgets the invalidation dates stations sent and marks every stored record unverified', async () => {
    await sql`CREATE DATABASE before_007`.execute(db.q);
    const old = openHubDatabase(cluster.url.replace(/\/sello_test$/, '/before_007'));
    try {
      expect(await migrateHub(old.q, HUB_MIGRATIONS.slice(0, 6))).toEqual({ from: 0, to: 6 });
      await sql`INSERT INTO stations VALUES ('a', '06140101001010', 'M001', 'P001', 'A', now(), null)`.execute(old.q);
      await sql`CREATE TABLE documents_old PARTITION OF documents FOR VALUES FROM ('2026-11-01') TO ('2026-12-01')`.execute(old.q);
      await sql`INSERT INTO documents (station_id, id, kind, version, status, control_number, issue_date, total, mh_json, jws, updated_at, invalidated_on)
        VALUES ('a', ${randomUUID()}, 'FC', 1, 'INVALIDATED', 'DTE-01-M001P001-000000000000001', '2026-11-20', 1, '{}', 'x', now(), '2026-11-21')`.execute(
        old.q,
      );
      await sql`INSERT INTO station_records VALUES ('a', 'return', 'r1', now(), now(), '{"status":"APPROVED"}')`.execute(old.q);
      expect(await migrateHub(old.q, HUB_MIGRATIONS)).toEqual({ from: 6, to: HUB_MIGRATIONS.length });
      expect((await sql<{ invalidated_on: string | null }>`SELECT invalidated_on FROM documents`.execute(old.q)).rows).toEqual([
        { invalidated_on: null },
      ]);
      expect(
        (
          await sql<{
            verified_at: Date | null;
            invalidated_on: string | null;
          }>`SELECT verified_at, invalidated_on FROM station_records`.execute(old.q)
        ).rows,
      ).toEqual([{ verified_at: null, invalidated_on: null }]);
    } finally {
      await old.close();
    }
  });

  it('two hub processes starting at once on an empty database: one migrates, the other finds it done', async () => {
    await sql`CREATE DATABASE twin_start`.execute(db.q);
    const url = cluster.url.replace(/\/sello_test$/, '/twin_start');
    const [one, two] = [openHubDatabase(url), openHubDatabase(url)];
    try {
      const results = await Promise.all([migrateHub(one.q, HUB_MIGRATIONS), migrateHub(two.q, HUB_MIGRATIONS)]);
      const latest = HUB_MIGRATIONS.length;
      expect(results.map((r) => r.to)).toEqual([latest, latest]);
      // One migration per transaction: the second may take the lock between two of the first's and apply the rest.
      expect(Math.min(...results.map((r) => r.from))).toBe(0);
      const applied = await one.q.selectFrom('hub_migrations').select('version').orderBy('version').execute();
      expect(applied.map((r) => r.version)).toEqual(HUB_MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('refuse a database newer than this Sello', async () => {
    await expect(migrateHub(db.q, [])).rejects.toThrow(/newer than this Sello/);
  });
});

describe('stations and tokens', () => {
  beforeAll(async () => {
    hub = createHub({ db: db.q });
    store = hubDocuments(db.q, systemClock);
    a = await hub.stations.register({
      id: 'M001-P001',
      companyId: '06140101001010',
      branchCode: 'M001',
      posNumber: 'P001',
      name: 'Centro, caja 1',
    });
    b = await hub.stations.register({
      id: 'M002-P001',
      companyId: '06140101001010',
      branchCode: 'M002',
      posNumber: 'P001',
      name: 'Santa Ana, caja 1',
    });
  });

  it('a station id or point of sale registered twice is refused', async () => {
    await expect(
      hub.stations.register({ id: a.id, companyId: 'x', branchCode: 'M009', posNumber: 'P009', name: 'dup' }),
    ).rejects.toMatchObject({
      code: 'STATION_CONFLICT',
    });
    await expect(
      hub.stations.register({ companyId: a.companyId, branchCode: a.branchCode, posNumber: a.posNumber, name: 'dup' }),
    ).rejects.toMatchObject({ code: 'STATION_CONFLICT' });
  });

  it('keep only the SHA-256 of a token: the plain token is nowhere in the table', async () => {
    const t = await hub.tokens.create(a.id);
    const rows = await db.q.selectFrom('station_tokens').selectAll().where('id', '=', t.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(t.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(t.token);
    expect((await hub.tokens.authenticate(t.token))?.id).toBe(a.id);
  });

  it('refuse a revoked token, an unknown one and a token for no station', async () => {
    const t = await hub.tokens.create(b.id);
    expect((await hub.tokens.authenticate(t.token))?.id).toBe(b.id);
    expect(await hub.tokens.revoke(t.id)).toBe(true);
    expect(await hub.tokens.authenticate(t.token)).toBeNull();
    expect(await hub.tokens.revoke(t.id)).toBe(false);
    expect(await hub.tokens.revoke('not-a-uuid')).toBe(false);
    expect(await hub.tokens.authenticate(`${t.token.slice(0, -2)}xx`)).toBeNull();
    expect(await hub.tokens.authenticate('')).toBeNull();
    await expect(hub.tokens.create('M404-P404')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('ingest', () => {
  it('creates one partition per month, on demand, and puts each document in its own', async () => {
    const docs = [
      doc({ issueDate: '2026-10-31' }),
      doc({ issueDate: '2026-11-01' }),
      doc({ issueDate: '2026-12-31' }),
      doc({ issueDate: '2027-01-01' }),
    ];
    expect(await store.ingest(a, docs)).toEqual({ accepted: 4, inserted: 4, updated: 0 });
    const placed = await sql<{ id: string; part: string }>`
      SELECT id::text AS id, tableoid::regclass::text AS part FROM documents WHERE id = ANY(${docs.map((d) => d.id)}::uuid[])`.execute(
      db.q,
    );
    const partOf = new Map(placed.rows.map((r) => [r.id, r.part]));
    expect(docs.map((d) => partOf.get(d.id))).toEqual([
      'documents_y2026m10',
      'documents_y2026m11',
      'documents_y2026m12',
      'documents_y2027m01',
    ]);
    // The parent's indexes are on every partition.
    const indexes = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'documents_y2026m11'`.execute(
      db.q,
    );
    // The primary key, migration 002's list indexes (newest, by station, status and kind, two trigram) and 003's
    // (the notes' related documents, the invalidation dates).
    expect(indexes.rows[0]!.n).toBe(9);
  });

  it('five stations sending the first documents of a new month at once all get in, into one partition', async () => {
    const stations = [a, b];
    for (let i = 3; i <= 5; i++)
      stations.push(
        await hub.stations.register({
          id: `M00${i}-P001`,
          companyId: '06140101001010',
          branchCode: `M00${i}`,
          posNumber: 'P001',
          name: `Sucursal ${i}`,
        }),
      );
    const batches = stations.map(() => Array.from({ length: 20 }, () => doc({ issueDate: '2028-02-29' })));
    const results = await Promise.all(stations.map((s, i) => store.ingest(s, batches[i]!)));
    expect(results.map((r) => r.inserted)).toEqual([20, 20, 20, 20, 20]);
    const parts = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'documents'::regclass AND c.relname LIKE 'documents_y2028%'`.execute(db.q);
    expect(parts.rows).toEqual([{ name: 'documents_y2028m02' }]);
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM documents_y2028m02`.execute(db.q);
    expect(count.rows[0]!.n).toBe(100);
  });

  it('is idempotent: the same batch again changes nothing; a newer change updates status and seal; an older one is ignored', async () => {
    const docs = [doc(), doc(), doc()];
    await store.ingest(a, docs);
    const before = await rowsOf(docs.map((d) => d.id));
    expect(await store.ingest(a, docs)).toEqual({ accepted: 3, inserted: 0, updated: 0 });
    expect(await rowsOf(docs.map((d) => d.id))).toEqual(before);

    const approved = {
      ...docs[0]!,
      status: 'APPROVED' as const,
      seal: '2026E5E1F2A3B4C5D6E7F8A9B0C1D2E3F4A5B6',
      sealedAt: '2026-11-20T10:00:05.000-06:00',
      updatedAt: '2026-11-20T10:00:06.000-06:00',
    };
    expect(await store.ingest(a, [approved])).toEqual({ accepted: 1, inserted: 0, updated: 1 });
    const stale = { ...docs[0]!, status: 'REJECTED' as const, updatedAt: '2026-11-20T10:00:01.000-06:00' };
    expect(await store.ingest(a, [stale])).toEqual({ accepted: 1, inserted: 0, updated: 0 });
    const [row] = await rowsOf([docs[0]!.id]);
    expect(row).toMatchObject({ status: 'APPROVED', seal: approved.seal, total: '11.30', issue_date: '2026-11-20' });
    expect(row!.sealed_at?.toISOString()).toBe('2026-11-20T16:00:05.000Z');
    expect(row!.mh_json).toEqual(docs[0]!.mhJson);
  });

  it("never writes over another station's document: refused with a typed error, the row left as it was", async () => {
    const mine = doc();
    await store.ingest(a, [mine]);
    const before = await rowsOf([mine.id]);
    const theirs = { ...mine, status: 'INVALIDATED' as const, updatedAt: '2026-12-01T00:00:00.000-06:00' };
    await expect(store.ingest(b, [doc(), theirs])).rejects.toBeInstanceOf(DocumentRefused);
    // Another month for the same id is the same document: refused too, and nothing of the batch is stored.
    const fresh = doc();
    await expect(store.ingest(b, [fresh, { ...theirs, issueDate: '2026-10-05' }])).rejects.toMatchObject({
      code: 'DOCUMENT_REFUSED',
      reason: 'ID_TAKEN',
    });
    expect(await rowsOf([mine.id, fresh.id])).toEqual(before);
    // A batch naming another station is refused before anything is read.
    await expect(store.ingest(b, [doc({ stationId: a.id })])).rejects.toMatchObject({ code: 'FORBIDDEN', owner: 'named' });
    // The owner moving its own document to another date is a conflict, not a second copy.
    await expect(store.ingest(a, [{ ...mine, issueDate: '2026-11-21' }])).rejects.toBeInstanceOf(DocumentDateConflict);
    expect(
      (await db.q.selectFrom('stations').select('last_contact_at').where('id', '=', a.id).executeTakeFirst())?.last_contact_at,
    ).toBeInstanceOf(Date);
  });
});
