// The hub believes nothing a station sends that it cannot check (issue 53 item 4, decision 0063), on a real hub over a
// private PostgreSQL: each forgery the review made is refused or left out of the books, the company's books do not
// move, and the health page raises it. Two points of sale; the company's key is a compromised branch's (it signs).
import { randomUUID, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJson } from '../../main/core/signing/jws';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { hubSealChecks } from '../../main/hub/seal-checks';
import type { IngestRecord } from '../../main/hub/station-records';
import type { MonthBooks } from '../../shared/books';
import type { HubHealth } from '../../shared/hub';
import { fixedClock } from '../support/core';
import { signed, trustedKey } from '../support/hub-documents';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

const FC = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'golden', 'fc.json'), 'utf8')) as Record<string, unknown>;
const NIT = DEMO_STATION.company.nit;
const MONTH = '2026-11';
const clock = fixedClock(new Date('2026-12-03T09:00:00-06:00').toISOString());
let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
let key: KeyObject;
const tokens: Record<'A' | 'B', string> = { A: '', B: '' };
let n = 0;

const seal = () => `2026${randomUUID().replace(/-/g, '').toUpperCase()}`.padEnd(40, '0');

/** A sealed FC of `point` issued on `day`, its MH JSON the golden FE v1's, signed with the company key. */
function fc(point: string, day = '2026-11-10'): IngestDocument {
  const id = randomUUID();
  n += 1;
  const controlNumber = `DTE-01-${point}-${String(n).padStart(15, '0')}`;
  return signed(
    {
      id,
      kind: 'FC',
      version: 1,
      status: 'APPROVED',
      controlNumber,
      issueDate: day,
      total: '10.08',
      recipientName: 'María Elena Hernández',
      mhJson: { ...structuredClone(FC), identificacion: { ...(FC.identificacion as object), fecEmi: day } },
      jws: '',
      seal: seal(),
      sealedAt: `${day}T10:00:01.000-06:00`,
      updatedAt: `${day}T10:00:02.000-06:00`,
    },
    key,
  );
}

/** An Evento de Retorno of `point` giving back `fraction` of `doc` (an FE), signed with `signer`. */
function er(point: string, doc: IngestDocument, fraction = 1, signer: KeyObject | null = key): IngestRecord {
  const id = randomUUID();
  const r = doc.mhJson.resumen as Record<string, number>;
  const part = (v: number) => Math.round(v * fraction * 100) / 100;
  const mhJson = {
    identificacion: {
      version: 1,
      tipoEvento: '18',
      codigoGeneracion: id.toUpperCase(),
      fecEmi: '2026-11-12',
      horEmi: '10:00:00',
      tipoOperacion: 1,
    },
    documentoRelacionado: [{ tipoDocumento: '01', codigoGeneracion: doc.id.toUpperCase(), fechaEmision: doc.issueDate }],
    emisor: { nit: NIT, nombre: DEMO_STATION.company.name, codEstableMH: point.slice(0, 4), codPuntoVentaMH: point.slice(4) },
    documento: { tipoDocumento: null, numDocumento: null, nombre: 'Consumidor final' },
    resumen: {
      totalExenta: part(r.totalExenta ?? 0),
      totalNoSuj: 0,
      totalGravada: part(r.totalGravada ?? 0),
      totalIva: part(r.totalIva ?? 0),
      montoTotalOperacion: part(r.montoTotalOperacion ?? 0),
      totalPagar: part(r.totalPagar ?? 0),
    },
  };
  return {
    kind: 'return',
    id,
    updatedAt: '2026-11-12T10:00:05.000-06:00',
    body: { id, status: 'APPROVED', mhJson, jws: signer ? signJson(mhJson, signer) : null, mhResponse: { selloRecibido: seal() } },
  };
}

