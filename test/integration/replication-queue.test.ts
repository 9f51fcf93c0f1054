// The replication queue (main/core/replication/queue.ts, issue 18): written in the same transaction as the change it
// records. An issue that fails after the queue was written (a trigger refuses its audit row) leaves no row; status
// moves send the document to the end of the queue; the replicator with no hub configured sends nothing.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let db: BetterSqlite3.Database;
let n = 0;
const newId = () => `7e000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const today = (b: Record<string, unknown>) => ({ ...b, generatedAt: undefined });

beforeEach(async () => {
  sim = await startSimulator();
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim);
  db = new BetterSqlite3(join(dir.dir, 'sello.db'));
});
afterEach(async () => {
  db.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

const queued = () =>
  db.prepare("SELECT ref AS id, reason FROM replication_queue WHERE entity = 'document' ORDER BY seq").all() as {
    id: string;
    reason: string;
  }[];

describe('replication queue', () => {
  it('is written in the issuing transaction: a rolled-back issue leaves nothing', () => {
    const first = core.dtes.create('FC', today(fcBody(newId())), 'test').record.id;
    expect(queued()).toEqual([{ id: first, reason: 'created' }]);
    // The audit row is written after the queue's: refusing it rolls back the whole issue.
    db.exec(`CREATE TRIGGER refuse_issue BEFORE INSERT ON audit_log WHEN NEW.action = 'dte.issued'
             BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
    expect(() => core.dtes.create('FC', today(fcBody(newId())), 'test')).toThrow(/refused for the test/);
    expect(queued()).toEqual([{ id: first, reason: 'created' }]);
    expect(db.prepare('SELECT count(*) AS n FROM documents').get()).toEqual({ n: 1 });
    db.exec('DROP TRIGGER refuse_issue');
    const second = core.dtes.create('FC', today(fcBody(newId())), 'test').record.id;
    expect(queued().map((r) => r.id)).toEqual([first, second]);
  });

  it('each status move sends the document to the end, one row per document', async () => {
    const a = core.dtes.create('FC', today(fcBody(newId())), 'test').record.id;
    const b = core.dtes.create('FC', today(fcBody(newId())), 'test').record.id;
    await core.sync.runOnce();
    expect(core.dtes.get(a).status).toBe('APPROVED');
    expect(core.dtes.get(b).status).toBe('APPROVED');
    const rows = queued();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.reason === 'status')).toBe(true);
    // No hub configured: nothing is sent and everything waits.
    expect(await core.replication.runOnce()).toBe(0);
    // The approvals queue each customer's e-mail (the queue reads them in one run a moment later; here, now), and
    // migration 019's triggers queue those for the hub too: waiting counts everything.
    await core.deliveries.runOnce();
    expect(db.prepare('SELECT entity, count(*) AS n FROM replication_queue GROUP BY entity ORDER BY entity').all()).toEqual([
      { entity: 'delivery', n: 2 },
      { entity: 'document', n: 2 },
    ]);
    expect(core.sync.status().hub).toEqual({
      configured: false,
      lastReachedAt: null,
      waiting: 4,
      refused: 0,
      lastRefusal: null,
      lastError: null,
    });
  });
});
