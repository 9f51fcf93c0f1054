// Issue 32 item 1, "the hub verifies every document it stores" (docs/decisions/0030-hub-trust-model.md): real
// stations on MH simulators replicating over HTTP to a real hub on a private PostgreSQL. Each forgery of the
// security review is sent with a real station token and refused with a 422 naming the reason, nothing stored; the
// books' header is the company as set at the hub; a forged note uses up no credit; a forged id sent first does not
// park the real document; a station whose documents are refused parks them and the hub's health page says so.
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJson } from '../../main/core/signing/jws';
import { hubBooksSource } from '../../main/hub/books-source';
import { hubDocuments } from '../../main/hub/documents-repo';
import type { IngestDocument } from '../../main/hub/ingest-document';
import type { RelatedAnswer } from '../../shared/hub';
import type { HubHealth } from '../../shared/hub';
import { DEMO_STATION } from '../../main/core/station/demo';
import { systemClock } from '../../main/core/clock';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { startHubWorld, until, type HubStation, type HubWorld } from '../support/hub-stations';

let world: HubWorld;
let m001: HubStation;
let m002: HubStation;
let m003: HubStation;
let admin = '';
const today = (b: Record<string, unknown>): Record<string, unknown> => ({ ...b, generatedAt: undefined });

beforeAll(async () => {
  world = await startHubWorld(['M001', 'M002', 'M003']);
  [m001, m002, m003] = world.stations as [HubStation, HubStation, HubStation];
  await world.hub.people.create({ login: 'jefa', name: 'Jefa', role: 'ADMIN', password: 'clave-jefa-12345' });
  const res = await fetch(`${world.url()}/hub/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'jefa', password: 'clave-jefa-12345' }),
  });
  admin = ((await res.json()) as { token: string }).token;
  const cert = await fetch(`${world.url()}/hub/v1/certificates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ publicKey: companyKey.publicKey.export({ format: 'pem', type: 'spki' }).toString() }),
  });
  expect(cert.status).toBe(201);
  // Not a key: a 422 naming the field, nothing stored.
  const bad = await fetch(`${world.url()}/hub/v1/certificates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ publicKey: 'no es una llave' }),
  });
  expect(bad.status).toBe(422);
  expect(JSON.stringify(await bad.json())).toContain('publicKey');
}, 60_000);
afterAll(async () => {
  await world?.close();
});

async function post(token: string, documents: unknown[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${world.url()}/hub/v1/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ documents }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function get<T>(path: string, bearer: string): Promise<T> {
  const res = await fetch(`${world.url()}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A document as the hub holds it, in the shape a station sends. */
async function atHub(id: string): Promise<IngestDocument & { verifiedAt: Date | null; stationId: string }> {
  const r = await world.db.q.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    id: r.id,
    stationId: r.station_id,
    kind: r.kind as IngestDocument['kind'],
    version: r.version,
    status: r.status as IngestDocument['status'],
    controlNumber: r.control_number,
    issueDate: r.issue_date,
    total: r.total,
    recipientName: r.recipient_name,
    mhJson: r.mh_json,
    jws: r.jws,
    seal: r.seal,
    sealedAt: r.sealed_at?.toISOString() ?? null,
    updatedAt: r.updated_at.toISOString(),
    verifiedAt: r.verified_at,
  };
}

const wire = (d: IngestDocument & { verifiedAt?: unknown; stationId?: unknown }): IngestDocument => {
  const { verifiedAt: _v, stationId: _s, ...rest } = d;
  return rest;
};

