// What a reader of MH's JSON knows of one schema version: where each field it exposes lives, as data. The maps in
// maps/ are the only place in the product that spells MH's field names for the books, the close, replication and
// the hub; test/unit/mh-read/maps-against-schemas.test.ts walks every path of every map through MH's official schema files, so
// a field MH renames fails the build (docs/decisions/0061-one-reader-of-mh-json.md).
import type { DteKind } from '../../../shared/contract';

/** A dotted path from the object it is relative to (`resumen.ivaRete`, `codigo`). */
export type FieldPath = string;

/** MH's schema file of a map, in the schema folders the tests read beside the checkout (never copied into it). */
export type SchemaFile = `legacy-v1-2023/${string}.json` | `v2-2026/${string}.json`;

/** Fields of a DTE from its root. A field left out is one this version does not carry: it reads as absent. */
export type DteField =
  /** CAT-002 code of the kind, as identificacion.tipoDte writes it. */
  | 'type'
  | 'issuerNit'
  | 'issuerNrc'
  | 'issuerName'
  | 'generationCode'
  | 'controlNumber'
  | 'date'
  | 'time'
  | 'operation'
  | 'model'
  | 'totalExenta'
  | 'totalNoSuj'
  | 'totalGravada'
  | 'descuExenta'
  | 'descuNoSuj'
  | 'descuGravada'
  /** An FE's IVA inside its prices; an NC or ND v4's IVA (its `tributos` may be keyed "" in ND v4). */
  | 'totalIva'
  /** The resumen's tributos, from which the IVA (code 20) of a CCF, or an NC or ND v3, is read. */
  | 'tributos'
  | 'ivaRetenido'
  | 'ivaPercibido'
  | 'reteRenta'
  | 'totalPagar'
  | 'montoTotalOperacion'
  | 'subTotal'
  /** CR: the IVA retained in all. */
  | 'totalRetenido'
  /** FSE: the purchase before its discount. */
  | 'totalCompra'
  | 'condicionOperacion'
  /** FEX: 1 goods, 2 services, 3 both. */
  | 'exportItems'
  | 'thirdPartyNit'
  | 'thirdPartyName';

/** Fields of the counterpart (receptor, or FSE v1's sujetoExcluido), relative to it. */
export type PartyField = 'name' | 'nit' | 'docType' | 'docNumber' | 'nrc' | 'country';

/** Fields of a line of cuerpoDocumento, relative to the line. */
export type ItemField =
  | 'code'
  | 'description'
  | 'quantity'
  | 'gravada'
  | 'exenta'
  | 'noSuj'
  | 'compra'
  | 'ivaItem'
  /** CR: the retained document's CAT-002 type, number and date; its amount subject to retention; the IVA retained. */
  | 'retainedType'
  | 'retainedNumber'
  | 'retainedDate'
  | 'retentionSubject'
  | 'retained'
  | 'retentionCode';

export type RelatedField = 'type' | 'generation' | 'number' | 'date';
export type PaymentField = 'code' | 'amount';

/** A group of fields relative to an object (or to each element of an array) at `at`. */
export interface FieldGroup<F extends string> {
  readonly at: FieldPath;
  readonly fields: Readonly<Partial<Record<F, FieldPath>>>;
}

/** How a version reads the IVA: the resumen's totalIva, the tributo 20 in its tributos, or none (FEX, FSE, CR). */
export type IvaSource = 'totalIva' | 'tributo20' | 'none';

/** CAT-020 as the version writes it: the legacy 4-digit codes, or ISO 3166-1 alpha-2 (Normativa v2.0). */
export type CountryCodes = 'cat020' | 'iso';

export interface DteMap {
  readonly kind: DteKind;
  readonly version: number;
  readonly schema: SchemaFile;
  readonly fields: Readonly<Partial<Record<DteField, FieldPath>>>;
  readonly party: FieldGroup<PartyField> & { readonly countryCodes?: CountryCodes };
  /** null: the version has no lines (a DCL's cuerpoDocumento is one liquidation). */
  readonly items: FieldGroup<ItemField> | null;
  readonly related: FieldGroup<RelatedField> | null;
  readonly payments: FieldGroup<PaymentField> | null;
  readonly iva: IvaSource;
}

/** The value at a dotted path, or undefined where any step is missing. */
export function at(json: unknown, path: FieldPath): unknown {
  // No split: a month's books read some thirty paths of each of a hundred thousand documents.
  let v: unknown = json;
  let start = 0;
  for (;;) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const dot = path.indexOf('.', start);
    v = (v as Record<string, unknown>)[dot < 0 ? path.slice(start) : path.slice(start, dot)];
    if (dot < 0) return v;
    start = dot + 1;
  }
}

/** The value at `path` of `map`, or undefined where the version has no such field. */
export const field = <F extends string>(json: unknown, fields: Readonly<Partial<Record<F, FieldPath>>>, name: F): unknown => {
  const path = fields[name];
  return path === undefined ? undefined : at(json, path);
};

export const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
/** An MH amount as written (a JSON number); 0 where absent. Callers make it exact (cents, dec). */
export const amount = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
export const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
export const list = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