/** An invalidation event of `doc`, as the station's `invalidations` row replicates it. */
function invalidation(doc: IngestDocument, status = 'APPROVED', signer: KeyObject = key): IngestRecord {
  const id = randomUUID();
  const mhJson = {
    identificacion: { version: 2, ambiente: '00', codigoGeneracion: id.toUpperCase(), fecAnula: '2026-11-20', horAnula: '11:00:00' },
    emisor: { nit: NIT, nombre: DEMO_STATION.company.name },
    documento: {
      tipoDte: '01',
      codigoGeneracion: doc.id.toUpperCase(),
      selloRecibido: doc.seal,
      numeroControl: doc.controlNumber,
      fecEmi: doc.issueDate,
    },
    motivo: { tipoAnulacion: 2, motivoAnulacion: 'Rescindida' },
  };
  return {
    kind: 'invalidation',
    id,
    updatedAt: '2026-11-20T11:00:05.000-06:00',
    body: { id, dteId: doc.id, status, mhJson, jws: signJson(mhJson, signer) },
  };
}

const post = async (who: 'A' | 'B', path: 'documents' | 'records', payload: unknown) => {
  const r = await app.inject({
    method: 'POST',
    url: `/hub/v1/${path}`,
    headers: { authorization: `Bearer ${tokens[who]}` },
    payload: payload as object,
  });
  return { status: r.statusCode, body: r.json<Record<string, unknown>>() };
};
const books = (): Promise<MonthBooks> => hub.books().then((b) => b.month(MONTH));
/** The figures a forgery moved in the review: the consumers' débito and sales, and the whole débito. */
const figures = (m: MonthBooks) => ({
  gravadas: m.ivaSummary.consumer.gravadas,
  debito: m.ivaSummary.consumer.debito,
  devoluciones: m.ivaSummary.devoluciones,
  total: m.ivaSummary.debitoTotal,
});
const health = async (): Promise<HubHealth> => {
  const login = await app.inject({ method: 'POST', url: '/hub/v1/session', payload: { login: 'admin', password: 'clave-admin-123' } });
  const token = login.json<{ token: string }>().token;
  return (await app.inject({ method: 'GET', url: '/hub/v1/health', headers: { authorization: `Bearer ${token}` } })).json<HubHealth>();
};

let saleA: IngestDocument;
let saleB: IngestDocument;
let before: ReturnType<typeof figures>;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, clock, scryptCost: 10 });
  app = await buildHubServer({ hub, logger: silentLogger });
  key = await trustedKey(hub);
  for (const [who, pos] of [
    ['A', 'P001'],
    ['B', 'P002'],
  ] as const) {
    await hub.stations.register({ id: `M001-${pos}`, companyId: NIT, branchCode: 'M001', posNumber: pos, name: pos });
    tokens[who] = (await hub.tokens.create(`M001-${pos}`)).token;
  }
  await hub.people.create({ login: 'admin', name: 'admin', role: 'ADMIN', password: 'clave-admin-123' });
  saleA = fc('M001P001');
  saleB = fc('M001P002');
  expect((await post('A', 'documents', { documents: [saleA] })).status).toBe(200);
  expect((await post('B', 'documents', { documents: [saleB] })).status).toBe(200);
  before = figures(await books());
  expect(before.debito).not.toBe('0.00');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await hub?.close();
  await db?.close();
  await cluster?.stop();
});

