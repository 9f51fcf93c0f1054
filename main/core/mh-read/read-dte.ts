// The one reader of a DTE's MH JSON for the books, the close, replication and the hub: it takes the map of the
// document's kind and version (dte-maps.ts) and gives what the product reads of any version in one shape. It checks
// nothing: the JSON is what MH sealed (or what the station signed), validated against MH's schema before.
import type { DteKind } from '../../../shared/contract';
import { isoOfCat020 } from '../../../shared/catalogs/normative';
import { amount, at, field, int, list, text, type DteField, type DteMap, type FieldGroup } from './field-map';
import { dteMapOf } from './dte-maps';

/** CAT-015: IVA 13 %. */
const IVA_TRIBUTE = '20';

/** Legacy CAT-020 (4 digits) → ISO alpha-2, for the FEX v1 that predates ISO codes. */

export interface PartyReading {
  readonly name: string;
  /** CAT-022 type of `number`: 36 when the version names the receptor by NIT. */
  readonly docType: string | null;
  readonly number: string | null;
  readonly nrc: string | null;
  /** ISO 3166-1 alpha-2 whatever the version wrote (a legacy code with no ISO twin stays as written). */
  readonly country: string | null;
}

export interface LineReading {
  readonly code: string | null;
  readonly description: string;
  readonly quantity: number;
  readonly gravada: number;
  readonly exenta: number;
  readonly noSuj: number;
  readonly compra: number;
  readonly ivaItem: number;
}

export interface RetentionLineReading {
  readonly type: string | null;
  readonly number: string | null;
  readonly date: string | null;
  readonly subject: number;
  readonly retained: number;
  readonly code: string;
}

export interface RelatedReading {
  readonly type: string | null;
  readonly generation: number | null;
  readonly number: string | null;
  readonly date: string | null;
}

/** Amounts as MH wrote them (JSON numbers, 0 where the version has no such field); callers make them exact. */
export interface DteAmounts {
  readonly totalExenta: number;
  readonly totalNoSuj: number;
  readonly totalGravada: number;
  readonly descuExenta: number;
  readonly descuNoSuj: number;
  readonly descuGravada: number;
  /** FE: totalIva (inside its prices); CCF, NC, ND: the IVA 13 %; 0 for FEX, FSE and CR. */
  readonly iva: number;
  readonly ivaRetenido: number;
  readonly ivaPercibido: number;
  readonly reteRenta: number;
  /** null where the version has none (NC and ND v3). */
  readonly totalPagar: number | null;
  readonly montoTotalOperacion: number | null;
  readonly subTotal: number;
  /** CR: the IVA retained in all. */
  readonly totalRetenido: number;
  /** FSE: the purchase before its discount. */
  readonly totalCompra: number;
}

export interface DteReading {
  readonly kind: DteKind;
  readonly version: number;
  /** identificacion.tipoDte as written (CAT-002), to compare with the kind a record claims. */
  readonly mhType: string | null;
  /** The emisor as the document names it. */
  readonly issuer: { readonly nit: string | null; readonly nrc: string | null; readonly name: string | null };
  /** upper case, with hyphens. */
  readonly generationCode: string | null;
  readonly controlNumber: string | null;
  readonly date: string | null;
  readonly time: string | null;
  /** 1 normal, 2 contingency. */
  readonly operation: number;
  readonly model: number;
  readonly party: PartyReading | null;
  readonly amounts: DteAmounts;
  /** CAT-016: 1 cash, 2 credit, 3 other; null where absent (CR). */
  readonly condition: number | null;
  readonly payments: readonly { readonly code: string; readonly amount: number }[];
  /** FEX: 1 goods, 2 services, 3 both; 0 for the other kinds. */
  readonly exportItems: number;
  readonly thirdParty: { readonly nit: string; readonly name: string } | null;
  readonly related: readonly RelatedReading[];
  /** The lines, read when asked (only the sales report and the close ask). */
  readonly lines: () => readonly LineReading[];
  /** CR: its lines by retained document. */
  readonly retentions: () => readonly RetentionLineReading[];
}

const each = <F extends string>(json: unknown, g: FieldGroup<F> | null) => (g ? list(at(json, g.at)) : []);

function partyOf(json: unknown, map: DteMap): PartyReading | null {
  const p = at(json, map.party.at);
  if (p === null || typeof p !== 'object') return null;
  const f = map.party.fields;
  const nit = text(field(p, f, 'nit'));
  const raw = text(field(p, f, 'country'));
  return {
    name: text(field(p, f, 'name')) ?? '',
    docType: nit ? '36' : text(field(p, f, 'docType')),
    number: nit ?? text(field(p, f, 'docNumber')),
    nrc: text(field(p, f, 'nrc')),
    country: raw && map.party.countryCodes === 'cat020' ? (isoOfCat020(raw) ?? raw) : raw,
  };
}

