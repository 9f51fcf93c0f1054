// The bound tables as data (docs/decisions/0062-audit-binds-what-the-books-read.md): each spec covers or leaves out,
// with a reason, every column its table has; its digest moves with every covered column (and an ER's lines) and
// with nothing left out; the documents' digest is decision 0034's, byte for byte.
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BOUND_TABLES, DOCUMENTS, RETURNS, rowDigest, type BoundValues } from '../../main/core/audit-bound-tables';
import { describeFinding } from '../../main/core/audit-findings';
import { rowFinding } from '../../main/core/audit-binding';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

const columnsOf = (db: BetterSqlite3.Database, table: string): string[] =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

/** A row with a distinct value in every column named. */
const rowOf = (columns: readonly string[], salt = ''): Record<string, unknown> =>
  Object.fromEntries(columns.map((c, i) => [c, `${c}-${i}${salt}`]));

describe('the bound tables', () => {
  const db = new BetterSqlite3(':memory:');
  migrate(db, MIGRATIONS);

  it.each(BOUND_TABLES.map((t) => [t.table, t] as const))('%s: every column is covered or left out with a reason', (_, spec) => {
    const all = columnsOf(db, spec.table);
    const left = Object.keys(spec.leftOut);
    expect([...spec.columns, ...left].sort()).toEqual([...all].sort());
    expect(spec.columns.filter((c) => left.includes(c))).toEqual([]);
    for (const why of Object.values(spec.leftOut)) expect(why.length).toBeGreaterThan(10);
    expect(spec.columns).toContain(spec.idColumn);
    expect(all).toContain(spec.at);
    if (spec.lines) {
      expect([spec.lines.parent, ...spec.lines.columns].sort()).toEqual(columnsOf(db, spec.lines.table).sort());
      for (const c of spec.lines.order) expect(spec.lines.columns).toContain(c);
    }
  });

  it('each table binds under an action of its own; documents keep document.bound', () => {
    expect(new Set(BOUND_TABLES.map((t) => t.action)).size).toBe(BOUND_TABLES.length);
    expect(DOCUMENTS.action).toBe('document.bound');
    expect(BOUND_TABLES.map((t) => t.table)).toEqual([
      'documents',
      'returns',
      'return_invalidations',
      'invalidations',
      'day_closes',
      'drawer_openings',
      'drawer_kicks',
    ]);
  });
});

describe('a spec’s digest', () => {
  it('documents: the digest of decision 0034, so chains bound before stay valid', () => {
    const row: Record<string, unknown> = rowOf(DOCUMENTS.columns);
    Object.assign(row, { version: 3, total: '10.08', packed: Buffer.from('packed-bytes'), seal: null, mh_response: null });
    // Computed with document-binding.ts's documentDigest as it was before the bound tables (commit c4e2686).
    expect(rowDigest(DOCUMENTS, row)).toBe('c9ba8ff9a494fb0eb7ede20f4d58ad66cb76ab4addd440911c3144f3d27d449b');
  });

  it.each(BOUND_TABLES.map((t) => [t.table, t] as const))('%s: moves with every covered column, not with one left out', (_, spec) => {
    const line = (n: number): BoundValues => rowOf(spec.lines?.columns ?? [], `-l${n}`);
    const lines = spec.lines ? [line(1), line(2)] : [];
    const row = { ...rowOf(spec.columns), ...rowOf(Object.keys(spec.leftOut)) };
    const base = rowDigest(spec, row, lines);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(
      rowDigest(
        spec,
        { ...row },
        lines.map((l) => ({ ...l })),
      ),
    ).toBe(base);
    for (const c of spec.columns) {
      expect(rowDigest(spec, { ...row, [c]: 'otro' }, lines), c).not.toBe(base);
      expect(rowDigest(spec, { ...row, [c]: null }, lines), c).not.toBe(base);
    }
    for (const c of Object.keys(spec.leftOut)) expect(rowDigest(spec, { ...row, [c]: 'otro' }, lines), c).toBe(base);
  });

  it('returns: its lines are part of it, each column, their number and their order', () => {
    const row = rowOf(RETURNS.columns);
    const line = (n: number): BoundValues => rowOf(RETURNS.lines!.columns, `-l${n}`);
    const base = rowDigest(RETURNS, row, [line(1), line(2)]);
    for (const c of RETURNS.lines!.columns) expect(rowDigest(RETURNS, row, [line(1), { ...line(2), [c]: '0.01' }]), c).not.toBe(base);
    expect(rowDigest(RETURNS, row, [line(1)])).not.toBe(base);
    expect(rowDigest(RETURNS, row, [line(1), line(2), line(3)])).not.toBe(base);
    expect(rowDigest(RETURNS, row, [line(2), line(1)])).not.toBe(base);
    expect(rowDigest(RETURNS, row, [])).not.toBe(base);
  });
});

describe('the words of a bound row’s finding', () => {
  it.each(BOUND_TABLES.filter((t) => t.table !== 'documents').map((t) => [t.table, t] as const))(
    '%s: names the table and the row',
    (table, spec) => {
      for (const kind of ['edited', 'deleted', 'unbound'] as const) {
        const text = describeFinding(rowFinding(spec, kind, 'fila-1'));
        expect(text).toContain(`tabla ${table}`);
        expect(text).toContain('fila-1');
      }
    },
  );

  it('documents keep their own words', () => {
    expect(describeFinding(rowFinding(DOCUMENTS, 'edited', 'd-1'))).toBe(
      'el documento d-1 fue modificado en la base de datos fuera de Sello (monto, estado, sello o firma)',
    );
  });
});
