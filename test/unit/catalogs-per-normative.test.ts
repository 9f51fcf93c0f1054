// MH's catalogs per normative (docs/decisions/0086-catalogs-per-normative.md), one test per catalog and normative:
// the legacy sets against MH's legacy files in ../shared/mh/catalogs; the 2026 sets against what the MH reference
// notes beside them state of MH's 2026 workbook, which they only summarise (where they give a size alone, the size
// is checked; our codes come from MH's workbook V 1.1, shared/catalogs/normative/data-2026.ts); and every 2026
// code against the v2 schemas' own limits for its field. A dropped code put back fails its catalog's test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CATALOG_CODES, catalogHas, contractValueAllowed, mhCodeFor, PAYMENT_CODES } from '../../shared/catalogs/normative';
import { CAT020_BY_ISO } from '../../shared/catalogs/data/country-cat020';
import { ANY_ECONOMIC_ACTIVITIES, ANY_FISCAL_ENCLOSURES, ANY_REGIMES, regimeType, UNITS } from '../../shared/catalogs';
import { catalogErrors } from '../../shared/contract/catalog-fields';
import { INCOTERMS, TRANSPORTS } from '../../shared/contract/fex';
import { ESTABLISHMENT_TYPES } from '../../shared/station';
import { catalogProblems, contingencyCatalogs } from '../../main/mh-sim/catalog-checks';
import { INCOTERM, TRANSPORT } from '../../main/core/dte/mh/mappings';

const MH = join(__dirname, '..', '..', '..', 'shared', 'mh');
const legacy = (cat: string): string[] =>
  (JSON.parse(readFileSync(join(MH, 'catalogs', 'legacy-2024', `${cat}.json`), 'utf8')) as { items: { codigo: string }[] }).items.map(
    (i) => i.codigo,
  );
