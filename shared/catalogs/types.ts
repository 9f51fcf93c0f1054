/** One row of an MH catalog in the project's own format. */
export interface CatalogEntry {
  readonly code: string;
  readonly name: string;
}

export interface Municipality extends CatalogEntry {
  readonly department: string;
  /** MH reorganised municipalities in 2024; both code lists are accepted (docs/decisions/0002-contract-gaps.md). */
  readonly era: '2024' | 'pre-2024';
}

/** CAT-008: a district (a pre-2024 municipality, same code) and the 2024 municipality it belongs to. */
export interface District extends CatalogEntry {
  readonly department: string;
  /** CAT-013 code of the 2024 municipality. */
  readonly municipality: string;
}

export interface UnitEntry {
  /** The contract's `unitMeasure` value. */
  readonly key: string;
  /** CAT-014 code as MH's `uniMedida` integer. */
  readonly code: number;
  readonly name: string;
}

export interface TaxEntry extends CatalogEntry {
  readonly section: 1 | 2 | 3;
}