describe('records: an ER, an invalidation', () => {
  it("station A's token cannot credit an ER to station B's point of sale; the books do not move", async () => {
    const r = await post('A', 'records', { records: [er('M001P002', saleB)] });
    expect(r).toMatchObject({ status: 422, body: { code: 'DOCUMENT_REFUSED', reason: 'POINT_NOT_BOUND' } });
    expect(figures(await books())).toEqual(before);
  });

  it("an ER at A's point naming B's document is refused: the document is not A's", async () => {
    const r = await post('A', 'records', { records: [er('M001P001', saleB)] });
    expect(r).toMatchObject({ status: 422, body: { reason: 'DOCUMENT_UNKNOWN' } });
    expect(figures(await books())).toEqual(before);
  });

  it('an ER giving back more than its document is worth is refused (the review took the débito to −572.92)', async () => {
    const r = await post('A', 'records', { records: [er('M001P001', saleA, 60)] });
    expect(r).toMatchObject({ status: 422, body: { reason: 'AMOUNT_EXCEEDS' } });
    expect(figures(await books())).toEqual(before);
  });

  it('an ER without its JWS, or signed with a key the company never registered, is refused', async () => {
    const unsigned = er('M001P001', saleA, 1, null);
    expect(await post('A', 'records', { records: [unsigned] })).toMatchObject({ status: 422, body: { reason: 'RECORD_UNSIGNED' } });
    const { privateKey } = await import('node:crypto').then((c) => c.generateKeyPairSync('rsa', { modulusLength: 2048 }));
    const stranger = er('M001P001', saleA, 1, privateKey);
    expect(await post('A', 'records', { records: [stranger] })).toMatchObject({ status: 422, body: { reason: 'BAD_SIGNATURE' } });
    expect(figures(await books())).toEqual(before);
  });

  it('a real ER at its own point within its document counts; its value comes out of the month', async () => {
    const real = er('M001P001', saleA, 1);
    expect(await post('A', 'records', { records: [real] })).toMatchObject({ status: 200 });
    const after = figures(await books());
    // The FE's taxed 10.00 and exempt 0.40, given back whole.
    expect(after.devoluciones).toBe('10.40');
    expect(after.debito).not.toBe(before.debito);
    // Taken back out for the tests that follow: an ER is never deleted by a station, so it is done here by hand.
    await db.q.deleteFrom('station_records').where('id', '=', real.id).execute();
    expect(figures(await books())).toEqual(before);
  });

  it('the refusals are on the health page, with an alert for the station that sent them', async () => {
    const h = await health();
    const a = h.stations.find((s) => s.station.id === 'M001-P001')!;
    expect(a.refused?.count).toBeGreaterThan(0);
    expect(a.alerts.some((x) => /rechaz|no acepta|no cree/i.test(x.message))).toBe(true);
  });
});

