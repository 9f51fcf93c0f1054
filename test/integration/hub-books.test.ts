// The company's books at the hub (issue 18 item 3) over a real PostgreSQL: a station's November made the way the
// product makes it (test/support/book-month.ts: every kind, a contingency, a rejection, invalidations of this
// month's and October's documents) sent to the hub by the station's own replicator, and a second point of sale
// with the same month under its own ids and numbers. One point's annexes and IVA books from the hub are, byte for byte, the
// station's own; the company's cover both (every casilla twice one station's); who may read them; bad input a 4xx.
import type { KeyObject } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNEXES, BOOKS, type MonthBooks, type SalesReport } from '../../shared/books';
import { allDocuments } from '../../main/core/books/books-source';
import { silentLogger } from '../../main/core/logger';
import { hubBooksSource } from '../../main/hub/books-source';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { tsxWorkers } from '../../main/cli/worker-entries';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { DEMO_STATION } from '../../main/core/station/demo';
import { bookMonth, type BookMonth } from '../support/book-month';
import { fixedClock } from '../support/core';
import { signJson } from '../../main/core/signing/jws';
import { signed, trustedKey } from '../support/hub-documents';
import { trustStationKey } from '../support/hub-stations';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';

const MONTH = '2026-11';
let month: BookMonth;
let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
const who: Record<'conta' | 'auditor' | 'admin', Record<string, string>> = { conta: {}, auditor: {}, admin: {} };
/** Station M001P001's documents as it sends them, and the same month at M001P002 under its own ids. */
let first: IngestDocument[] = [];
let second: IngestDocument[] = [];

interface StationRow {
  id: string;
  kind: IngestDocument['kind'];
  version: number;
  status: IngestDocument['status'];
  control_number: string;
  issue_date: string;
  total: string;
  recipient_name: string | null;
  packed: Buffer;
  seal: string | null;
  sealed_at: string | null;
  updated_at: string;
  issued_by: string | null;
  issued_by_name: string | null;
}

/** Each document as the station holds it: its row, who issued it, and fecAnula once MH accepted its invalidation. */
function snapshots(dbFile: string): IngestDocument[] {
  const s = new BetterSqlite3(dbFile, { readonly: true });
  try {
    const on = new Map(
      (s.prepare(`SELECT dte_id, mh_json FROM invalidations WHERE status = 'APPROVED'`).all() as { dte_id: string; mh_json: string }[]).map(
        (r) => [r.dte_id, (JSON.parse(r.mh_json) as { identificacion: { fecAnula: string } }).identificacion.fecAnula],
      ),
    );
    return (s.prepare('SELECT * FROM documents ORDER BY id').all() as StationRow[])
      .map((r) => ({ ...r, ...unpackDocument(r.packed) }))
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        version: r.version,
        status: r.status,
        controlNumber: r.control_number,
        issueDate: r.issue_date,
        total: r.total,
        recipientName: r.recipient_name,
        mhJson: JSON.parse(r.mhJson ?? '{}') as Record<string, unknown>,
        jws: r.jws ?? '',
        seal: r.seal,
        sealedAt: r.sealed_at,
        updatedAt: r.updated_at,
        issuedBy: r.issued_by,
        issuedByName: r.issued_by_name,
        invalidatedOn: on.get(r.id) ?? null,
      }));
  } finally {
    s.close();
  }
}

/** The same document at point of sale M001P002: another id (and codigoGeneracion, and its notes' references), another number. */
function atSecondPoint(d: IngestDocument): IngestDocument {
  const moved = (text: string) =>
    text.replace(/b00c0000-/gi, (m) => (m === 'b00c0000-' ? 'b00d0000-' : 'B00D0000-')).replace(/M001P001/g, 'M001P002');
  expect(JSON.stringify(d.mhJson)).toContain('M001P001');
  return {
    ...d,
    id: moved(d.id),
    controlNumber: moved(d.controlNumber),
    mhJson: JSON.parse(moved(JSON.stringify(d.mhJson))) as Record<string, unknown>,
    seal: d.seal && `${d.seal.slice(0, -4)}B00D`,
  };
}

