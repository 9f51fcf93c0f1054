// GET /catalogs and GET /catalogs/{name} on a real server (docs/decisions/0076-fields-said-in-two-languages.md): each
// catalog answers a POS with its key, lists exactly the codes the contract accepts under the normative asked for
// (tried one by one against the schemas and that normative's catalogs, docs/decisions/0086-catalogs-per-normative.md),
// lists the normative in force when none is asked for, and an unknown name or a misplaced filter is a problem naming it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { CREATE_SCHEMAS, DTE_KINDS, ID_TYPES, INVALIDATION_TYPES, validate, type FieldError } from '../../shared/contract';
import { ANY_FISCAL_ENCLOSURES, ANY_REGIMES, COUNTRIES, TAXES, UNIT_KEYS } from '../../shared/catalogs';
import { catalogErrors } from '../../shared/contract/catalog-fields';
import { NORMATIVES, type Normative } from '../../shared/normative';
import { CATALOG_NAMES, type CatalogItem, type CatalogListing } from '../../shared/catalogs/lists';
import { ccfBody, fcBody, fexBody } from '../fixtures/bodies';
import { DEMO_KEY, testCore } from '../support/core';

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
const headers = { 'x-api-version': '1', 'x-api-key': DEMO_KEY };
const listings = new Map<string, CatalogListing>();

beforeAll(async () => {
  core = testCore();
  app = await buildHttpServer(core, { logger: silentLogger });
  for (const normative of NORMATIVES)
    for (const name of CATALOG_NAMES) {
      const res = await app.inject({ method: 'GET', url: `/catalogs/${name}?normative=${normative}`, headers });
      expect(res.statusCode, name).toBe(200);
      listings.set(`${normative}/${name}`, res.json());
    }
});
afterAll(async () => {
  await app.close();
  core.cleanup();
});

/** The normative the listings below are read under (each describe.each sets it). */
let under: Normative = 'legacy';
const entries = (name: string): CatalogItem[] => listings.get(`${under}/${name}`)!.entries;
const codes = (name: string): string[] =>
  entries(name)
    .map((e) => e.code)
    .sort();
const twoDigits = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const ID = '5f0c3a1e-2b4d-4c6e-8f0a-1b2c3d4e5f60';

/** The field errors at `path` when `body` is checked as a `kind`, by the schema then by the normative's catalogs. */
function errorsAt(kind: keyof typeof CREATE_SCHEMAS, body: unknown, path: string): FieldError[] {
  const r = validate(CREATE_SCHEMAS[kind], body);
  return (r.ok ? catalogErrors(r.value, under) : r.errors).filter((e) => e.path === path);
}
/** The fixture FC's first line, whose unit is tried. */
const firstItem = (fcBody(ID).items as Record<string, unknown>[])[0]!;
const accepted = (kind: keyof typeof CREATE_SCHEMAS, body: unknown, path: string) => errorsAt(kind, body, path).length === 0;

function fcWithAddress(address: Record<string, string>) {
  const body = fcBody(ID);
  return { ...body, recipient: { ...(body.recipient as object), address: { ...address, complement: 'Calle Principal 123' } } };
}

