// The simulated MH's reading of the catalogs: every catalog code in a document or event must be one the
// normative of its version holds (docs/decisions/0086-catalogs-per-normative.md), so that no test passes with a
// code MH would refuse. MH's wording for such a refusal is not published; ours names the field and the code.
import { catalogHas, type VersionedCatalog } from '../../shared/catalogs/normative';
import type { Normative } from '../../shared/normative';

/** MH's field names that take a catalog's codes, wherever they sit (`codigo` only inside `pagos`). */
const BY_FIELD: Readonly<Record<string, VersionedCatalog>> = {
  uniMedida: 'CAT-014',
  codActividad: 'CAT-019',
  codPais: 'CAT-020',
  tipoEstablecimiento: 'CAT-009',
  recintoFiscal: 'CAT-027',
  regimen: 'CAT-028',
  tipoRegimen: 'CAT-033',
  modoTransp: 'CAT-030',
  codIncoterms: 'CAT-031',
};
const BY_LIST_FIELD: Readonly<Record<string, Readonly<Record<string, VersionedCatalog>>>> = {
  pagos: { codigo: 'CAT-017' },
  documentoRelacionado: { tipoDocumento: 'CAT-002' },
};

/** `[resumen.pagos[0].codigo] 06 NO EXISTE EN EL CATALOGO CAT-017` for each code `normative` lacks. */
export function catalogProblems(doc: unknown, normative: Normative, extra: Readonly<Record<string, VersionedCatalog>> = {}): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, path: string, list: string | null): void => {
    if (Array.isArray(node)) {
      const name = path.slice(path.lastIndexOf('.') + 1);
      node.forEach((x, i) => walk(x, `${path}[${i}]`, name));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      const catalog = (list !== null ? (extra[`${list}.${key}`] ?? BY_LIST_FIELD[list]?.[key]) : undefined) ?? BY_FIELD[key];
      if (catalog && (typeof value === 'string' || typeof value === 'number')) {
        if (!catalogHas(catalog, normative, value)) problems.push(`[${at}] ${String(value)} NO EXISTE EN EL CATALOGO ${catalog}`);
      } else walk(value, at, null);
    }
  };
  walk(doc, '', null);
  return problems;
}

/** An event's codes, refused as a document's are (008, each field named); null when every code is in the catalogs. */
export function catalogRefusal(
  ev: unknown,
  normative: Normative,
  extra: Readonly<Record<string, VersionedCatalog>> = {},
): { ok: false; code: string; message: string; observations: string[] } | null {
  const problems = catalogProblems(ev, normative, extra);
  return problems.length ? { ok: false, code: '008', message: 'EVENTO CON CODIGOS FUERA DE CATALOGO', observations: problems } : null;
}

/** The Evento de Operaciones Especiales lists its documents by CAT-023 (02, 97). */
export const SPECIAL_OPERATIONS_CATALOGS: Readonly<Record<string, VersionedCatalog>> = { 'cuerpoDocumento.tipoDocumento': 'CAT-023' };

/** A contingency event's list: CAT-023 in the legacy event (the kinds it may list), CAT-002 in v2.0's. */
export const contingencyCatalogs = (normative: Normative): Readonly<Record<string, VersionedCatalog>> => ({
  'detalleDTE.tipoDoc': normative === 'legacy' ? 'CAT-023' : 'CAT-002',
});
