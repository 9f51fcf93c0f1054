// Catalogs per normative through the real HTTP server and the MH simulator, which judges every code by the
// document's normative (docs/decisions/0086-catalogs-per-normative.md): an FC paid with vales (06) is a 422
// naming the field and the normative under 2026 and nothing is numbered; under the legacy normative the same FC
// is sealed. A scheduled switch changes what is accepted on the instant it takes effect, and a FEX under 2026
// writes the 2026 transport and régimen codes MH seals.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signJson } from '../../main/core/signing/jws';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { fcBody, fexBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { stationCatalogProblems } from '../../main/core/station/normative-checks';

/** The ER's JSON as signed (the returns table's owner keeps it; read here as an auditor would). */
function returnJson(id: string): string {
  const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
  try {
    return (db.prepare('SELECT mh_json FROM returns WHERE id = ?').get(id) as { mh_json: string }).mh_json;
  } finally {
    db.close();
  }
}

type Problem = { status: number; detail: string; errors: { path: string; code: string; message: string }[] };

const clock = fixedClock('2026-11-23T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `58000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const pos = { 'x-api-key': DEMO_KEY };

beforeEach(async () => {
  clock.set('2026-11-23T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterEach(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

/** An FC of $22.60 ($20 and its IVA) paid half in cash, half with `method`. */
function paidWith(method: string): Record<string, unknown> {
  const body = { ...fcBody(newId()), generatedAt: undefined, itemsNoGrav: undefined, discountGrav: undefined };
  return {
    ...body,
    items: [{ type: 'BIENES', description: 'Canasta navideña', quantity: 1, unitMeasure: 'UNIDAD', unitPrice: 20, saleType: 'GRAVADA' }],
    payments: [
      { method: '01', amount: 11.3 },
      { method, amount: 11.3, reference: 'VALE-2211' },
    ],
  };
}
const issue = (kind: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/dte/${kind.toLowerCase()}`, headers: pos, payload });
const count = () => core.dtes.list({}).items.length;

describe('a payment method the normative in force lacks', () => {
  it('under 2026, an FC paid with 06 (vales) is a 422 naming the field and the normative; nothing is numbered', async () => {
    core.normative.set({ current: '2026' }, 'test');
    for (const method of ['06', '10']) {
      const res = await issue('FC', paidWith(method));
      expect(res.statusCode, res.body).toBe(422);
      const problem = res.json<Problem>();
      expect(problem.errors.map((e) => [e.path, e.code])).toEqual([['payments.1.method', 'UNKNOWN_CODE']]);
      expect(problem.errors[0]!.message).toContain(`El código ${method} no existe en el catálogo CAT-017 de la normativa 2026`);
    }
    expect(count()).toBe(0);
    // The next FC takes the first number: the refusals spent none.
    const ok = await issue('FC', paidWith('02'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ controlNumber: string }>().controlNumber).toMatch(/-000000000000001$/);
    await core.sync.runOnce();
    expect(core.dtes.get(ok.json<{ id: string }>().id).status).toBe('APPROVED');
  });

  it('under the legacy normative the same FC is sealed by MH', async () => {
    const res = await issue('FC', paidWith('06'));
    expect(res.statusCode, res.body).toBe(201);
    const { id, version } = res.json<{ id: string; version: number }>();
    expect(version).toBe(1);
    await core.sync.runOnce();
    expect(core.dtes.get(id).status).toBe('APPROVED');
    expect((core.dtes.signedJson(id) as { resumen: { pagos: { codigo: string }[] } }).resumen.pagos.map((p) => p.codigo)).toEqual([
      '01',
      '06',
    ]);
  });

  it('a scheduled switch refuses 06 from the instant it takes effect, not before', async () => {
    core.normative.set({ current: 'legacy', switchAt: '2026-11-24T00:00:00-06:00' }, 'test');
    expect((await issue('FC', paidWith('06'))).statusCode).toBe(201);
    clock.set('2026-11-24T06:00:01Z');
    const after = await issue('FC', paidWith('06'));
    expect(after.statusCode, after.body).toBe(422);
    expect(after.json<Problem>().errors[0]!.message).toContain('normativa 2026');
  });

  it('the simulator refuses over HTTP a signed v2.0 FC that carries 06, naming the field', async () => {
    core.normative.set({ current: '2026' }, 'test');
    const { id } = (await issue('FC', paidWith('02'))).json<{ id: string }>();
    await core.sync.runOnce();
    // The station never signs such a document: another issuer's key signs it, as a program without the check would.
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const nit = '06140101001010';
    sim.registerKey(nit, publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
    const auth = await fetch(`${sim.url}/seguridad/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: nit, pwd: 'demo' }).toString(),
    });
    const token = ((await auth.json()) as { body: { token: string } }).body.token;
    const send = async (method: string, seq: number) => {
      const version = 2;
      // What MH gave back (the signature, the seal) is not part of a document sent to it.
      const { firmaElectronica: _signature, selloRecibido: _seal, ...sealed } = core.dtes.signedJson(id);
      const doc = structuredClone(sealed) as {
        identificacion: Record<string, unknown>;
        emisor: { nit: string };
        resumen: { pagos: { codigo: string }[] };
      };
      const code = randomUUID().toUpperCase();
      doc.identificacion = {
        ...doc.identificacion,
        version,
        codigoGeneracion: code,
        numeroControl: `DTE-01-M001P001-${String(900 + seq).padStart(15, '0')}`,
      };
      doc.emisor.nit = nit;
      doc.resumen.pagos[1]!.codigo = method;
      const res = await fetch(`${sim.url}/fesv/recepciondte`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({
          ambiente: '00',
          idEnvio: seq,
          version,
          tipoDte: '01',
          documento: signJson(doc, privateKey),
          codigoGeneracion: code,
        }),
      });
      return (await res.json()) as { estado: string; observaciones: string[] };
    };
    const refused = await send('06', 1);
    expect(refused.estado, JSON.stringify(refused)).toBe('RECHAZADO');
    expect(refused.observaciones).toContain('[resumen.pagos[1].codigo] 06 NO EXISTE EN EL CATALOGO CAT-017');
    // The same document paid by transfer (05) is sealed: the code alone made the difference.
    expect((await send('05', 2)).estado).toBe('PROCESADO');
  });
});