describe('GET /catalogs', () => {
  it('names every catalog, with its MH number and the fields that take it, to a POS with its key', async () => {
    const res = await app.inject({ method: 'GET', url: '/catalogs', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ catalogs: { name: string; mhCatalog: string; fields: string[] }[] }>();
    expect(body.catalogs.map((c) => c.name)).toEqual([...CATALOG_NAMES]);
    expect(body.catalogs.find((c) => c.name === 'activity')).toMatchObject({ mhCatalog: 'CAT-019' });
    for (const c of body.catalogs) expect(c.fields.length, c.name).toBeGreaterThan(0);
  });

  it('answers nobody without a key or a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/catalogs/activity', headers: { 'x-api-version': '1' } })).statusCode).toBe(401);
  });

  it('answers an unknown name 404, naming it and the names there are', async () => {
    const res = await app.inject({ method: 'GET', url: '/catalogs/colores', headers });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json<{ detail: string }>().detail).toContain('colores');
    expect(res.json<{ detail: string }>().detail).toContain('municipality');
  });

  it('narrows municipalities and districts by department, and refuses the filter elsewhere or malformed (422 naming it)', async () => {
    const res = await app.inject({ method: 'GET', url: '/catalogs/municipality?department=06', headers });
    const listing = res.json<CatalogListing>();
    expect(listing.entries.length).toBeGreaterThan(0);
    expect(listing.entries.every((e) => e.department === '06')).toBe(true);
    expect(listing.entries.map((e) => e.name)).toContain('SAN SALVADOR CENTRO');
    for (const url of ['/catalogs/activity?department=06', '/catalogs/municipality?department=6']) {
      const bad = await app.inject({ method: 'GET', url, headers });
      expect(bad.statusCode, url).toBe(422);
      expect(bad.json<{ errors: FieldError[] }>().errors.map((e) => e.path)).toEqual(['department']);
    }
    // A department CAT-012 lacks is refused, not answered with an empty list a POS could believe.
    for (const url of ['/catalogs/municipality?department=99', '/catalogs/district?department=00']) {
      const bad = await app.inject({ method: 'GET', url, headers });
      expect(bad.statusCode, url).toBe(422);
      expect(bad.json<{ errors: FieldError[] }>().errors.map((e) => [e.path, e.code])).toEqual([['department', 'UNKNOWN_CODE']]);
    }
  });
});

describe('without a normative, the codes of the one in force', () => {
  it('lists the legacy payment methods, then the 2026 ones once 2026 is in force; a bad normative is a 422', async () => {
    const methods = async () => {
      const res = await app.inject({ method: 'GET', url: '/catalogs/payment-method', headers });
      const listing = res.json<CatalogListing>();
      return [listing.normative, listing.entries.map((e) => e.code).includes('06')];
    };
    expect(await methods()).toEqual(['legacy', true]);
    core.normative.set({ current: '2026' }, 'test');
    try {
      expect(await methods()).toEqual(['2026', false]);
    } finally {
      core.normative.set({ current: 'legacy' }, 'test');
    }
    const bad = await app.inject({ method: 'GET', url: '/catalogs/payment-method?normative=2027', headers });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: FieldError[] }>().errors.map((e) => e.path)).toEqual(['normative']);
  });
});

