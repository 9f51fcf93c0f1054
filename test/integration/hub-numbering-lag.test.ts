// The hub's last numbers while it lags MH (issue 54, decision 0029): a replaced PC whose first numbers collided asks
// the hub where its point of sale's numbering goes on. Its own refused documents, and its own documents not sealed
// yet (issued after the collision), say nothing of MH's last: counted, they lifted its stop and 20 sales in a row
// ended REJECTED. A real hub over a private PostgreSQL, documents sent through its real door with the station's token.
import { randomUUID, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import type { HubNumberingAnswer } from '../../shared/numbering';
import { fixedClock } from '../support/core';
import { signed, trustedKey } from '../support/hub-documents';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

const FC = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'golden', 'fc.json'), 'utf8')) as Record<string, unknown>;
const NIT = DEMO_STATION.company.nit;
const DAY = '2026-11-10';
const clock = fixedClock('2026-11-20T16:00:00Z');
let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
let key: KeyObject;
const tokens: Record<'old' | 'new', string> = { old: '', new: '' };
const seal = () => `2026${randomUUID().replace(/-/g, '').toUpperCase()}`.padEnd(40, '0');

/** FC number `n` of point M001P001, as MH left it: sealed, refused, or not answered yet. */
function fc(n: number, state: 'sealed' | 'refused' | 'waiting'): IngestDocument {
  return signed(
    {
      id: randomUUID(),
      kind: 'FC',
      version: 1,
      status: state === 'sealed' ? 'APPROVED' : state === 'refused' ? 'REJECTED' : 'PROCESSING',
      controlNumber: `DTE-01-M001P001-${String(n).padStart(15, '0')}`,
      issueDate: DAY,
      total: '10.08',
      recipientName: 'María Elena Hernández',
      mhJson: { ...structuredClone(FC), identificacion: { ...(FC.identificacion as object), fecEmi: DAY } },
      jws: '',
      seal: state === 'sealed' ? seal() : null,
      sealedAt: state === 'sealed' ? `${DAY}T10:00:01.000-06:00` : null,
      updatedAt: `${DAY}T10:00:02.000-06:00`,
    },
    key,
  );
}

const send = (who: 'old' | 'new', documents: IngestDocument[]) =>
  app.inject({ method: 'POST', url: '/hub/v1/documents', headers: { authorization: `Bearer ${tokens[who]}` }, payload: { documents } });
const lastFc = async (who: 'old' | 'new') => {
  const res = await app.inject({ method: 'GET', url: '/hub/v1/numbering?year=2026', headers: { authorization: `Bearer ${tokens[who]}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HubNumberingAnswer>().sequences.find((s) => s.kind === 'FC' && s.posNumber === 1)?.last ?? 0;
};

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, clock, scryptCost: 10 });
  app = await buildHubServer({ hub, logger: silentLogger });
  key = await trustedKey(hub);
  // Point M001P001's station: its old PC and the new PC that replaced it send with the same token.
  await hub.stations.register({ id: 'M001-P001', companyId: NIT, branchCode: 'M001', posNumber: 'P001', name: 'Caja 1' });
  const { token } = await hub.tokens.create('M001-P001');
  tokens.old = token;
  tokens.new = token;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await hub?.close();
  await db?.close();
  await cluster?.stop();
});

describe("the hub's last number for a point whose new PC collided", () => {
  it('counts what MH sealed, never the asking station’s refused or unsealed documents', async () => {
    // The old PC: 1 to 3 sealed, 4 sent but not answered when it died (MH may hold it: not the hub's to say).
    expect((await send('old', [fc(1, 'sealed'), fc(2, 'sealed'), fc(3, 'sealed'), fc(4, 'waiting')])).statusCode).toBe(200);
    expect(await lastFc('new')).toBe(3);
    // The new PC, told by mistake its point is new, collided at 1; moved past the hub's word, it issued 5 to 24,
    // which MH (holding numbers past the hub's) refused or has not answered yet.
    const own = [fc(1, 'refused'), ...Array.from({ length: 20 }, (_, i) => fc(5 + i, i % 2 === 0 ? 'refused' : 'waiting'))];
    expect((await send('new', own)).statusCode).toBe(200);
    // Still 3: none of them says where MH's numbering is, so the new PC's stop holds.
    expect(await lastFc('new')).toBe(3);
    // Once MH seals one of its numbers, the hub's word moves with it.
    expect((await send('new', [fc(30, 'sealed')])).statusCode).toBe(200);
    expect(await lastFc('new')).toBe(30);
  });
});