// The issue asks for the reference notes' stated sets (test/unit/no-outside-references.test.ts allows this read).
const REFERENCE = readFileSync(join(MH, 'REFERENCE.md'), 'utf8');
/** The notes' §16.12, what they say of the 2026 catalog workbook. */
const SECTION_16_12 = REFERENCE.slice(REFERENCE.indexOf('### 16.12'), REFERENCE.indexOf('## 17.'));
/** The line of §16.12 that speaks of `cat`, from its name on. */
const said = (cat: string): string => {
  const at = SECTION_16_12.indexOf(cat);
  if (at < 0) throw new Error(`the notes' §16.12 no longer mention ${cat}`);
  return SECTION_16_12.slice(at, SECTION_16_12.indexOf('\n', at));
};
/** The size the notes give a catalog ("CAT-014 40 units"). */
const sizeSaid = (cat: string): number => Number(new RegExp(`${cat} (\\d+)`).exec(SECTION_16_12)?.[1]);
/** Codes in backticks, with `01`–`05` ranges expanded. */
const codesIn = (text: string): string[] =>
  text
    .replace(/`(\d+)`–`(\d+)`/g, (_, a: string, b: string) =>
      Array.from({ length: Number(b) - Number(a) + 1 }, (_x, i) => `\`${String(Number(a) + i).padStart(a.length, '0')}\``).join(' '),
    )
    .match(/`[^`]+`/g)!
    .map((c) => c.slice(1, -1));
const sorted = (s: ReadonlySet<string> | null) => [...(s ?? [])].sort();
const pad2 = (c: string) => c.padStart(2, '0');

describe('the legacy catalogs are MH’s legacy files', () => {
  it.each([
    ['CAT-002', (c: string) => c],
    ['CAT-009', (c: string) => c],
    ['CAT-014', pad2],
    ['CAT-017', (c: string) => c],
    ['CAT-019', (c: string) => c],
    ['CAT-023', (c: string) => c],
    ['CAT-027', (c: string) => c],
    ['CAT-028', (c: string) => c],
    ['CAT-030', (c: string) => c],
    ['CAT-031', (c: string) => c],
  ] as const)('%s', (cat, form) => {
    expect(sorted(CATALOG_CODES[cat].legacy)).toEqual(legacy(cat).map(form).sort());
  });
  it('CAT-020: the four-digit codes an ISO country maps to, each in MH’s file (the rest are countries gone from ISO)', () => {
    const file = new Set(legacy('CAT-020'));
    for (const c of CATALOG_CODES['CAT-020'].legacy!) expect(file.has(c), c).toBe(true);
    expect(CATALOG_CODES['CAT-020'].legacy!.size).toBe(new Set(Object.values(CAT020_BY_ISO).map((c) => c.code)).size);
  });
  it('CAT-033 is new in 2026: the legacy normative has none', () => {
    expect(CATALOG_CODES['CAT-033'].legacy).toBeNull();
    expect(catalogHas('CAT-033', 'legacy', 'EX-1')).toBe(false);
  });
});

describe('the 2026 catalogs are what MH’s 2026 workbook holds', () => {
  it('CAT-017: 01–05, 08, 09, 11–14 and 99; no 06 (vales) nor 10 (tarjeta de regalo)', () => {
    expect(sorted(PAYMENT_CODES['2026'])).toEqual(codesIn(said('CAT-017 12 payment forms').split(')')[0]!).sort());
    expect(PAYMENT_CODES['2026'].size).toBe(12);
    for (const gone of ['06', '10']) expect(PAYMENT_CODES['2026'].has(gone)).toBe(false);
  });
  it('CAT-009: 01, 02, 04, 07; no 20', () => {
    const line = said('CAT-009 is');
    expect(sorted(CATALOG_CODES['CAT-009']['2026'])).toEqual(codesIn(line.split('(no')[0]!).sort());
    expect(line).toContain('(no `20`)');
    expect(catalogHas('CAT-009', '2026', '20')).toBe(false);
  });
  it('CAT-014: 40 units, each a legacy one; VARA, PIE, MANZANA and TONELADA_METRICA are gone', () => {
    expect(CATALOG_CODES['CAT-014']['2026']!.size).toBe(sizeSaid('CAT-014'));
    expect(sizeSaid('CAT-014')).toBe(40);
    for (const c of CATALOG_CODES['CAT-014']['2026']!) expect(CATALOG_CODES['CAT-014'].legacy!.has(c)).toBe(true);
    for (const gone of ['VARA', 'PIE', 'MANZANA', 'TONELADA_METRICA']) expect(contractValueAllowed('CAT-014', '2026', gone)).toBe(false);
    for (const kept of ['UNIDAD', 'LIBRA', 'KILOGRAMO', 'DOCENA', 'OTRA']) expect(contractValueAllowed('CAT-014', '2026', kept)).toBe(true);
  });
  it('CAT-019: 774 activities, the legacy 771 and three more', () => {
    expect(CATALOG_CODES['CAT-019']['2026']!.size).toBe(Number(/CAT-019 (\d+)/.exec(SECTION_16_12)?.[1]));
    expect(sorted(CATALOG_CODES['CAT-019']['2026']).filter((c) => !CATALOG_CODES['CAT-019'].legacy!.has(c))).toEqual([
      '10006',
      '47120',
      '53201',
    ]);
    expect(ANY_ECONOMIC_ACTIVITIES).toHaveLength(774);
  });
  it('CAT-020: the 249 ISO 3166 alpha-2 codes; the legacy one is four digits', () => {
    expect(said('CAT-020')).toContain('249');
    expect(CATALOG_CODES['CAT-020']['2026']!.size).toBe(249);
    for (const c of CATALOG_CODES['CAT-020']['2026']!) expect(c).toMatch(/^[A-Z]{2}$/);
    expect(mhCodeFor('CAT-020', 'legacy', 'GT')).toBe(CAT020_BY_ISO.GT!.code);
    expect(mhCodeFor('CAT-020', '2026', 'SS')).toBe('SS');
    expect(mhCodeFor('CAT-020', 'legacy', 'SS')).toBeNull();
  });
  it('CAT-023: repurposed for Operaciones Especiales (02, 97); the legacy contingency kinds are gone', () => {
    const at = REFERENCE.indexOf('CAT-023 is now');
    expect(sorted(CATALOG_CODES['CAT-023']['2026'])).toEqual(codesIn(REFERENCE.slice(at, REFERENCE.indexOf('\n', at))).sort());
    for (const c of CATALOG_CODES['CAT-023'].legacy!) expect(catalogHas('CAT-023', '2026', c)).toBe(false);
  });
  it('CAT-002: the eleven kinds and the two events, 17 and 18', () => {
    const line = REFERENCE.slice(REFERENCE.indexOf('| CAT-002 |'), REFERENCE.indexOf('\n', REFERENCE.indexOf('| CAT-002 |')));
    expect(line).toContain('adds `17`, `18`');
    expect(sorted(CATALOG_CODES['CAT-002']['2026'])).toEqual([...legacy('CAT-002'), '17', '18'].sort());
  });
  it('CAT-027: the legacy 43 and five more (the notes count 47 in the workbook’s V 1.0; V 1.1 lists 48)', () => {
    expect(sizeSaid('CAT-027')).toBe(47);
    expect(CATALOG_CODES['CAT-027']['2026']!.size).toBe(48);
    expect(sorted(CATALOG_CODES['CAT-027']['2026']).filter((c) => !CATALOG_CODES['CAT-027'].legacy!.has(c))).toEqual([
      '40',
      '41',
      '42',
      '43',
      '85',
    ]);
    expect(ANY_FISCAL_ENCLOSURES).toHaveLength(48);
  });
  it('CAT-028: 90 regimes without the EX-n. prefix, every legacy one among them; the contract sends the prefixed form', () => {
    expect(CATALOG_CODES['CAT-028']['2026']!.size).toBe(sizeSaid('CAT-028'));
    for (const c of CATALOG_CODES['CAT-028']['2026']!) expect(c).toMatch(/^\d{4}\.\d{3}$/);
    for (const c of CATALOG_CODES['CAT-028'].legacy!) {
      expect(contractValueAllowed('CAT-028', '2026', c)).toBe(true);
      expect(mhCodeFor('CAT-028', '2026', c)).toBe(c.slice(5));
    }
    expect(ANY_REGIMES).toHaveLength(90);
    expect(contractValueAllowed('CAT-028', 'legacy', 'EX-2.2100.065')).toBe(false);
    expect(mhCodeFor('CAT-028', '2026', 'EX-2.2100.065')).toBe('2100.065');
    expect(contractValueAllowed('CAT-028', '2026', 'EX-2.1000.000')).toBe(false);
  });
  it('CAT-030: six modes, 6 CORREO; no 7; every contract transport has a 2026 code', () => {
    const line = said('CAT-030 6');
    expect(codesIn(line)).toEqual(['1', '2', '3', '4', '5', '6', '6']);
    expect(sorted(CATALOG_CODES['CAT-030']['2026'])).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(catalogHas('CAT-030', '2026', 7)).toBe(false);
    for (const t of TRANSPORTS) expect(contractValueAllowed('CAT-030', '2026', t)).toBe(true);
    expect(TRANSPORTS.map((t) => mhCodeFor('CAT-030', 'legacy', t))).toEqual(TRANSPORTS.map((t) => String(TRANSPORT[t])));
    expect([mhCodeFor('CAT-030', '2026', 'MARITIMO'), mhCodeFor('CAT-030', '2026', 'AEREO')]).toEqual(['3', '2']);
  });
  it('CAT-031: eleven INCOTERMS, 01 EXW to 11 CIF; DAT, DAF, DES, DEQ and DDU are gone', () => {
    expect(CATALOG_CODES['CAT-031']['2026']!.size).toBe(sizeSaid('CAT-031'));
    expect(INCOTERMS.filter((t) => !contractValueAllowed('CAT-031', '2026', t))).toEqual(['DAT', 'DAF', 'DES', 'DEQ', 'DDU']);
    expect(INCOTERMS.map((t) => mhCodeFor('CAT-031', 'legacy', t))).toEqual(INCOTERMS.map((t) => INCOTERM[t].code));
  });
  it('CAT-033: EX-1, EX-2, EX-3, TA-1, each the type of its regimes', () => {
    expect(sorted(CATALOG_CODES['CAT-033']['2026'])).toEqual(codesIn(said('CAT-033')).sort());
    for (const c of CATALOG_CODES['CAT-028']['2026']!) expect(catalogHas('CAT-033', '2026', regimeType(c)!)).toBe(true);
  });
  it('the station’s establishment types are the legacy CAT-009', () => {
    expect([...ESTABLISHMENT_TYPES].sort()).toEqual(sorted(CATALOG_CODES['CAT-009'].legacy));
  });
});

describe('every 2026 code fits its field in MH’s v2 schemas', () => {
  const schema = (file: string) => JSON.parse(readFileSync(join(MH, 'schemas', 'v2-2026', file), 'utf8')) as Record<string, unknown>;
  const at = (s: unknown, path: string[]): object => path.reduce((n, k) => (n as Record<string, unknown>)[k], s) as object;
  const ajv = new Ajv({ strict: false });
  const fex = schema('fe-fex-v3.json');
  const fe = schema('fe-f-v2.json');
  const emisorFex = ['properties', 'emisor', 'properties'];
  it.each([
    ['CAT-014', fe, ['properties', 'cuerpoDocumento', 'items', 'properties', 'uniMedida'], Number],
    ['CAT-017', fe, ['properties', 'resumen', 'properties', 'pagos', 'anyOf', '0', 'items', 'properties', 'codigo'], String],
    ['CAT-020', fex, ['properties', 'receptor', 'properties', 'codPais'], String],
    ['CAT-027', fex, [...emisorFex, 'recintoFiscal'], String],
    ['CAT-028', fex, [...emisorFex, 'regimen'], String],
    ['CAT-033', fex, [...emisorFex, 'tipoRegimen'], String],
    ['CAT-030', fex, ['properties', 'otrosDocumentos', 'anyOf', '0', 'items', 'properties', 'modoTransp'], Number],
    ['CAT-031', fex, ['properties', 'resumen', 'properties', 'codIncoterms'], String],
  ] as const)('%s', (cat, file, path, form) => {
    let field: object;
    try {
      field = at(file, [...path]);
    } catch {
      field = at(
        file,
        path.filter((p) => p !== 'anyOf' && p !== '0'),
      );
    }
    const valid = ajv.compile(field);
    for (const c of CATALOG_CODES[cat]['2026']!) expect(valid(form(c)), `${cat} ${c}`).toBe(true);
  });
});

describe('a request is checked against the catalogs of the normative in force', () => {
  const fc = (method: string, unit = 'UNIDAD') => ({
    payments: [
      { method: '01', amount: 1 },
      { method, amount: 2 },
    ],
    items: [{ unitMeasure: unit }],
  });
  it('a payment 06 is refused under 2026, naming the field and the normative; accepted under legacy', () => {
    expect(catalogErrors(fc('06'), '2026').map((e) => [e.path, e.code])).toEqual([['payments.1.method', 'UNKNOWN_CODE']]);
    expect(catalogErrors(fc('06'), '2026')[0]!.message).toContain('no existe en el catálogo CAT-017 de la normativa 2026');
    expect(catalogErrors(fc('06'), '2026')[0]!.message).toContain('Use uno de: 01, 02, 03, 04, 05, 08, 09, 11, 12, 13, 14, 99.');
    expect(catalogErrors(fc('06'), 'legacy')).toEqual([]);
    expect(catalogErrors(fc('10'), '2026').map((e) => e.path)).toEqual(['payments.1.method']);
  });
  it('a unit, an INCOTERM, a régimen and a country, each by its field', () => {
    const fex = {
      recipient: { country: 'SS', economicActivity: '10006' },
      items: [{ unitMeasure: 'MANZANA' }],
      incoterms: 'DDU',
      taxRegimen: 'EX-2.2100.065',
      taxArea: '85',
    };
    expect(catalogErrors(fex, '2026').map((e) => e.path)).toEqual(['items.0.unitMeasure', 'incoterms']);
    expect(catalogErrors(fex, 'legacy').map((e) => e.path)).toEqual([
      'recipient.country',
      'recipient.economicActivity',
      'taxRegimen',
      'taxArea',
    ]);
    expect(catalogErrors(fex, '2026')[0]!.message).toContain('MANZANA (código 11) no existe en el catálogo CAT-014 de la normativa 2026');
  });
});

describe('the simulated MH judges codes by the document’s normative', () => {
  const doc = { resumen: { pagos: [{ codigo: '06' }] }, cuerpoDocumento: [{ uniMedida: 11 }], emisor: { tipoEstablecimiento: '20' } };
  it('refuses 06, unit 11 and establishment 20 under 2026; takes them under legacy', () => {
    expect(catalogProblems(doc, '2026')).toEqual([
      '[resumen.pagos[0].codigo] 06 NO EXISTE EN EL CATALOGO CAT-017',
      '[cuerpoDocumento[0].uniMedida] 11 NO EXISTE EN EL CATALOGO CAT-014',
      '[emisor.tipoEstablecimiento] 20 NO EXISTE EN EL CATALOGO CAT-009',
    ]);
    expect(catalogProblems(doc, 'legacy')).toEqual([]);
  });
  it('reads a contingency event’s list as CAT-023 (legacy) or CAT-002 (2026)', () => {
    const ev = { detalleDTE: [{ tipoDoc: '07' }, { tipoDoc: '18' }] };
    expect(catalogProblems(ev, 'legacy', contingencyCatalogs('legacy'))).toEqual([
      '[detalleDTE[0].tipoDoc] 07 NO EXISTE EN EL CATALOGO CAT-023',
      '[detalleDTE[1].tipoDoc] 18 NO EXISTE EN EL CATALOGO CAT-023',
    ]);
    expect(catalogProblems(ev, '2026', contingencyCatalogs('2026'))).toEqual([]);
  });
  it('units the contract names map to the legacy CAT-014 numbers', () => {
    expect(UNITS.every((u) => catalogHas('CAT-014', 'legacy', u.code))).toBe(true);
  });
});
