// MH's catalogs per normative (docs/decisions/0086-catalogs-per-normative.md).
export { CATALOG_CODES, CATALOG_TITLES, VERSIONED_CATALOGS, catalogHas, type VersionedCatalog } from './sets';
export { PAYMENT_CODES } from './payment-methods';
export { contractValueAllowed, isoOfCat020, mhCodeFor, notInCatalogMessage } from './contract-values';