/** The station's invalidation events moved to M001P002 as atSecondPoint moves documents, signed again with `key`. */
function secondPointInvalidations(dbFile: string, key: KeyObject) {
  const s = new BetterSqlite3(dbFile, { readonly: true });
  try {
    const rows = s.prepare(`SELECT id, dte_id, status, mh_json, updated_at FROM invalidations`).all() as {
      id: string;
      dte_id: string;
      status: string;
      mh_json: string;
      updated_at: string;
    }[];
    const seals = new Map(first.map((d) => [d.seal, atSecondPoint(d).seal]));
    const moved = (text: string) =>
      text.replace(/b00c0000-/gi, (m) => (m === 'b00c0000-' ? 'b00d0000-' : 'B00D0000-')).replace(/M001P001/g, 'M001P002');
    return rows.map((r) => {
      const mhJson = JSON.parse(moved(r.mh_json)) as { documento: { selloRecibido: string | null } };
      mhJson.documento.selloRecibido = seals.get(mhJson.documento.selloRecibido) ?? mhJson.documento.selloRecibido;
      return {
        kind: 'invalidation' as const,
        id: moved(r.id),
        updatedAt: new Date(r.updated_at).toISOString(),
        body: { id: moved(r.id), dteId: moved(r.dte_id), status: r.status, mhJson, jws: signJson(mhJson, key) },
      };
    });
  } finally {
    s.close();
  }
}

