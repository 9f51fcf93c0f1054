// The one reader of MH's events: an invalidation of either normative, a contingency event, an Evento de Retorno.
// Each is read by the map of its own identificacion.version (event-maps.ts).
import { amount, at, field, int, list, text } from './field-map';
import { CONTINGENCY_MAPS, ERET_V1, INVALIDATION_MAPS, ISSUER_NIT, type ContingencyMap, type InvalidationMap } from './event-maps';

export interface InvalidationReading {
  readonly version: number;
  readonly generationCode: string | null;
  /** The day (YYYY-MM-DD) and time the event says it was made, El Salvador time. */
  readonly date: string | null;
  readonly time: string | null;
  readonly target: {
    readonly type: string | null;
    /** upper case, with hyphens. */
    readonly generationCode: string | null;
    readonly seal: string | null;
    readonly controlNumber: string | null;
    readonly date: string | null;
  };
  readonly replacement: string | null;
  /** CAT-024: 1 error, 2 rescission, 3 other. */
  readonly type: number | null;
  readonly reason: string | null;
}

const byVersion = <M extends { readonly version: number }>(maps: readonly M[], json: unknown): M | null => {
  const v = int(at(json, 'identificacion.version'));
  return maps.find((m) => m.version === v) ?? null;
};

/** null for JSON that is no invalidation of a version MH defines. */
export function readInvalidation(json: unknown): InvalidationReading | null {
  const map: InvalidationMap | null = byVersion(INVALIDATION_MAPS, json);
  if (!map) return null;
  const get = (name: keyof InvalidationMap['fields']) => field(json, map.fields, name);
  return {
    version: map.version,
    generationCode: text(get('generationCode'))?.toUpperCase() ?? null,
    date: text(get('date')),
    time: text(get('time')),
    target: {
      type: text(get('targetType')),
      generationCode: text(get('targetGenerationCode'))?.toUpperCase() ?? null,
      seal: text(get('targetSeal')),
      controlNumber: text(get('targetControlNumber')),
      date: text(get('targetDate')),
    },
    replacement: text(get('replacement'))?.toUpperCase() ?? null,
    type: int(get('type')),
    reason: text(get('reason')),
  };
}

/** The day an invalidation event says it was made, from its stored JSON text; null where it says none. */
export function invalidationDate(mhJson: string | null | undefined): string | null {
  if (!mhJson) return null;
  try {
    return readInvalidation(JSON.parse(mhJson) as unknown)?.date ?? null;
  } catch {
    return null;
  }
}

/** The issuer's NIT of any DTE or event, digits only (what the hub compares with the company's). */
export const issuerNit = (json: unknown): string => {
  const v = at(json, ISSUER_NIT);
  return typeof v === 'string' ? v.replace(/\D/g, '') : '';
};

export interface ContingencyReading {
  readonly version: number;
  /** MH's establishment and point of sale (M001P001) where the version names them (v4); null otherwise. */
  readonly point: string | null;
  readonly generationCode: string | null;
  readonly from: string | null;
  readonly to: string | null;
  /** CAT-005. */
  readonly type: number | null;
  readonly documents: readonly { readonly generationCode: string | null; readonly type: string | null }[];
}

export function readContingency(json: unknown): ContingencyReading | null {
  const map: ContingencyMap | null = byVersion(CONTINGENCY_MAPS, json);
  if (!map) return null;
  const get = (name: keyof ContingencyMap['fields']) => field(json, map.fields, name);
  const establishment = map.point ? text(at(json, map.point.establishment)) : null;
  const pointOfSale = map.point ? text(at(json, map.point.pointOfSale)) : null;
  return {
    version: map.version,
    point: establishment && pointOfSale ? `${establishment}${pointOfSale}` : null,
    generationCode: text(get('generationCode'))?.toUpperCase() ?? null,
    from: text(get('from')),
    to: text(get('to')),
    type: int(get('type')),
    documents: list(at(json, map.documents.at)).map((d) => ({
      generationCode: text(field(d, map.documents.fields, 'generationCode'))?.toUpperCase() ?? null,
      type: text(field(d, map.documents.fields, 'type')),
    })),
  };
}

export interface ReturnReading {
  readonly generationCode: string | null;
  readonly date: string | null;
  readonly time: string | null;
  readonly operation: number;
  /** The MH establishment and point-of-sale codes, as the control number's block reads them (M001P001). */
  readonly point: string;
  readonly exportItems: number | null;
  readonly party: {
    readonly name: string;
    readonly docType: string | null;
    readonly number: string | null;
    readonly country: string | null;
  };
  readonly related: readonly { readonly type: string | null; readonly generationCode: string | null; readonly date: string | null }[];
  readonly amounts: {
    readonly totalExenta: number;
    readonly totalNoSuj: number;
    readonly totalGravada: number;
    readonly totalIva: number;
    readonly totalPagar: number;
    readonly montoTotalOperacion: number;
    readonly totalCompra: number;
  };
}

/** An Evento de Retorno (fe-eret-v1, the only version MH defines). */
export function readReturn(json: unknown): ReturnReading {
  const m = ERET_V1;
  const get = (name: keyof typeof m.fields) => field(json, m.fields, name);
  const doc = at(json, m.party.at);
  const p = (name: keyof typeof m.party.fields) => text(field(doc, m.party.fields, name));
  return {
    generationCode: text(get('generationCode'))?.toUpperCase() ?? null,
    date: text(get('date')),
    time: text(get('time')),
    operation: int(get('operation')) ?? 1,
    point: `${text(get('establishment')) ?? ''}${text(get('pointOfSale')) ?? ''}`,
    exportItems: int(get('exportItems')),
    party: { name: p('name') ?? '', docType: p('docType'), number: p('docNumber'), country: p('country') },
    related: list(at(json, m.related.at)).map((r) => ({
      type: text(field(r, m.related.fields, 'type')),
      generationCode: text(field(r, m.related.fields, 'generationCode'))?.toUpperCase() ?? null,
      date: text(field(r, m.related.fields, 'date')),
    })),
    amounts: {
      totalExenta: amount(get('totalExenta')),
      totalNoSuj: amount(get('totalNoSuj')),
      totalGravada: amount(get('totalGravada')),
      totalIva: amount(get('totalIva')),
      totalPagar: amount(get('totalPagar')),
      montoTotalOperacion: amount(get('montoTotalOperacion')),
      totalCompra: amount(get('totalCompra')),
    },
  };
}
