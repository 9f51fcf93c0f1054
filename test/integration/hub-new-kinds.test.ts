// MH's four other kinds at the hub (issue 57 part H, docs/decisions/0085-eleven-kinds-plumbing.md): a station under
// each normative issues an NR, a CL, a DCL and a CD, sealed by its simulator (which judges the 2026 ones with MH's
// v2 schemas) and replicated to a real hub on a private PostgreSQL. The hub checks and stores each, lists it with its
// kind and draws its PDF; it refuses a CD whose issuer number is not the company's NIT and an NR whose JSON is not the
// one signed; it accepts an NR's and a CD's invalidation, its anulados annex lists the NR and names the CD as a
// warning (MH's annex has no tipo 15), and no sales annex holds the new kinds
// (docs/decisions/0013-iva-books-and-annexes.md, "MH's other four kinds").
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJson } from '../../main/core/signing/jws';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { HubDocumentPage } from '../../main/hub/documents-list';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { MH_TYPE, type DteKind } from '../../shared/contract/kinds';
import type { MonthBooks } from '../../shared/books';
import type { Normative } from '../../shared/normative';
import { todayBody } from '../fixtures/bodies';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { pdfText } from '../support/pdf';
import { startHubWorld, until, type HubStation, type HubWorld } from '../support/hub-stations';

const NEW_KINDS = ['NR', 'CL', 'DCL', 'CD'] as const satisfies readonly DteKind[];
type NewKind = (typeof NEW_KINDS)[number];
const VERSION: Record<Normative, Record<NewKind, number>> = {
  legacy: { NR: 3, CL: 1, DCL: 1, CD: 1 },
  '2026': { NR: 4, CL: 2, DCL: 2, CD: 2 },
};
const TITLE: Record<NewKind, string> = {
  NR: 'NOTA DE REMISIÓN',
  CL: 'COMPROBANTE DE LIQUIDACIÓN',
  DCL: 'DOCUMENTO CONTABLE DE LIQUIDACIÓN',
  CD: 'COMPROBANTE DE DONACIÓN',
};

