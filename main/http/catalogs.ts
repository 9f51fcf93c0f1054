// GET /catalogs and GET /catalogs/{name}: the MH catalogs the contract's fields take, from the project's own copy
// (shared/catalogs/lists.ts); docs/decisions/0076-fields-said-in-two-languages.md. The caller picks the normative.
import {
  CATALOG_NAMES,
  catalogSummaries,
  isCatalogName,
  listCatalog,
  type CatalogListing,
  type CatalogSummary,
} from '../../shared/catalogs/lists';
import { CoreError, validationFailed } from '../core/errors';
import type { Normative } from '../../shared/normative';

export const catalogIndexAnswer = (): { catalogs: CatalogSummary[] } => ({ catalogs: catalogSummaries() });

/** One catalog; a name Sello does not list is a 404 naming it and the names there are. */
export function catalogAnswer(name: string, department: string | undefined, normative: Normative): CatalogListing {
  if (!isCatalogName(name)) {
    throw new CoreError('NOT_FOUND', `El catálogo ${name.slice(0, 40)} no existe: use ${CATALOG_NAMES.join(', ')}.`);
  }
  const r = listCatalog(name, department, normative);
  if (!r.ok) throw validationFailed([{ path: r.field, code: r.code, message: r.message }]);
  return r.listing;
}
