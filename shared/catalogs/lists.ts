// The MH catalogs the contract's fields take, as `GET /catalogs/{name}` lists them (docs/decisions/0076-fields-said-in-two-languages.md):
// each entry is a value a request may send (`code`) with its Spanish name, and MH's own code where the contract
// sends another (a unit's name, a country's ISO code). Under the normative asked for, or the one in force: the codes
// its catalogs hold (docs/decisions/0086-catalogs-per-normative.md).
// test/integration/catalogs-route.test.ts checks that each list is exactly what the contract's schemas accept.
import { z } from 'zod';
import { DTE_KINDS, MH_TYPE } from '../contract/kinds';
import { INVALIDATION_TYPES } from '../contract/invalidate';
import { ID_TYPES, ITEM_LINE_TAX_CODES, type IdType } from '../contract/common';
import { bilingual, catalogRoute, described } from '../contract/descriptions';
import { NORMATIVES, type Normative } from '../normative';
import { ANY_ACTIVITIES_SHOWN, PAYMENT_METHODS_SHOWN } from './display';
import { ANY_FISCAL_ENCLOSURES, ANY_REGIMES, COUNTRIES, DEPARTMENTS, DISTRICTS, MUNICIPALITIES, TAXES, UNITS } from './index';
import { contractValueAllowed, mhCodeFor, type VersionedCatalog } from './normative';

export const CATALOG_NAMES = [
  'activity',
  'department',
  'municipality',
  'district',
  'payment-method',
  'unit-measure',
  'country',
  'tax',
  'fiscal-enclosure',
  'regime',
  'document-type',
  'identification-type',
  'invalidation-type',
] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];
export const isCatalogName = (v: string): v is CatalogName => (CATALOG_NAMES as readonly string[]).includes(v);

/** One value a request may send, with its Spanish name. */
export const catalogItem = z.object({
  code: z.string(),
  name: z.string(),
  /** MH's code where the contract sends another value (a unit's name, an ISO country, a document kind). */
  mhCode: z.string().optional(),
  /** The department a municipality or district belongs to (CAT-012). */
  department: z.string().optional(),
  /** The 2024 municipality a district belongs to (CAT-013). */
  municipality: z.string().optional(),
});
export type CatalogItem = z.infer<typeof catalogItem>;

export const catalogSummary = z.object({
  name: z.enum(CATALOG_NAMES),
  /** MH's number for the catalog (CAT-019), or the standard it follows. */
  mhCatalog: z.string(),
  title: z.string(),
  /** The request fields that take its codes. */
  fields: z.array(z.string()),
});
export type CatalogSummary = z.infer<typeof catalogSummary>;

/** GET /catalogs. */
export const catalogIndex = z.object({ catalogs: z.array(catalogSummary) });
/** GET /catalogs/{name}. */
export const catalogListing = catalogSummary.extend({ normative: z.enum(NORMATIVES), entries: z.array(catalogItem) });
export type CatalogListing = z.infer<typeof catalogListing>;

/** GET /catalogs/{name}'s query: a department narrows the municipalities and districts; a normative picks its codes. */
export const catalogQuery = z.strictObject({
  normative: described(
    z.enum(NORMATIVES, { error: 'Normativa: "legacy" o "2026".' }).optional(),
    bilingual(
      'Los códigos de esta normativa ("legacy" o "2026"); sin ella, los de la normativa vigente en la estación.',
      'The codes of this normative ("legacy" or "2026"); without it, those of the normative in force at the station.',
    ),
  ),
  department: described(
    z
      .string()
      .regex(/^\d{2}$/, 'Código de departamento: 2 dígitos (CAT-012).')
      .optional(),
    bilingual(
      `Solo los municipios o distritos de este departamento (CAT-012, 2 dígitos; ${catalogRoute('department')}).`,
      `Only the municipalities or districts of this department (CAT-012, 2 digits; ${catalogRoute('department')}).`,
    ),
  ),
});

