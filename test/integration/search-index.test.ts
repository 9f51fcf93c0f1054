// The trigram index is filled right after each create (dte/search-indexer.ts, migration 022), not inside it:
// a search finds a document the moment it is stored, before and after the indexer ran, and what a crash left
// queued is indexed at the next start.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const id = (n: number) => `5ea4c000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const issue = (core: Core, n: number, name: string) =>
  core.dtes.create('FC', { ...fcBody(id(n)), generatedAt: undefined, recipient: { ...(fcBody(id(n)).recipient as object), name } }, 'test')
    .record;

function queued(dir: string): { pending: number; indexed: number } {
  const db = new BetterSqlite3(join(dir, 'sello.db'), { readonly: true });
  try {
    const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return { pending: n('SELECT count(*) AS n FROM search_pending'), indexed: n('SELECT count(*) AS n FROM documents_search') };
  } finally {
    db.close();
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('search index filled after the create', () => {
  it('finds a document at once, before and after the indexer, and once only', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const core = createCore({ dataDir: t.dir, sync: { manual: true }, backups: { everyMs: 0 } });
    cleanups.push(() => core.close());
    const made = issue(core, 1, 'Zoila Ramírez Quintanilla');
    issue(core, 2, 'Otro Cliente');
    // Still queued: the search reads the queue.
    expect(queued(t.dir)).toEqual({ pending: 2, indexed: 0 });
    const find = () => core.dtes.list({ limit: 10, q: 'ramirez quint' }).items.map((d) => d.id);
    expect(find()).toEqual([made.id]);
    expect(core.dtes.list({ limit: 10, q: made.controlNumber.slice(-8) }).items.map((d) => d.id)).toEqual([made.id]);
    // The indexer runs on its own, right after.
    await until(() => queued(t.dir).pending === 0, 'the indexer');
    expect(queued(t.dir)).toEqual({ pending: 0, indexed: 2 });
    expect(find()).toEqual([made.id]);
  });

  it('indexes at the next start what a crash left queued', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const first = createCore({ dataDir: t.dir, sync: { manual: true }, backups: { everyMs: 0 } });
    issue(first, 3, 'Teodoro Alvarenga');
    issue(first, 4, 'Teodora Alvarenga');
    // Closed before the indexer's timer: the queue stays in the file.
    first.close();
    expect(queued(t.dir)).toEqual({ pending: 2, indexed: 0 });
    const second = createCore({ dataDir: t.dir, sync: { manual: true }, backups: { everyMs: 0 } });
    cleanups.push(() => second.close());
    expect(second.dtes.list({ limit: 10, q: 'alvarenga' }).items).toHaveLength(2);
    await until(() => queued(t.dir).pending === 0, 'the indexer at start');
    expect(queued(t.dir)).toEqual({ pending: 0, indexed: 2 });
    expect(second.dtes.list({ limit: 10, q: 'teodora' }).items.map((d) => d.id)).toEqual([id(4)]);
  });
});