let world: HubWorld;
const station: Partial<Record<Normative, HubStation>> = {};
/** The documents each station issued, by kind. */
const issued: Record<Normative, Partial<Record<NewKind, string>>> = { legacy: {}, '2026': {} };
let admin = '';
const companyKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  world = await startHubWorld(['M001', 'M002'], { schemasV2Dir: SCHEMA_DIR_V2 });
  const [m001, m002] = world.stations as [HubStation, HubStation];
  station.legacy = m001;
  station['2026'] = m002;
  // The 2026 normative needs the company's district (main/core/dte/mh/direccion-v2.ts).
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  m002.core.configure(
    {
      ...DEMO_STATION,
      company,
      branch: { ...DEMO_STATION.branch, mhCode: 'M002' },
      hub: { url: world.url(), token: m002.token },
    },
    'test',
  );
  m002.core.normative.set({ current: '2026' }, 'test');
  await world.hub.people.create({ login: 'jefa', name: 'Jefa', role: 'ADMIN', password: 'clave-jefa-12345' });
  const res = await fetch(`${world.url()}/hub/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'jefa', password: 'clave-jefa-12345' }),
  });
  admin = ((await res.json()) as { token: string }).token;
  // A company key the hub holds, to sign the forgeries below as a compromised branch could.
  await world.hub.certificates.add(companyKey.publicKey.export({ format: 'pem', type: 'spki' }).toString(), 'test');

  for (const normative of ['legacy', '2026'] as const) {
    const s = station[normative]!;
    for (const kind of NEW_KINDS) {
      // Issued today, at this station's own branch (the fixtures name M001).
      const body = { ...todayBody(kind, randomUUID(), null), branchOffice: undefined };
      issued[normative][kind] = s.core.dtes.create(kind, body, 'test').record.id;
    }
    await until(
      () => NEW_KINDS.every((k) => s.core.dtes.get(issued[normative][k]!).status === 'APPROVED'),
      `the ${normative} documents sealed`,
      30_000,
    );
    await until(() => s.core.sync.status().hub.waiting === 0, `the ${normative} documents at the hub`, 30_000);
  }
}, 120_000);
afterAll(async () => {
  await world?.close();
});

async function get(path: string): Promise<Response> {
  return fetch(`${world.url()}${path}`, { headers: { authorization: `Bearer ${admin}` } });
}

async function post(token: string, documents: unknown[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${world.url()}/hub/v1/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ documents }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A document as the hub holds it, in the shape a station sends. */
async function atHub(id: string): Promise<IngestDocument & { verifiedAt: Date | null; invalidatedOn: string | null }> {
  const r = await world.db.q.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    id: r.id,
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
    invalidatedOn: r.invalidated_on,
  };
}

const stored = async (id: string) =>
  (await world.db.q.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** `d` as another document of its point (a new id, number and seal), its MH JSON changed by `edit`, signed with the company key. */
function forged(d: IngestDocument, edit: (j: Record<string, unknown>) => void): IngestDocument {
  const id = randomUUID();
  const controlNumber = d.controlNumber.replace(/\d{15}$/, String(Math.floor(Math.random() * 1e14)).padStart(15, '0'));
  const mhJson = structuredClone(d.mhJson);
  const ident = mhJson.identificacion as Record<string, unknown>;
  ident.codigoGeneracion = id.toUpperCase();
  ident.numeroControl = controlNumber;
  edit(mhJson);
  const seal = `2026${randomUUID().replace(/-/g, '').toUpperCase()}`.padEnd(40, '0');
  const { id: _i, controlNumber: _c, mhJson: _j, seal: _s, jws: _w, ...rest } = d;
  return { ...rest, id, controlNumber, mhJson, seal, jws: signJson(mhJson, companyKey.privateKey) };
}

describe.each(['legacy', '2026'] as const)('the %s normative: the hub takes the four kinds', (normative) => {
  it('checks and stores each, with its kind and its version, none refused', async () => {
    const s = station[normative]!;
    expect(s.core.sync.status().hub.refused).toBe(0);
    for (const kind of NEW_KINDS) {
      const d = await atHub(issued[normative][kind]!);
      expect(d, kind).toMatchObject({ kind, version: VERSION[normative][kind], status: 'APPROVED' });
      expect(d.verifiedAt, kind).toBeInstanceOf(Date);
      expect(d.controlNumber, kind).toMatch(new RegExp(`^DTE-${MH_TYPE[kind]}-${s.branch}P001-`));
    }
  });

  it('lists each under its kind, and serves its PDF with its title, number and seal', async () => {
    const s = station[normative]!;
    for (const kind of NEW_KINDS) {
      const id = issued[normative][kind]!;
      const list = await get(`/hub/v1/documents?kind=${kind}&branch=${s.branch}`);
      expect(list.status, kind).toBe(200);
      const page = (await list.json()) as HubDocumentPage;
      expect(
        page.documents.map((x) => [x.id, x.kind]),
        kind,
      ).toEqual([[id, kind]]);
      const pdf = await get(`/hub/v1/documents/${id}/pdf`);
      expect(pdf.status, kind).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
      const d = await atHub(id);
      for (const expected of [TITLE[kind], d.controlNumber, d.seal!]) expect(text, `${kind}: ${expected}`).toContain(expected);
    }
  });

  it("refuses a CD whose issuer number is not the company's NIT, and an NR whose JSON is not the one signed", async () => {
    const s = station[normative]!;
    const cd = await atHub(issued[normative].CD!);
    const issuerAt = normative === 'legacy' ? 'donatario' : 'emisor';
    const otherIssuer = forged(cd, (j) => {
      j[issuerAt] = { ...(j[issuerAt] as object), numDocumento: '06149999999999' };
    });
    const nr = await atHub(issued[normative].NR!);
    const changed = forged(nr, () => {});
    changed.mhJson = { ...changed.mhJson, resumen: { ...(changed.mhJson.resumen as object), montoTotalOperacion: 999999.99 } };
    for (const [doc, reason] of [
      [otherIssuer, 'ISSUER_MISMATCH'],
      [changed, 'PAYLOAD_MISMATCH'],
    ] as const) {
      const r = await post(s.token, [doc]);
      expect(r, reason).toMatchObject({ status: 422, body: { code: 'DOCUMENT_REFUSED', reason } });
      expect(await stored(doc.id), reason).toBe(false);
    }
    // The same CD with the company's NIT passes: the refusal is the issuer's number, not the forgery's other parts.
    const fine = forged(cd, () => {});
    expect((await post(s.token, [fine])).status).toBe(200);
    await world.db.q.deleteFrom('documents').where('id', '=', fine.id).execute();
  });

  it("accepts the NR's and the CD's invalidations; the anulados annex lists the NR (tipo 04) and names the CD, no sales annex holds the new kinds", async () => {
    const s = station[normative]!;
    const id = issued[normative].NR!;
    await s.core.dtes.invalidate({ dteId: id, reason: 'Traslado cancelado por la sucursal' }, 'test');
    expect(s.core.dtes.get(id).status).toBe('INVALIDATED');
    // And a CD: MH's anulados annex has no tipo 15, so it is named to the accountant instead of written.
    const cdId = issued[normative].CD!;
    await s.core.dtes.invalidate({ dteId: cdId, reason: 'Donación devuelta al donante' }, 'test');
    expect(s.core.dtes.get(cdId).status).toBe('INVALIDATED');
    for (const x of [id, cdId])
      await until(async () => (await atHub(x)).invalidatedOn !== null, 'the verified invalidations at the hub', 30_000);
    expect(s.core.sync.status().hub.refused).toBe(0);
    const nr = await atHub(id);
    const cd = await atHub(cdId);
    const month = nr.issueDate.slice(0, 7);
    const point = `${s.branch}P001`;
    const annulled = await get(`/hub/v1/annexes/anulados?month=${month}&point=${point}`);
    expect(annulled.status).toBe(200);
    const body = await annulled.text();
    const rows = body.split(/\r?\n/).filter((l) => l.includes(nr.controlNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.split(';')[4]).toBe('04');
    expect(body).not.toContain(cd.controlNumber);
    expect(body).not.toContain(cd.id.replace(/-/g, '').toUpperCase());
    const books = await get(`/hub/v1/books?month=${month}&point=${point}`);
    expect(books.status).toBe(200);
    const summary = ((await books.json()) as MonthBooks).annexes.find((a) => a.annex === 'anulados')!;
    expect(summary.rows).toBe(1);
    expect(summary.problems.filter((p) => p.message.includes(cd.controlNumber))).toMatchObject([{ severity: 'warning' }]);
    for (const annex of ['1', '2'] as const) {
      const res = await get(`/hub/v1/annexes/${annex}?month=${month}&point=${point}`);
      expect(res.status, annex).toBe(200);
      const text = await res.text();
      for (const kind of NEW_KINDS) {
        const d = await atHub(issued[normative][kind]!);
        expect(text, `${annex} ${kind}`).not.toContain(d.controlNumber);
        expect(text, `${annex} ${kind}`).not.toContain(d.id.replace(/-/g, '').toUpperCase());
      }
    }
  });
});