beforeAll(async () => {
  [month, cluster] = await Promise.all([bookMonth(), startPgCluster()]);
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  // The station's books are read on December 3rd at 09:00 (book-month.ts): the hub's at the same instant.
  // As `sello hub` runs them: the books on their worker thread, with its own connections (decision 0052).
  hub = createHub({
    db: db.q,
    clock: fixedClock(new Date('2026-12-03T09:00:00-06:00').toISOString()),
    scryptCost: 10,
    booksWorker: { entry: tsxWorkers().hubBooks, database: cluster.url },
  });
  app = await buildHubServer({ hub, logger: silentLogger });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  first = snapshots(month.dbFile);
  // The hub checks what it stores (decision 0030): the company, the station's key, and a second key of the
  // company that signs the second point's copies (their MH JSON changed, so their JWS must too).
  const key = await trustedKey(hub);
  await trustStationKey(hub, month.core);
  second = first.map(atSecondPoint).map((d) => ({ ...d, jws: signJson(d.mhJson, key) }));
  const tokens: string[] = [];
  for (const pos of ['P001', 'P002']) {
    await hub.stations.register({ id: `M001-${pos}`, companyId: '06140101001010', branchCode: 'M001', posNumber: pos, name: pos });
    tokens.push((await hub.tokens.create(`M001-${pos}`)).token);
  }
  // The station's own replicator sends its month (and what it queued since its first document) to the hub.
  month.core.configure({ ...DEMO_STATION, hub: { url, token: tokens[0]! } }, 'test');
  for (let pass = 0; pass < 20 && month.core.replication.status().waiting > 0; pass++) await month.core.replication.runOnce();
  expect(month.core.replication.status()).toMatchObject({ waiting: 0, lastError: null });
  // The second point of sale's month, as its replicator would send it.
  const res = await app.inject({
    method: 'POST',
    url: '/hub/v1/documents',
    headers: { authorization: `Bearer ${tokens[1]!}` },
    payload: { documents: second },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Its invalidations, as signed events the hub verifies (decision 0063): a status alone removes nothing.
  const records = secondPointInvalidations(month.dbFile, key);
  expect(records.length).toBeGreaterThan(0);
  const rec = await app.inject({
    method: 'POST',
    url: '/hub/v1/records',
    headers: { authorization: `Bearer ${tokens[1]!}` },
    payload: { records },
  });
  expect(rec.statusCode, rec.body).toBe(200);
  for (const [login, role] of [
    ['conta', 'ACCOUNTANT'],
    ['auditor', 'AUDITOR'],
    ['admin', 'ADMIN'],
  ] as const) {
    await hub.people.create({ login, name: login, role, password: `clave-${login}-123` });
    const res = await app.inject({ method: 'POST', url: '/hub/v1/session', payload: { login, password: `clave-${login}-123` } });
    who[login] = { authorization: `Bearer ${(JSON.parse(res.body) as { token: string }).token}` };
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await hub?.close();
  await db?.close();
  await cluster?.stop();
  await month?.close();
});

const get = (url: string, headers: Record<string, string> = who.conta) => app.inject({ method: 'GET', url, headers });
const stationBytes = (f: { base64: string }) => Buffer.from(f.base64, 'base64');
const cents = (s: string) => Math.round(Number(s) * 100);

describe("one point of sale's books at the hub are the station's own", () => {
  it("the station's replicator sent every document with who issued it and the day MH accepted its invalidation", async () => {
    const rows = await db.q
      .selectFrom('documents')
      .select(['id', 'status', 'issued_by', 'issued_by_name', 'invalidated_on'])
      .where('station_id', '=', 'M001-P001')
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      first.map((d) => ({
        id: d.id,
        status: d.status,
        issued_by: d.issuedBy,
        issued_by_name: d.issuedByName,
        invalidated_on: d.invalidatedOn,
      })),
    );
  });

  it('the month holds what the proof needs: invalidations of this month, of October, across its end; a rejection', () => {
    const invalidated = first.filter((d) => d.invalidatedOn !== null);
    expect(invalidated.map((d) => [d.issueDate.slice(0, 7), d.invalidatedOn!.slice(0, 7)]).sort()).toEqual([
      ['2026-10', '2026-11'],
      ['2026-10', '2026-11'],
      ['2026-11', '2026-11'],
      ['2026-11', '2026-11'],
      ['2026-11', '2026-12'],
    ]);
    expect(first.some((d) => d.status === 'REJECTED')).toBe(true);
    expect(first.every((d) => d.issuedBy === 'user:cajero')).toBe(true);
  });

  it('every F-07 annex, byte for byte, with the same file name', async () => {
    for (const annex of ANNEXES) {
      const station = await month.core.books.annexFile(annex, MONTH);
      const res = await get(`/hub/v1/annexes/${annex}?month=${MONTH}&point=M001P001`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${station.fileName}"`);
      expect(res.headers['content-type']).toBe(station.mediaType);
      expect(res.rawPayload.equals(stationBytes(station)), annex).toBe(true);
    }
  });

  it('both IVA books, PDF and XLSX, byte for byte', async () => {
    for (const book of BOOKS)
      for (const format of ['pdf', 'xlsx'] as const) {
        const station = await month.core.books.bookFile(book, MONTH, format);
        const res = await get(`/hub/v1/books/${book}?month=${MONTH}&format=${format}&point=M001P001`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${station.fileName}"`);
        expect(res.rawPayload.equals(stationBytes(station)), `${book}.${format}`).toBe(true);
      }
  });

  it("the month's summary (rows, casillas, MH's checks, IVA summary) and the sales report", async () => {
    const res = await get(`/hub/v1/books?month=${MONTH}&point=M001P001`);
    expect(res.statusCode).toBe(200);
    // The station's month, and the hub's one word more: no seal checker here (no MH) confirmed the seals yet.
    const { warnings, ...atHub } = JSON.parse(res.body) as MonthBooks;
    expect(atHub).toEqual(JSON.parse(JSON.stringify(await month.core.books.month(MONTH))));
    // No seal checker here (no MH credentials): the seals and the invalidations are counted as MH was not asked yet.
    expect(warnings).toHaveLength(2);
    expect(warnings![0]).toMatch(/invalidación\(es\) firmadas se restan sin que la central haya consultado aún a MH/);
    expect(warnings![1]).toMatch(/sin que la central haya confirmado aún su sello con MH/);
    const q = 'from=2026-11-01&to=2026-11-30&pos=M001P001';
    const report = await get(`/hub/v1/reports/sales?${q}&cashier=user:cajero`);
    expect(report.statusCode, report.body).toBe(200);
    const station = await month.core.books.report({ from: '2026-11-01', to: '2026-11-30', pos: 'M001P001', cashier: 'user:cajero' });
    const hubReport = JSON.parse(report.body) as SalesReport;
    expect({ ...hubReport, options: undefined }).toEqual({ ...JSON.parse(JSON.stringify(station)), options: undefined });
    expect(hubReport.options.points).toEqual(['M001P001', 'M001P002']);
  });

  it('the source reads pages in (date, id) order whatever their size, and filters by who issued', async () => {
    const period = { from: '2026-10-01', to: '2026-12-31' };
    const whole = await allDocuments(await hubBooksSource(db.q), period);
    const paged = await allDocuments(await hubBooksSource(db.q, { pageSize: 3 }), period);
    // Each document's lines are a function of its own: compared by what they give.
    const plain = (docs: typeof whole) => docs.map((d) => ({ ...d, lines: d.lines() }));
    expect(plain(paged)).toEqual(plain(whole));
    expect(whole).toHaveLength(first.length * 2);
    const keys = whole.map((d) => `${d.date} ${d.id}`);
    expect(keys).toEqual([...keys].sort());
    const one = await allDocuments(await hubBooksSource(db.q, { point: 'M001P002', pageSize: 4 }), period);
    expect(one.map((d) => d.id).sort()).toEqual(second.map((d) => d.id).sort());
    expect(await allDocuments(await hubBooksSource(db.q), { ...period, issuedBy: 'user:cajero' })).toHaveLength(whole.length);
    expect(await allDocuments(await hubBooksSource(db.q), { ...period, issuedBy: 'user:nadie' })).toHaveLength(0);
    const company = (await hubBooksSource(db.q)).company();
    expect(company).toMatchObject({ nit: expect.stringMatching(/^\d{14}$/) as string, station: null });
  });

  it("the books leave the lines in PostgreSQL, all but a CR's; the sales report reads them", async () => {
    const period = { from: '2026-10-01', to: '2026-12-31', point: 'M001P001' };
    const source = await hubBooksSource(db.q);
    const summary = await allDocuments(source, period);
    const withLines = await allDocuments(source, { ...period, lines: true });
    const fcs = (docs: typeof summary) => docs.filter((d) => d.kind === 'FC' && d.status === 'APPROVED');
    expect(fcs(withLines).length).toBeGreaterThan(0);
    expect(fcs(withLines).every((d) => d.lines().length > 0)).toBe(true);
    expect(fcs(summary).every((d) => d.lines().length === 0)).toBe(true);
    // Everything the books read is the same either way; a CR's retentions come from its lines.
    const strip = (docs: typeof summary) => docs.map(({ lines: _lines, ...rest }) => rest);
    expect(strip(summary)).toEqual(strip(withLines));
    expect(summary.filter((d) => d.kind === 'CR').every((d) => d.retentions.length > 0)).toBe(true);
    expect(summary.some((d) => d.kind === 'CR')).toBe(true);
  });
});

describe("the company's books cover every point of sale", () => {
  it('every casilla and every IVA figure is the sum of both points', async () => {
    const station = await month.core.books.month(MONTH);
    const res = await get(`/hub/v1/books?month=${MONTH}`);
    expect(res.statusCode).toBe(200);
    const company = JSON.parse(res.body) as MonthBooks;
    expect(company.annexes.map((a) => a.annex)).toEqual(station.annexes.map((a) => a.annex));
    let casillas = 0;
    for (const [i, a] of company.annexes.entries()) {
      const one = station.annexes[i]!;
      // The company's file names carry no point (MH's name for a company's file).
      expect(a.fileName).not.toContain('M001P001');
      // Anexo 2's 140 is 13/113 of its column N rounded once, and 96 what is left: the company's own N, rounded once.
      const derived = (c: { casilla: string }) => a.annex === '2' && (c.casilla === '96' || c.casilla === '140');
      expect(a.casillas.filter((c) => !derived(c)).map((c) => [c.casilla, cents(c.amount)])).toEqual(
        one.casillas.filter((c) => !derived(c)).map((c) => [c.casilla, 2 * cents(c.amount)]),
      );
      if (a.annex === '2') {
        const n = (list: typeof a.casillas) =>
          cents(list.find((c) => c.casilla === '96')!.amount) + cents(list.find((c) => c.casilla === '140')!.amount);
        expect(n(a.casillas)).toBe(2 * n(one.casillas));
        expect(cents(a.casillas.find((c) => c.casilla === '140')!.amount)).toBe(Math.round((n(a.casillas) * 13) / 113));
      }
      casillas += a.casillas.filter((c) => cents(c.amount) !== 0).length;
      expect(
        a.problems.filter((p) => p.severity === 'error'),
        a.annex,
      ).toEqual([]);
    }
    expect(casillas).toBeGreaterThan(3);
    const flat = (o: object): [string, number][] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string'
          ? [[k, cents(v)] as [string, number]]
          : flat(v as object).map(([k2, n]) => [`${k}.${k2}`, n] as [string, number]),
      );
    // Every figure is twice one point's, but the débitos of consumers, rounded once on the company's month (13/113).
    const roundedOnce = new Set(['consumer.debito', 'debitoTotal']);
    expect(flat(company.ivaSummary).filter(([k]) => !roundedOnce.has(k))).toEqual(
      flat(station.ivaSummary)
        .filter(([k]) => !roundedOnce.has(k))
        .map(([k, n]) => [k, 2 * n]),
    );
    const companyTaxed = cents(company.ivaSummary.consumer.gravadas) - 2 * cents(station.ivaSummary.anulacionesPrevias);
    expect(Math.abs(cents(company.ivaSummary.consumer.debito) - 2 * cents(station.ivaSummary.consumer.debito))).toBeLessThanOrEqual(1);
    expect(companyTaxed).toBeGreaterThan(0);
    expect(cents(company.ivaSummary.debitoTotal)).toBeGreaterThan(0);
  });

  it('the invalidations of the month, both points, whenever their documents were issued', async () => {
    const res = await get(`/hub/v1/annexes/anulados?month=${MONTH}`);
    expect(res.statusCode).toBe(200);
    const rows = new TextDecoder('windows-1252').decode(res.rawPayload).split('\r\n').filter(Boolean);
    const codes = rows.map((l) => l.split(';')[9]);
    const goneIn = (m: string) =>
      first.filter((d) => d.invalidatedOn?.startsWith(m)).flatMap((d) => [d.id.toUpperCase(), atSecondPoint(d).id.toUpperCase()]);
    expect([...codes].sort()).toEqual(goneIn(MONTH).sort());
    // December's books hold only December's invalidation (November's last sale), at both points.
    const dec = await get('/hub/v1/annexes/anulados?month=2026-12');
    const decCodes = new TextDecoder('windows-1252')
      .decode(dec.rawPayload)
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(';')[9]);
    expect(decCodes.sort()).toEqual(goneIn('2026-12').sort());
    expect(decCodes).toHaveLength(2);
  });

  it("the IVA books and the sales report: both points' documents, totals twice one point's", async () => {
    const res = await get(`/hub/v1/books/consumidores?month=${MONTH}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="libro-consumidores-2026-11.xlsx"');
    const pdf = await get(`/hub/v1/books/contribuyentes?month=${MONTH}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const all = JSON.parse((await get('/hub/v1/reports/sales?from=2026-11-01&to=2026-11-30')).body) as SalesReport;
    const one = await month.core.books.report({ from: '2026-11-01', to: '2026-11-30' });
    expect(all.totals.documents).toBe(2 * one.totals.documents);
    expect(cents(all.totals.sales)).toBe(2 * cents(one.totals.sales));
    expect(cents(all.totals.iva)).toBe(2 * cents(one.totals.iva));
  });
});

describe('who may read them, and bad input', () => {
  it('an ACCOUNTANT, an AUDITOR and an ADMIN read; without a session it is 401', async () => {
    for (const login of ['conta', 'auditor', 'admin'] as const)
      for (const url of [`/hub/v1/books?month=${MONTH}`, `/hub/v1/annexes/1?month=${MONTH}`, '/hub/v1/settings/books'])
        expect((await get(url, who[login])).statusCode, `${login} ${url}`).toBe(200);
    const none = await get(`/hub/v1/annexes/1?month=${MONTH}`, {});
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toContain('application/problem+json');
  });

  it('a bad month, point or parameter is a 422 naming it; an unknown annex or book a 404', async () => {
    const field = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      return (JSON.parse(res.body) as { errors: { path: string }[] }).errors.map((e) => e.path);
    };
    expect(await field('/hub/v1/books?month=2026-13')).toEqual(['month']);
    expect(await field('/hub/v1/annexes/1')).toEqual(['month']);
    expect(await field(`/hub/v1/annexes/1?month=${MONTH}&point=M1P1`)).toEqual(['point']);
    expect(await field(`/hub/v1/books/consumidores?month=${MONTH}&format=doc`)).toEqual(['format']);
    expect(await field(`/hub/v1/books?month=${MONTH}&station=M001-P001`)).toEqual(['station']);
    expect(await field('/hub/v1/reports/sales?from=2026-11-01')).toEqual(['to']);
    expect((await get(`/hub/v1/annexes/99?month=${MONTH}`)).statusCode).toBe(404);
    expect((await get(`/hub/v1/books/compras?month=${MONTH}`)).statusCode).toBe(404);
  });
});

// Issue 32 item 7, run last: it adds a third point of sale, after the company's totals were checked.
describe('a recipient named like a formula', () => {
  it("reaches the hub's annex 1 without its leading =", async () => {
    const EVIL = "=cmd|' /C calc'!A0";
    const ccf = first.find((d) => d.kind === 'CCF' && d.status === 'APPROVED' && d.invalidatedOn === null);
    expect(ccf).toBeDefined();
    const moved = (text: string) =>
      text.replace(/b00c0000-/gi, (m) => (m === 'b00c0000-' ? 'b00e0000-' : 'B00E0000-')).replace(/M001P001/g, 'M001P003');
    const mhJson = JSON.parse(moved(JSON.stringify(ccf!.mhJson))) as { receptor: { nombre: string } };
    mhJson.receptor.nombre = EVIL;
    // Signed with a key the hub holds, as the company's would be: the hub stores only what it can check (decision 0030).
    // Its own seal: a seal is MH's for one document, and the hub refuses a copy of another's (decision 0063).
    const doc = signed(
      {
        ...ccf!,
        id: moved(ccf!.id),
        controlNumber: moved(ccf!.controlNumber),
        recipientName: EVIL,
        mhJson,
        seal: `${ccf!.seal!.slice(0, -4)}B00E`,
      },
      await trustedKey(hub),
    );
    await hub.stations.register({ id: 'M001-P003', companyId: '06140101001010', branchCode: 'M001', posNumber: 'P003', name: 'P003' });
    const token = (await hub.tokens.create('M001-P003')).token;
    const sent = await app.inject({
      method: 'POST',
      url: '/hub/v1/documents',
      headers: { authorization: `Bearer ${token}` },
      payload: { documents: [doc] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await get(`/hub/v1/annexes/1?month=${MONTH}&point=M001P003`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.rawPayload.toString('latin1').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const cells = lines[0]!.split(';');
    expect(cells[8]).toBe("cmd|' /C calc'!A0");
    for (const c of cells) expect(c).not.toMatch(/^[=+@]/);
  });
});