describe('the other changed catalogs, under 2026', () => {
  it('a unit and an INCOTERM 2026 dropped are refused by field; a maritime export is sealed with 2026’s codes', async () => {
    core.normative.set({ current: '2026' }, 'test');
    const base: Record<string, unknown> = { ...fexBody(newId()), generatedAt: undefined };
    const refused = await issue('FEX', {
      ...base,
      items: [{ description: 'Terreno, manzana', quantity: 1, unitMeasure: 'MANZANA', unitPrice: 100 }],
      incoterms: 'DDU',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<Problem>().errors.map((e) => e.path)).toEqual(['items.0.unitMeasure', 'incoterms']);
    expect(count()).toBe(0);

    const maritime = {
      ...base,
      attachments: [{ code: 'TRANSPORTE', driver: { ...(base.attachments as { driver: object }[])[0]!.driver, transport: 'MARITIMO' } }],
      taxRegimen: 'EX-2.2100.065',
    };
    const res = await issue('FEX', maritime);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    await core.sync.runOnce();
    expect(core.dtes.get(id).status).toBe('APPROVED');
    const mh = core.dtes.signedJson(id) as { emisor: Record<string, unknown>; otrosDocumentos: { modoTransp: number }[] };
    // 2026's CAT-030: 3 is marítimo (2 in the legacy catalog); the régimen split into CAT-033 and CAT-028.
    expect(mh.otrosDocumentos[0]!.modoTransp).toBe(3);
    expect(mh.emisor).toMatchObject({ tipoRegimen: 'EX-2', regimen: '2100.065' });
  });

  it('the legacy normative refuses what only 2026 has: a régimen, an enclosure, a country without a CAT-020 code', async () => {
    const res = await issue('FEX', {
      ...fexBody(newId()),
      generatedAt: undefined,
      taxRegimen: 'EX-2.2100.065',
      taxArea: '85',
      recipient: { ...(fexBody('x').recipient as object), country: 'SS' },
    });
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json<Problem>().errors;
    expect(errors.map((e) => e.path).sort()).toEqual(['recipient.country', 'taxArea', 'taxRegimen']);
    expect(errors.every((e) => e.message.includes('de la normativa anterior'))).toBe(true);
  });
});

describe('products whose unit 2026 lacks', () => {
  it('are named in the sync status while 2026 is ahead and once it is in force, until a supervisor changes them', async () => {
    const alert = () => core.sync.status().alerts.find((a) => a.code === 'units_off_catalog');
    const product = core.products.create(
      {
        code: 'TER-001',
        description: 'Terreno por manzana',
        unitMeasure: 'MANZANA',
        itemType: 'BIENES',
        saleType: 'GRAVADA',
        shelfPrice: '100.00',
      },
      'user:supervisor',
    );
    // Nothing to say under the legacy normative with nothing scheduled.
    expect(alert()).toBeUndefined();
    core.normative.set({ current: 'legacy', switchAt: '2026-11-24T00:00:00-06:00' }, 'test');
    expect(alert()).toMatchObject({ level: 'warning', message: expect.stringContaining('(MANZANA); desde el 24/11/2026') as unknown });
    clock.set('2026-11-24T06:00:01Z');
    expect(alert()?.message).toBe('1 producto activo usa una unidad que la normativa 2026 no tiene (MANZANA): su venta se rechaza.');
    // And the counter's sale of it is refused naming the line's unit, as the alert said.
    const sale = await issue('FC', {
      ...paidWith('01'),
      items: [{ type: 'BIENES', description: 'Terreno', quantity: 1, unitMeasure: 'MANZANA', unitPrice: 20, saleType: 'GRAVADA' }],
    });
    expect(sale.json<Problem>().errors.map((e) => e.path)).toEqual(['items.0.unitMeasure']);
    core.products.update(
      product.id,
      {
        code: product.code,
        description: product.description,
        unitMeasure: 'OTRA',
        itemType: 'BIENES',
        saleType: 'GRAVADA',
        shelfPrice: '100.00',
      },
      'user:supervisor',
    );
    expect(alert()).toBeUndefined();
  });
});

describe('an Evento de Retorno (2026) of a legacy export', () => {
  it('writes the 2026 codes of what it copies, and MH seals it', async () => {
    const legacy = await issue('FEX', {
      ...fexBody(newId()),
      generatedAt: undefined,
      recipient: { ...(fexBody('x').recipient as object), country: 'GT' },
      items: [{ description: 'Tela por vara', quantity: 40, unitMeasure: 'VARA', unitPrice: 6.85 }],
    });
    expect(legacy.statusCode, legacy.body).toBe(201);
    const { id } = legacy.json<{ id: string }>();
    await core.sync.runOnce();
    expect(core.dtes.get(id).status).toBe('APPROVED');
    const sealed = core.dtes.signedJson(id) as { receptor: { codPais: string }; emisor: { regimen: string } };
    expect([sealed.receptor.codPais, sealed.emisor.regimen]).toEqual(['9483', 'EX-1.1000.000']);

    core.normative.set({ current: '2026' }, 'test');
    const res = await app.inject({
      method: 'POST',
      url: '/dte/return',
      headers: pos,
      payload: { lines: [{ dteId: id, item: 1, quantity: 2 }], reason: 'Tela con defecto de fábrica' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await core.sync.runOnce();
    const [made] = core.returns.ofDocument(id).events;
    expect(made?.status, JSON.stringify(made?.mhResponse)).toBe('APPROVED');
    const er = JSON.parse(returnJson(made!.id)) as {
      emisor: Record<string, unknown>;
      documento: { codPais: string };
      cuerpoDocumento: { uniMedida: number }[];
    };
    // Guatemala in ISO, the régimen split, vara (3) as otra (99): what the 2026 catalogs hold.
    expect(er.documento.codPais).toBe('GT');
    expect(er.emisor).toMatchObject({ tipoRegimen: 'EX-1', regimen: '1000.000' });
    expect(er.cuerpoDocumento.map((l) => l.uniMedida)).toEqual([99]);
  });
});

describe('the station’s own activity', () => {
  it('is refused under a normative whose CAT-019 lacks it: 10006 (Comerciante) exists in 2026 only', () => {
    const company = { ...core.station().company, economicActivity: '10006' };
    const attempt = (mhNormative: Record<string, unknown>) => {
      try {
        core.normative.set(mhNormative, 'test');
        return stationCatalogProblems({ company }, core.station().mhNormative).map((e) => e.path);
      } finally {
        core.normative.set({ current: 'legacy' }, 'test');
      }
    };
    expect(attempt({ current: 'legacy' })).toEqual(['company.economicActivity']);
    expect(attempt({ current: '2026' })).toEqual([]);
    expect(attempt({ current: '2026', switchAt: '2027-01-01T00:00:00-06:00' })).toEqual(['company.economicActivity']);
  });
});