describe('a status on a station’s word', () => {
  it('a sealed sale re-sent as INVALIDATED, or APPROVED with invalidatedOn, stays in the books, and the books say why', async () => {
    const later = (d: IngestDocument, s: string) => ({ ...d, updatedAt: s });
    expect(
      (await post('A', 'documents', { documents: [later({ ...saleA, status: 'INVALIDATED' }, '2026-11-25T10:00:00.000-06:00')] })).status,
    ).toBe(200);
    const m = await books();
    expect(figures(m)).toEqual(before);
    expect(m.warnings?.join(' ')).toContain(saleA.controlNumber);
    expect(
      (await post('B', 'documents', { documents: [later({ ...saleB, invalidatedOn: '2026-11-25' }, '2026-11-25T10:00:00.000-06:00')] }))
        .status,
    ).toBe(200);
    expect(figures(await books())).toEqual(before);
  });

  it('a signed invalidation of the station’s own document takes it out on the event’s date; a forged one is refused', async () => {
    const forged = invalidation(
      saleB,
      'APPROVED',
      (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    );
    expect(await post('B', 'records', { records: [forged] })).toMatchObject({ status: 422, body: { reason: 'BAD_SIGNATURE' } });
    expect(await post('A', 'records', { records: [invalidation(saleB)] })).toMatchObject({
      status: 422,
      body: { reason: 'DOCUMENT_UNKNOWN' },
    });
    expect(figures(await books())).toEqual(before);
    expect(await post('B', 'records', { records: [invalidation(saleB)] })).toMatchObject({ status: 200 });
    const [row] = await db.q.selectFrom('documents').select('invalidated_on').where('id', '=', saleB.id).execute();
    expect(row!.invalidated_on).toBe('2026-11-20');
    expect(figures(await books()).gravadas).not.toBe(before.gravadas);
  });
});

describe('documents MH does not confirm, and documents signed again', () => {
  it('a forged ×10,000 sale MH does not know is left out of the books and named in their warnings', async () => {
    const now = figures(await books());
    const big = fc('M001P001');
    const r = big.mhJson.resumen as Record<string, number>;
    for (const k of ['totalGravada', 'subTotalVentas', 'subTotal', 'montoTotalOperacion', 'totalPagar', 'totalIva'])
      r[k] = (r[k] ?? 0) * 10_000;
    const forged = signed(big, key);
    expect((await post('A', 'documents', { documents: [forged] })).status).toBe(200);
    expect(figures(await books())).not.toEqual(now);
    // The seal checker's verdict (seal-checker.ts asks MH; its own tests run it against the simulator).
    await hubSealChecks(db.q, clock).record(
      {
        id: forged.id,
        issueDate: forged.issueDate,
        stationId: 'M001-P001',
        kind: 'FC',
        controlNumber: forged.controlNumber,
        seal: forged.seal,
        nit: NIT,
      },
      { state: 'mh_unknown', mhSeal: null, detail: 'MH no tiene un documento con ese código de generación.' },
      3_600_000,
    );
    const m = await books();
    expect(figures(m)).toEqual(now);
    expect(m.warnings?.join(' ')).toContain(forged.controlNumber);
  });

  it('a sealed document signed again with other amounts under its seal is refused; its seal under another id too', async () => {
    const now = figures(await books());
    const mhJson = structuredClone(saleA.mhJson);
    (mhJson.resumen as Record<string, number>).totalPagar = 9999;
    const again = { ...saleA, mhJson, jws: signJson(mhJson, key), updatedAt: '2026-11-26T10:00:00.000-06:00' };
    expect(await post('A', 'documents', { documents: [again] })).toMatchObject({ status: 422, body: { reason: 'RESIGNED_SEALED' } });
    const copy = { ...fc('M001P001'), seal: saleA.seal };
    expect(await post('A', 'documents', { documents: [signed(copy, key)] })).toMatchObject({ status: 422, body: { reason: 'SEAL_TAKEN' } });
    expect(figures(await books())).toEqual(now);
  });

  it('the list shows the total and the recipient of the signed JSON, not the ones sent beside it', async () => {
    const d = { ...fc('M001P001'), total: '0.01', recipientName: 'Nadie' };
    expect((await post('A', 'documents', { documents: [d] })).status).toBe(200);
    const [row] = await db.q.selectFrom('documents').select(['total', 'recipient_name']).where('id', '=', d.id).execute();
    expect(row).toEqual({ total: '10.08', recipient_name: 'María Elena Hernández' });
  });
});

describe('what the review of this change found', () => {
  it('ERs on one document add up: a second that gives back past what the first left is refused', async () => {
    const sale = fc('M001P001');
    expect((await post('A', 'documents', { documents: [sale] })).status).toBe(200);
    const now = figures(await books());
    const first = er('M001P001', sale, 0.6);
    expect(await post('A', 'records', { records: [first] })).toMatchObject({ status: 200 });
    expect(await post('A', 'records', { records: [er('M001P001', sale, 0.6)] })).toMatchObject({
      status: 422,
      body: { reason: 'AMOUNT_EXCEEDS' },
    });
    // Re-sending the first (a station sends its current state again) is not counted against itself.
    expect(await post('A', 'records', { records: [{ ...first, updatedAt: '2026-11-12T10:00:06.000-06:00' }] })).toMatchObject({
      status: 200,
    });
    await db.q.deleteFrom('station_records').where('id', '=', first.id).execute();
    expect(figures(await books())).toEqual(now);
  });

  it('an ER naming its document twice, giving back a negative amount, or calling an FE an export is refused', async () => {
    const sale = fc('M001P001');
    expect((await post('A', 'documents', { documents: [sale] })).status).toBe(200);
    const remake = (r: IngestRecord, edit: (j: Record<string, unknown>) => void): IngestRecord => {
      const mhJson = structuredClone(r.body.mhJson) as Record<string, unknown>;
      edit(mhJson);
      return { ...r, body: { ...r.body, mhJson, jws: signJson(mhJson, key) } };
    };
    const twice = remake(er('M001P001', sale, 0.1), (j) => {
      const rel = j.documentoRelacionado as object[];
      rel.push(rel[0]!);
    });
    expect(await post('A', 'records', { records: [twice] })).toMatchObject({ status: 422, body: { reason: 'FIELDS_MISMATCH' } });
    const negative = remake(er('M001P001', sale, 0.1), (j) => ((j.resumen as Record<string, number>).totalExenta = -50));
    expect(await post('A', 'records', { records: [negative] })).toMatchObject({ status: 422, body: { reason: 'AMOUNT_EXCEEDS' } });
    const asExport = remake(
      er('M001P001', sale, 0.1),
      (j) => ((j.documentoRelacionado as Record<string, unknown>[])[0]!.tipoDocumento = '11'),
    );
    expect(await post('A', 'records', { records: [asExport] })).toMatchObject({ status: 422, body: { reason: 'KIND_MISMATCH' } });
  });

  it('an invalidation signed again with another JWS is refused; a later refused one does not bring its document back', async () => {
    const sale = fc('M001P002');
    expect((await post('B', 'documents', { documents: [sale] })).status).toBe(200);
    const approved = invalidation(sale);
    expect(await post('B', 'records', { records: [approved] })).toMatchObject({ status: 200 });
    const again = invalidation(sale);
    const resigned = { ...again, id: approved.id, body: { ...again.body, id: approved.id }, updatedAt: '2026-11-21T11:00:05.000-06:00' };
    expect(await post('B', 'records', { records: [resigned] })).toMatchObject({ status: 422, body: { reason: 'RESIGNED_SEALED' } });
    // Another event of the same document that MH refused (as its station reports) arrives after the accepted one.
    expect(await post('B', 'records', { records: [invalidation(sale, 'REJECTED')] })).toMatchObject({ status: 200 });
    const [row] = await db.q.selectFrom('documents').select('invalidated_on').where('id', '=', sale.id).execute();
    expect(row!.invalidated_on).toBe('2026-11-20');
  });

  it("a forged sale sent straight as INVALIDATED, then 'invalidated' in a later month, subtracts nothing once MH says it does not know it", async () => {
    const forged = signed({ ...fc('M001P001', '2026-10-15'), status: 'INVALIDATED' }, key);
    const r = forged.mhJson.resumen as Record<string, number>;
    for (const k of ['totalGravada', 'subTotalVentas', 'subTotal', 'montoTotalOperacion', 'totalPagar', 'totalIva'])
      r[k] = (r[k] ?? 0) * 10_000;
    const sent = signed(forged, key);
    expect((await post('A', 'documents', { documents: [sent] })).status).toBe(200);
    const inv = invalidation(sent);
    expect(await post('A', 'records', { records: [inv] })).toMatchObject({ status: 200 });
    const withIt = (await books()).ivaSummary.anulacionesPrevias;
    expect(withIt).not.toBe('0.00');
    // The seal checker asks about invalidated documents too (seal-checks.ts): MH does not know this one.
    const due = await hubSealChecks(db.q, clock).nextDue();
    expect(due).toMatchObject({ status: 'INVALIDATED' });
    await hubSealChecks(db.q, clock).record(
      {
        id: sent.id,
        issueDate: sent.issueDate,
        stationId: 'M001-P001',
        kind: 'FC',
        controlNumber: sent.controlNumber,
        seal: sent.seal,
        nit: NIT,
      },
      { state: 'mh_unknown', mhSeal: null, detail: 'MH no lo conoce.' },
      3_600_000,
    );
    const m = await books();
    expect(m.ivaSummary.anulacionesPrevias).not.toBe(withIt);
    expect(m.warnings?.join(' ')).toContain('documento(s) sellados se cuentan sin que la central');
  });
});

describe('records stored before the hub verified any', () => {
  it('count only once re-verified at the start: a good one goes in, a forged one is refused and listed', async () => {
    const now = figures(await books());
    const good = er('M001P002', saleB, 0.5);
    const bad = er('M001P002', saleB, 0.5, null);
    for (const r of [good, bad])
      await db.q
        .insertInto('station_records')
        .values({
          station_id: 'M001-P002',
          kind: 'return',
          id: r.id,
          updated_at: r.updatedAt,
          received_at: new Date(),
          body: JSON.stringify(r.body),
          verified_at: null,
          invalidated_on: null,
        })
        .execute();
    const m = await books();
    expect(figures(m)).toEqual(now);
    expect(m.warnings?.join(' ')).toContain('sin verificar');
    expect(await hub.reverifyRecords()).toEqual({ verified: 1, refused: 1 });
    expect(figures(await books()).devoluciones).not.toBe(now.devoluciones);
    const h = await health();
    expect(h.stations.find((s) => s.station.id === 'M001-P002')!.refused?.latest.map((x) => x.documentId)).toContain(bad.id);
  });
});