const stored = async (id: string) =>
  (await world.db.q.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** A station's own approved FC, at the hub. */
async function approvedFc(s: HubStation, id = randomUUID()): Promise<string> {
  const fc = s.core.dtes.create('FC', today(fcBody(id)), 'test').record;
  await until(() => s.core.dtes.get(fc.id).status === 'APPROVED', 'the FC approved');
  await until(() => s.core.sync.status().hub.waiting === 0, 'the FC at the hub');
  return fc.id;
}

/** `d` as another document: a new id and control number in `point`, its MH JSON changed by `edit`, signed with `key`. */
function forged(
  d: IngestDocument,
  point: string,
  key: KeyObject | null,
  edit: (j: Record<string, unknown>) => void = () => {},
): IngestDocument {
  const id = randomUUID();
  const controlNumber = `DTE-01-${point}-${String(Math.floor(Math.random() * 1e14)).padStart(15, '0')}`;
  const mhJson = structuredClone(d.mhJson);
  const ident = mhJson.identificacion as Record<string, unknown>;
  ident.codigoGeneracion = id.toUpperCase();
  ident.numeroControl = controlNumber;
  edit(mhJson);
  // A seal of its own: a copy of the real one's is refused as SEAL_TAKEN before anything else is looked at.
  const seal = d.seal === null ? null : `2026${randomUUID().replace(/-/g, '').toUpperCase()}`.padEnd(40, '0');
  return { ...wire(d), id, controlNumber, mhJson, seal, jws: key ? signJson(mhJson, key) : 'not.a.signature' };
}

/**
 * A company key a compromised branch holds: one more of the company's certificates, uploaded by the ADMIN in
 * beforeAll (the stations' own keys stay inside their cores).
 */
const companyKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyOf = (_s: HubStation) => companyKey.privateKey;

describe('the hub believes only what it can check', () => {
  it('stores a real station document, checked', async () => {
    const id = await approvedFc(m001);
    const d = await atHub(id);
    expect(d).toMatchObject({ stationId: 'M001-P001', status: 'APPROVED' });
    expect(d.verifiedAt).toBeInstanceOf(Date);
    expect(m001.core.sync.status().hub.refused).toBe(0);
  }, 30_000);

  it("refuses another branch's control number, even signed with the company key", async () => {
    const real = await atHub(await approvedFc(m001));
    // The review's forgery: M002's block, APPROVED, a fake seal, no signature, 999,999.99.
    const review = { ...forged(real, 'M002P001', null), seal: 'FAKESEAL0000', total: '999999.99' };
    const signed = forged(real, 'M002P001', keyOf(m001));
    for (const f of [review, signed]) {
      const r = await post(m001.token, [f]);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: 'DOCUMENT_REFUSED', reason: 'POINT_NOT_BOUND' });
      expect(String(r.body.detail)).toMatch(/M002P001 no es de este token/);
      expect(await stored(f.id)).toBe(false);
    }
  }, 30_000);

  it('refuses a bad JWS, a JWS of other content, a fake seal and a status going back', async () => {
    const real = await atHub(await approvedFc(m001));
    const cases: [IngestDocument, string][] = [
      [forged(real, 'M001P001', null), 'BAD_SIGNATURE'],
      // Another station's key is the company's too, but this one was signed with a key the hub does not hold.
      [forged(real, 'M001P001', generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey), 'BAD_SIGNATURE'],
      [
        { ...wire(real), mhJson: { ...real.mhJson, resumen: { ...(real.mhJson.resumen as object), totalPagar: 999999.99 } } },
        'PAYLOAD_MISMATCH',
      ],
      [{ ...forged(real, 'M001P001', keyOf(m001)), seal: 'FAKESEAL0000' }, 'BAD_SEAL'],
      [{ ...forged(real, 'M001P001', keyOf(m001)), seal: null }, 'BAD_SEAL'],
      [{ ...forged(real, 'M001P001', keyOf(m001)), kind: 'CCF' }, 'CONTROL_NUMBER'],
      [{ ...wire(real), status: 'PROCESSING', seal: null, updatedAt: new Date(Date.now() + 60_000).toISOString() }, 'STATUS_BACKWARDS'],
    ];
    for (const [doc, reason] of cases) {
      const r = await post(m001.token, [doc]);
      expect(r, reason).toMatchObject({ status: 422, body: { code: 'DOCUMENT_REFUSED', reason } });
    }
    // Nothing changed: the real one is as it was.
    expect(await atHub(real.id)).toEqual(real);
  }, 30_000);

  it('refuses a changed issuer, signed with the company key; the books are headed with the company set at the hub', async () => {
    const real = await atHub(await approvedFc(m001));
    const other = forged(real, 'M001P001', keyOf(m001), (j) => {
      j.emisor = { ...(j.emisor as object), nombre: 'EMPRESA FORJADA, S.A. DE C.V.', nit: '06140101001010' };
    });
    const r = await post(m001.token, [other]);
    expect(r).toMatchObject({ status: 422, body: { code: 'DOCUMENT_REFUSED', reason: 'ISSUER_MISMATCH' } });
    expect(await stored(other.id)).toBe(false);
    // A row with a forged issuer stored before the hub checked anything (kept by the table's owner, unchecked), newest
    // of all: the header still comes from the hub's company, never from a document.
    const legacy = forged(real, 'M001P001', null, (j) => {
      j.emisor = { ...(j.emisor as object), nombre: 'EMPRESA FORJADA, S.A. DE C.V.' };
      (j.identificacion as Record<string, unknown>).fecEmi = '2099-12-31';
    });
    await hubDocuments(world.db.q, systemClock).ingest((await world.hub.stations.get('M001-P001'))!, [
      { ...legacy, issueDate: '2099-12-31' },
    ]);
    const company = (await hubBooksSource(world.db.q)).company();
    expect(company).toMatchObject({ name: DEMO_STATION.company.name, nit: DEMO_STATION.company.nit, nrc: DEMO_STATION.company.nrc });
    await world.db.q.deleteFrom('documents').where('id', '=', legacy.id).execute();
  }, 30_000);

  it("a forged NC naming another branch's CCF is refused, and an unchecked one uses up no credit", async () => {
    const ccf = m001.core.dtes.create('CCF', today(ccfBody(randomUUID())), 'test').record;
    await until(() => m001.core.dtes.get(ccf.id).status === 'APPROVED', 'the CCF approved');
    await until(() => m001.core.sync.status().hub.waiting === 0, 'the CCF at the hub');
    const real = await atHub(ccf.id);
    // M002's token, an APPROVED NC on M001's CCF for its whole amount, not signed by the company.
    const nc = forged({ ...real, kind: 'NC' }, 'M002P001', null, (j) => {
      (j.identificacion as Record<string, unknown>).tipoDte = '05';
      j.documentoRelacionado = [
        { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ccf.id.toUpperCase(), fechaEmision: real.issueDate },
      ];
    });
    const ncDoc = { ...nc, kind: 'NC' as const, controlNumber: nc.controlNumber.replace('DTE-01', 'DTE-05') };
    (ncDoc.mhJson.identificacion as Record<string, unknown>).numeroControl = ncDoc.controlNumber;
    const r = await post(m002.token, [ncDoc]);
    expect(r).toMatchObject({ status: 422, body: { code: 'DOCUMENT_REFUSED', reason: 'BAD_SIGNATURE' } });
    // The same note stored unchecked (before migration 005): the hub does not count it for M001 or anyone.
    await hubDocuments(world.db.q, systemClock).ingest((await world.hub.stations.get('M002-P001'))!, [ncDoc]);
    const answer = await get<RelatedAnswer>(`/hub/v1/related/${ccf.id}`, m001.token);
    expect(answer.document?.id).toBe(ccf.id);
    expect(answer.notes).toEqual([]);
    // So M001 still credits its own sale: a real NC of 8 reams is issued and sealed.
    const body = today(ncBody(randomUUID(), ccf.id));
    const note = { ...body, items: [{ ...(body.items as Record<string, unknown>[])[0], quantity: 8 }] };
    const mine = m001.core.dtes.create('NC', note, 'test', undefined, await m001.core.dtes.relatedAtHub('NC', note));
    await until(() => m001.core.dtes.get(mine.record.id).status === 'APPROVED', 'the real NC approved');
    await world.db.q.deleteFrom('documents').where('id', '=', ncDoc.id).execute();
  }, 45_000);

  it('a forged id sent first does not park the real document, checked or stored unchecked', async () => {
    for (const firstStored of [false, true]) {
      const id = randomUUID();
      const template = await atHub(await approvedFc(m002));
      const claim = { ...forged(template, 'M002P001', null), id };
      (claim.mhJson.identificacion as Record<string, unknown>).codigoGeneracion = id.toUpperCase();
      if (firstStored) await hubDocuments(world.db.q, systemClock).ingest((await world.hub.stations.get('M002-P001'))!, [claim]);
      else expect(await post(m002.token, [claim])).toMatchObject({ status: 422, body: { reason: 'BAD_SIGNATURE' } });
      // M001 issues the real document with that id: it reaches the hub as M001's, nothing parked.
      await approvedFc(m001, id);
      const real = await atHub(id);
      expect(real.stationId).toBe('M001-P001');
      expect(real.controlNumber).toMatch(/^DTE-01-M001P001-/);
      expect((await atHub(id)).verifiedAt).toBeInstanceOf(Date);
      expect(m001.core.sync.status().hub.refused).toBe(0);
      // And now that the real one is checked, the forgery is refused as ID_TAKEN.
      expect(await post(m002.token, [{ ...claim, jws: signJson(claim.mhJson, keyOf(m002)) }])).toMatchObject({
        status: 422,
        body: { reason: 'ID_TAKEN' },
      });
    }
  }, 60_000);

  it('a station whose token is bound to another point parks its documents; the health page says which and why', async () => {
    await world.hub.stationAdmin.revoke('M003-P001', (await world.hub.stationAdmin.tokens('M003-P001'))[0]!.id);
    const { token, points } = await world.hub.tokens.create('M003-P001', ['M009P001']);
    expect(points).toEqual(['M009P001']);
    m003.core.configure({ ...DEMO_STATION, branch: { ...DEMO_STATION.branch, mhCode: 'M003' }, hub: { url: world.url(), token } }, 'test');
    const fc = m003.core.dtes.create('FC', today(fcBody(randomUUID())), 'test').record;
    await until(() => m003.core.sync.status().hub.refused > 0, 'the FC parked', 20_000);
    expect(m003.core.sync.status().hub.lastRefusal).toMatch(/M003P001 no es de este token/);
    expect(await stored(fc.id)).toBe(false);
    const health = await get<HubHealth>('/hub/v1/health', admin);
    const row = health.stations.find((s) => s.station.id === 'M003-P001')!;
    expect(row.alerts[0]).toMatchObject({ code: 'DOCUMENTS_REFUSED', severity: 'critical' });
    expect(row.refused?.count).toBeGreaterThanOrEqual(1);
    expect(row.refused?.latest.map((l) => l.reason)).toContain('POINT_NOT_BOUND');
    expect(row.refused?.latest.map((l) => l.documentId)).toContain(fc.id);
    // The forgeries M001 and M002 sent above are on the page too, each under its station.
    const m002row = health.stations.find((s) => s.station.id === 'M002-P001')!;
    expect(m002row.alerts.map((a) => a.code)).toContain('DOCUMENTS_REFUSED');
  }, 45_000);

  it('until an ADMIN sets the company nothing is stored unchecked: a 503 the station retries, then it goes in', async () => {
    const real = await atHub(await approvedFc(m001));
    await world.db.q.deleteFrom('hub_company').execute();
    const next = forged(real, 'M001P001', keyOf(m001));
    const r = await post(m001.token, [next]);
    expect(r).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
    expect(String(r.body.detail)).toMatch(/administrador debe registrar la empresa/);
    expect(await stored(next.id)).toBe(false);
    // The ADMIN sets it over HTTP; the same document is then accepted.
    const put = await fetch(`${world.url()}/hub/v1/company`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ nit: DEMO_STATION.company.nit, nrc: DEMO_STATION.company.nrc, name: DEMO_STATION.company.name }),
    });
    expect(put.status).toBe(200);
    expect(await post(m001.token, [next])).toMatchObject({ status: 200, body: { accepted: 1 } });
  }, 30_000);
});