const ID_TYPE_CODES: Readonly<Record<IdType, { mh: string; name: string }>> = {
  NIT: { mh: '36', name: 'NIT' },
  DUI: { mh: '13', name: 'DUI' },
  PASAPORTE: { mh: '03', name: 'Pasaporte' },
  CARNET_RESIDENTE: { mh: '02', name: 'Carné de residente' },
  OTRO: { mh: '37', name: 'Otro' },
};

const KIND_TITLES: Readonly<Record<(typeof DTE_KINDS)[number], string>> = {
  FC: 'Factura (consumidor final)',
  CCF: 'Comprobante de crédito fiscal',
  NC: 'Nota de crédito',
  ND: 'Nota de débito',
  CR: 'Comprobante de retención',
  FSE: 'Factura de sujeto excluido',
  FEX: 'Factura de exportación',
  NR: 'Nota de remisión',
  CL: 'Comprobante de liquidación',
  DCL: 'Documento contable de liquidación',
  CD: 'Comprobante de donación',
};

/** MH's CAT-024 names. */
const INVALIDATION_NAMES: Readonly<Record<(typeof INVALIDATION_TYPES)[number], string>> = {
  1: 'Error en la información del documento tributario electrónico a invalidar',
  2: 'Rescindir de la operación realizada',
  3: 'Otro',
};

interface CatalogSource {
  readonly mhCatalog: string;
  readonly title: string;
  readonly fields: readonly string[];
  readonly byDepartment: boolean;
  readonly entries: (normative: Normative) => readonly CatalogItem[];
}

/** `list`'s entries whose code `normative`'s `catalog` holds, with MH's code where the contract sends another. */
const held = (catalog: VersionedCatalog, normative: Normative, list: readonly CatalogItem[]): CatalogItem[] =>
  list.flatMap((e) => {
    if (!contractValueAllowed(catalog, normative, e.code)) return [];
    const mh = mhCodeFor(catalog, normative, e.code);
    return [mh !== null && mh !== e.code && e.mhCode === undefined ? { ...e, mhCode: mh } : e];
  });

const ADDRESS = ['recipient.address', 'company.address'];

