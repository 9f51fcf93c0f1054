// The station's books source pages a day by row (docs/decisions/0047-books-page-by-row.md): on a real store with a
// day longer than two pages, every document of the period comes once, in pages of at most 500, and each page's
// query is a seek into the issue_date index, never a sort of the rest of the day.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Compilable } from 'kysely';
import { createCore } from '../../main/core/create-core';
import { sqliteBooksSource } from '../../main/core/books/sqlite-books-source';
import { openStore, type Store } from '../../main/core/store/database';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const COMPANY = { name: 'Empresa', nit: '06142803901121', nrc: '2345678', station: 'M001P001' };

/** A store that keeps the plan of each query it runs on the documents table. */
function planned(store: Store): { store: Store; plans: string[][] } {
  const plans: string[][] = [];
  const all = <R>(query: Compilable<R>): R[] => {
    const { sql, parameters } = query.compile();
    const plan = store.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(parameters as unknown[])) as { detail: string }[];
    if (/from "documents"/i.test(sql)) plans.push(plan.map((p) => p.detail));
    return store.all(query);
  };
  return { store: { ...store, all }, plans };
}

describe('the books read a day in pages by row', () => {
  it('gives each document of a long day once, each page a seek into the issue_date index', async () => {
    const t = tempDir('books-paging-');
    const clock = fixedClock('2026-11-10T15:00:00Z');
    const core = createCore({ dataDir: t.dir, clock, sync: { manual: true }, backups: { everyMs: 0 } });
    cleanups.push(t.cleanup);
    const issued: string[] = [];
    const sell = (n: number) => {
      for (let i = 0; i < n; i++) {
        const id = `c0c00000-0000-4000-8000-${String(issued.length + 1).padStart(12, '0')}`;
        issued.push(core.dtes.create('FC', { ...fcBody(id), generatedAt: undefined }, 'user:cajero').record.id);
        clock.advance(1000);
      }
    };
    sell(1_203); // 10 November: three pages and a bit
    clock.set('2026-11-11T15:00:00Z');
    sell(4);
    core.close();

    const opened = openStore(join(t.dir, 'sello.db'));
    cleanups.push(() => opened.close());
    const { store, plans } = planned(opened);
    const pages: string[][] = [];
    for await (const page of sqliteBooksSource(store, () => COMPANY).documents({ from: '2026-11-09', to: '2026-11-12' }))
      pages.push(page.map((d) => d.id));

    const read = pages.flat();
    expect(read.length).toBe(issued.length);
    expect(new Set(read)).toEqual(new Set(issued));
    expect(Math.max(...pages.map((p) => p.length))).toBeLessThanOrEqual(500);
    expect(pages.length).toBe(4); // 500, 500, 203 on the 10th; 4 on the 11th
    expect(plans.length).toBe(pages.length + 4); // one empty page closes each of the four days
    for (const plan of plans) {
      expect(plan.join(' | ')).toMatch(/USING INDEX documents_issue_date/);
      expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
    }
  }, 60_000);
});