function ivaOf(json: unknown, map: DteMap): number {
  switch (map.iva) {
    case 'totalIva':
      return amount(field(json, map.fields, 'totalIva'));
    case 'tributo20': {
      // A loop, not a filter: a month reads a hundred thousand of these.
      // Summed in cents, a loop not a filter (a month reads a hundred thousand): each value has two decimals.
      let cents = 0;
      for (const t of list(field(json, map.fields, 'tributos')))
        if (t && typeof t === 'object' && (t as { codigo?: unknown }).codigo === IVA_TRIBUTE)
          cents += Math.round(amount((t as { valor?: unknown }).valor) * 100);
      return cents / 100;
    }
    case 'none':
      return 0;
    default: {
      const never: never = map.iva;
      throw new Error(`unknown IVA source ${String(never)}`);
    }
  }
}

const maybe = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Reads a DTE by the map of its kind and version. */
export function readDteWith(map: DteMap, json: unknown): DteReading {
  const f = map.fields;
  const get = (name: DteField) => field(json, f, name);
  const nit = text(get('thirdPartyNit'));
  const thirdPartyName = text(get('thirdPartyName'));
  return {
    kind: map.kind,
    version: map.version,
    mhType: text(get('type')),
    issuer: { nit: text(get('issuerNit')), nrc: text(get('issuerNrc')), name: text(get('issuerName')) },
    generationCode: text(get('generationCode'))?.toUpperCase() ?? null,
    controlNumber: text(get('controlNumber')),
    date: text(get('date')),
    time: text(get('time')),
    operation: int(get('operation')) ?? 1,
    model: int(get('model')) ?? 1,
    party: partyOf(json, map),
    amounts: {
      totalExenta: amount(get('totalExenta')),
      totalNoSuj: amount(get('totalNoSuj')),
      totalGravada: amount(get('totalGravada')),
      descuExenta: amount(get('descuExenta')),
      descuNoSuj: amount(get('descuNoSuj')),
      descuGravada: amount(get('descuGravada')),
      iva: ivaOf(json, map),
      ivaRetenido: amount(get('ivaRetenido')),
      ivaPercibido: amount(get('ivaPercibido')),
      reteRenta: amount(get('reteRenta')),
      totalPagar: maybe(get('totalPagar')),
      montoTotalOperacion: maybe(get('montoTotalOperacion')),
      subTotal: amount(get('subTotal')),
      totalRetenido: amount(get('totalRetenido')),
      totalCompra: amount(get('totalCompra')),
    },
    condition: int(get('condicionOperacion')),
    payments: map.payments
      ? each(json, map.payments).map((p) => ({
          code: text(field(p, map.payments!.fields, 'code')) ?? '99',
          amount: amount(field(p, map.payments!.fields, 'amount')),
        }))
      : [],
    exportItems: map.kind === 'FEX' ? (int(get('exportItems')) ?? 1) : 0,
    thirdParty: nit || thirdPartyName ? { nit: nit ?? '', name: thirdPartyName ?? '' } : null,
    related: map.related
      ? each(json, map.related).map((r) => {
          const g = map.related!.fields;
          return {
            type: text(field(r, g, 'type')),
            generation: int(field(r, g, 'generation')),
            number: text(field(r, g, 'number')),
            date: text(field(r, g, 'date')),
          };
        })
      : [],
    lines: () =>
      each(json, map.items).map((it) => {
        const g = map.items?.fields ?? {};
        return {
          code: text(field(it, g, 'code')),
          description: text(field(it, g, 'description')) ?? '',
          quantity: amount(field(it, g, 'quantity')),
          gravada: amount(field(it, g, 'gravada')),
          exenta: amount(field(it, g, 'exenta')),
          noSuj: amount(field(it, g, 'noSuj')),
          compra: amount(field(it, g, 'compra')),
          ivaItem: amount(field(it, g, 'ivaItem')),
        };
      }),
    retentions: () =>
      map.kind !== 'CR'
        ? []
        : each(json, map.items).map((it) => {
            const g = map.items?.fields ?? {};
            return {
              type: text(field(it, g, 'retainedType')),
              number: text(field(it, g, 'retainedNumber')),
              date: text(field(it, g, 'retainedDate')),
              subject: amount(field(it, g, 'retentionSubject')),
              retained: amount(field(it, g, 'retained')),
              code: text(field(it, g, 'retentionCode')) ?? '',
            };
          }),
  };
}

export class UnknownMhVersion extends Error {
  constructor(
    readonly kind: string,
    readonly version: number | null,
  ) {
    super(`no reader for MH ${kind} version ${String(version)}`);
  }
}

/**
 * Reads a stored DTE of `kind`: its version is the JSON's own identificacion.version (MH validated the document
 * against that version's schema), else `version` as the record says.
 */
export function readDte(kind: DteKind, json: unknown, version?: number): DteReading {
  const v = int(at(json, 'identificacion.version')) ?? version ?? null;
  const map = v === null ? null : dteMapOf(kind, v);
  if (!map) throw new UnknownMhVersion(kind, v);
  return readDteWith(map, json);
}