const SOURCES: Readonly<Record<CatalogName, CatalogSource>> = {
  activity: {
    mhCatalog: 'CAT-019',
    title: 'Actividad económica',
    fields: ['recipient.economicActivity', 'company.economicActivity'],
    byDepartment: false,
    entries: (n) => held('CAT-019', n, ANY_ACTIVITIES_SHOWN),
  },
  department: {
    mhCatalog: 'CAT-012',
    title: 'Departamento (El Salvador; 00, otro país, no es una dirección del contrato)',
    fields: ADDRESS.map((a) => `${a}.department`),
    byDepartment: false,
    entries: () => DEPARTMENTS.filter((d) => d.code !== '00').map((d) => ({ code: d.code, name: d.name })),
  },
  municipality: {
    mhCatalog: 'CAT-013',
    title: 'Municipio (los 44 de 2024 y los 262 anteriores), por departamento',
    fields: ADDRESS.map((a) => `${a}.municipality`),
    byDepartment: true,
    entries: () =>
      MUNICIPALITIES.filter((m) => m.department !== '00').map((m) => ({ code: m.code, name: m.name, department: m.department })),
  },
  district: {
    mhCatalog: 'CAT-008',
    title: 'Distrito, por departamento y municipio de 2024',
    fields: ADDRESS.map((a) => `${a}.district`),
    byDepartment: true,
    entries: () => DISTRICTS.map((d) => ({ code: d.code, name: d.name, department: d.department, municipality: d.municipality })),
  },
  'payment-method': {
    mhCatalog: 'CAT-017',
    title: 'Forma de pago',
    fields: ['payments.method'],
    byDepartment: false,
    entries: (n) => held('CAT-017', n, PAYMENT_METHODS_SHOWN),
  },
  'unit-measure': {
    mhCatalog: 'CAT-014',
    title: 'Unidad de medida: el contrato envía el nombre (code), MH recibe el número (mhCode)',
    fields: ['items.unitMeasure'],
    byDepartment: false,
    entries: (n) =>
      held(
        'CAT-014',
        n,
        UNITS.map((u) => ({ code: u.key, name: u.name, mhCode: String(u.code) })),
      ),
  },
  country: {
    mhCatalog: 'ISO 3166-1 alfa-2 (CAT-020: el de cuatro dígitos de la normativa anterior en mhCode)',
    title: 'País: los códigos ISO que el CAT-020 de la normativa tiene',
    fields: ['recipient.country'],
    byDepartment: false,
    entries: (n) => held('CAT-020', n, COUNTRIES),
  },
  tax: {
    mhCatalog: 'CAT-015',
    title: 'Tributo de una línea OTROS (sección 2)',
    fields: ['items.taxCode'],
    byDepartment: false,
    entries: () => TAXES.filter((t) => ITEM_LINE_TAX_CODES.has(t.code)).map((t) => ({ code: t.code, name: t.name })),
  },
  'fiscal-enclosure': {
    mhCatalog: 'CAT-027',
    title: 'Recinto fiscal',
    fields: ['taxArea'],
    byDepartment: false,
    entries: (n) => held('CAT-027', n, ANY_FISCAL_ENCLOSURES),
  },
  regime: {
    mhCatalog: 'CAT-028',
    title: 'Régimen de exportación: el contrato envía tipo y régimen (EX-1.1000.000); la normativa 2026 los escribe aparte',
    fields: ['taxRegimen'],
    byDepartment: false,
    entries: (n) => held('CAT-028', n, ANY_REGIMES),
  },
  'document-type': {
    mhCatalog: 'CAT-002',
    title: 'Tipo de documento: el contrato usa la sigla (code), MH el número (mhCode)',
    fields: ['type (GET /dte)', 'POST /dte/{tipo}'],
    byDepartment: false,
    entries: () => DTE_KINDS.map((k) => ({ code: k, name: KIND_TITLES[k], mhCode: MH_TYPE[k] })),
  },
  'identification-type': {
    mhCatalog: 'CAT-022',
    title: 'Tipo de documento de identificación',
    fields: ['identificationDocument.type'],
    byDepartment: false,
    entries: () => ID_TYPES.map((t) => ({ code: t, name: ID_TYPE_CODES[t].name, mhCode: ID_TYPE_CODES[t].mh })),
  },
  'invalidation-type': {
    mhCatalog: 'CAT-024',
    title: 'Tipo de invalidación',
    fields: ['type (POST /dte/invalidate)'],
    byDepartment: false,
    entries: () => INVALIDATION_TYPES.map((t) => ({ code: String(t), name: INVALIDATION_NAMES[t] })),
  },
};

const summaryOf = (name: CatalogName): CatalogSummary => {
  const s = SOURCES[name];
  return { name, mhCatalog: s.mhCatalog, title: s.title, fields: [...s.fields] };
};

export const catalogSummaries = (): CatalogSummary[] => CATALOG_NAMES.map(summaryOf);

export type ListingResult =
  { ok: true; listing: CatalogListing } | { ok: false; field: 'department'; code: 'NOT_ALLOWED' | 'UNKNOWN_CODE'; message: string };

/** One catalog's entries; a department narrows those that belong to one, and is refused where none does. */
export function listCatalog(name: CatalogName, department: string | undefined, normative: Normative): ListingResult {
  const source = SOURCES[name];
  if (department !== undefined && !source.byDepartment) {
    return {
      ok: false,
      field: 'department',
      code: 'NOT_ALLOWED',
      message: 'Solo los catálogos municipality y district se filtran por departamento.',
    };
  }
  // A department CAT-012 lacks would answer an empty list a POS could take for "no municipalities": refuse it.
  if (department !== undefined && !SOURCES.department.entries(normative).some((e) => e.code === department)) {
    return {
      ok: false,
      field: 'department',
      code: 'UNKNOWN_CODE',
      message: `El departamento ${department.slice(0, 8)} no existe en CAT-012 (GET /catalogs/department).`,
    };
  }
  const all = source.entries(normative);
  const entries = department === undefined ? all : all.filter((e) => e.department === department);
  return { ok: true, listing: { ...summaryOf(name), normative, entries: [...entries] } };
}