describe.each(NORMATIVES)('each catalog lists exactly the codes the contract accepts under the %s normative', (normative) => {
  beforeAll(() => {
    under = normative;
  });

  it('activity (CAT-019): every listed code passes, an unlisted one does not', () => {
    const body = (activity: string) => ({
      ...ccfBody(ID),
      recipient: { ...(ccfBody(ID).recipient as object), economicActivity: activity },
    });
    for (const code of codes('activity')) expect(accepted('CCF', body(code), 'recipient.economicActivity'), code).toBe(true);
    expect(accepted('CCF', body('99999'), 'recipient.economicActivity')).toBe(false);
    expect(entries('activity').find((e) => e.code === '46900')?.name).toMatch(/^Venta/);
  });

  it('department (CAT-012) and municipality (CAT-013): tried for every two digits', () => {
    const departments = twoDigits.filter((d) =>
      accepted('FC', fcWithAddress({ department: d, municipality: '01' }), 'recipient.address.department'),
    );
    expect(departments).toEqual(codes('department'));
    for (const d of departments) {
      const taken = twoDigits.filter((m) =>
        accepted('FC', fcWithAddress({ department: d, municipality: m }), 'recipient.address.municipality'),
      );
      const listed = entries('municipality')
        .filter((e) => e.department === d)
        .map((e) => e.code)
        .sort();
      expect(taken, `department ${d}`).toEqual(listed);
    }
  });

  it('district (CAT-008): each listed district passes with its 2024 municipality; none passes under another', () => {
    for (const e of entries('district')) {
      expect(
        accepted(
          'FC',
          fcWithAddress({ department: e.department!, municipality: e.municipality!, district: e.code }),
          'recipient.address.district',
        ),
        e.name,
      ).toBe(true);
    }
    const sanSalvadorCentro = entries('district')
      .filter((e) => e.department === '06' && e.municipality === '14')
      .map((e) => e.code);
    const other = entries('district').find((e) => e.department === '06' && !sanSalvadorCentro.includes(e.code))!;
    expect(
      accepted('FC', fcWithAddress({ department: '06', municipality: '14', district: other.code }), 'recipient.address.district'),
    ).toBe(false);
  });

  it('payment-method (CAT-017): tried for every two digits', () => {
    const body = (method: string) => ({ ...fcBody(ID), payments: [{ method, amount: 10 }] });
    expect(twoDigits.filter((m) => accepted('FC', body(m), 'payments.0.method'))).toEqual(codes('payment-method'));
  });

  it('unit-measure (CAT-014): the contract enum, with MH numbers', () => {
    const units = [...UNIT_KEYS].filter((u) =>
      accepted('FC', { ...fcBody(ID), items: [{ ...firstItem, unitMeasure: u }] }, 'items.0.unitMeasure'),
    );
    expect(codes('unit-measure')).toEqual(units.sort());
    expect(units).toHaveLength(under === 'legacy' ? 56 : 40);
    expect(entries('unit-measure').find((e) => e.code === 'OTRA')?.mhCode).toBe('99');
  });

  it('country: the ISO codes the FEX takes (those CAT-020 has)', () => {
    const body = (country: string) => ({ ...fexBody(ID), recipient: { ...(fexBody(ID).recipient as object), country } });
    const taken = COUNTRIES.map((c) => c.code).filter((c) => accepted('FEX', body(c), 'recipient.country'));
    expect(taken.sort()).toEqual(codes('country'));
    // The legacy CAT-020 lacks seven ISO countries; 2026's is ISO alpha-2 itself.
    expect(taken.length).toBe(under === 'legacy' ? COUNTRIES.length - 7 : COUNTRIES.length);
    expect(entries('country').find((e) => e.code === 'GT')?.mhCode).toBe(under === 'legacy' ? '9483' : undefined);
  });

  it('tax (CAT-015): the codes an OTROS line takes', () => {
    const body = (taxCode: string) => ({
      ...ccfBody(ID),
      items: [{ type: 'OTROS', description: 'Impuesto', quantity: 1, unitPrice: 1, saleType: 'GRAVADA', taxCode }],
    });
    expect(
      TAXES.map((t) => t.code)
        .filter((c) => accepted('CCF', body(c), 'items.0.taxCode'))
        .sort(),
    ).toEqual(codes('tax'));
  });

  it('fiscal-enclosure (CAT-027) and regime (CAT-028)', () => {
    const fex = (extra: Record<string, string>) => ({ ...fexBody(ID), ...extra });
    expect(
      [...ANY_FISCAL_ENCLOSURES.map((e) => e.code), 'ZZ'].filter((c) => accepted('FEX', fex({ taxArea: c }), 'taxArea')).sort(),
    ).toEqual(codes('fiscal-enclosure'));
    expect([...ANY_REGIMES.map((e) => e.code), 'EX-0'].filter((c) => accepted('FEX', fex({ taxRegimen: c }), 'taxRegimen')).sort()).toEqual(
      codes('regime'),
    );
    expect(codes('regime')).toHaveLength(under === 'legacy' ? 54 : 90);
    // 2026 writes the régimen without its type: MH's code is said apart.
    expect(entries('regime').find((e) => e.code === 'EX-1.1000.000')?.mhCode).toBe(under === 'legacy' ? undefined : '1000.000');
  });

  it('document-type, identification-type and invalidation-type: the contract enums', () => {
    expect(codes('document-type')).toEqual([...DTE_KINDS].sort());
    expect(entries('document-type').find((e) => e.code === 'CCF')?.mhCode).toBe('03');
    expect(codes('identification-type')).toEqual([...ID_TYPES].sort());
    expect(entries('identification-type').find((e) => e.code === 'NIT')?.mhCode).toBe('36');
    expect(codes('invalidation-type')).toEqual(INVALIDATION_TYPES.map(String));
  });
});
