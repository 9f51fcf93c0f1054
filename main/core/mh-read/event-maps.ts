// The events' field maps, one per schema version: the invalidation (anulacion v2, invalidacion v3), the contingency
// event (v3, v4) and the Evento de Retorno (fe-eret-v1). Walked through MH's schemas by
// test/unit/mh-read/maps-against-schemas.test.ts like the DTE maps.
import type { FieldGroup, FieldPath, SchemaFile } from './field-map';

export type InvalidationField =
  | 'version'
  | 'generationCode'
  /** The day and time of the event: fecAnula/horAnula in v2, fecEmi/horEmi ("Fecha del Evento") in v3. */
  | 'date'
  | 'time'
  | 'targetType'
  | 'targetGenerationCode'
  | 'targetSeal'
  | 'targetControlNumber'
  | 'targetDate'
  | 'replacement'
  | 'type'
  | 'reason';

export interface InvalidationMap {
  readonly version: number;
  readonly schema: SchemaFile;
  readonly fields: Readonly<Record<InvalidationField, FieldPath>>;
}

const INVALIDATION_TARGET = {
  version: 'identificacion.version',
  generationCode: 'identificacion.codigoGeneracion',
  targetType: 'documento.tipoDte',
  targetGenerationCode: 'documento.codigoGeneracion',
  targetSeal: 'documento.selloRecibido',
  targetControlNumber: 'documento.numeroControl',
  targetDate: 'documento.fecEmi',
  replacement: 'documento.codigoGeneracionR',
  type: 'motivo.tipoAnulacion',
  reason: 'motivo.motivoAnulacion',
} as const;

export const ANULACION_V2: InvalidationMap = {
  version: 2,
  schema: 'legacy-v1-2023/anulacion-schema-v2.json',
  fields: { ...INVALIDATION_TARGET, date: 'identificacion.fecAnula', time: 'identificacion.horAnula' },
};

export const INVALIDACION_V3: InvalidationMap = {
  version: 3,
  schema: 'v2-2026/invalidacion-schema-v3.json',
  fields: { ...INVALIDATION_TARGET, date: 'identificacion.fecEmi', time: 'identificacion.horEmi' },
};

export const INVALIDATION_MAPS: readonly InvalidationMap[] = [ANULACION_V2, INVALIDACION_V3];

export type ContingencyField = 'version' | 'generationCode' | 'sentDate' | 'sentTime' | 'from' | 'fromTime' | 'to' | 'toTime' | 'type';

export interface ContingencyMap {
  readonly version: number;
  readonly schema: SchemaFile;
  readonly fields: Readonly<Record<ContingencyField, FieldPath>>;
  readonly documents: FieldGroup<'generationCode' | 'type'>;
  /** MH's establishment and point-of-sale codes (M001, P001): v4's; v3 names the point by the issuer's own code. */
  readonly point: { readonly establishment: FieldPath; readonly pointOfSale: FieldPath } | null;
}

const CONTINGENCY_FIELDS = {
  version: 'identificacion.version',
  generationCode: 'identificacion.codigoGeneracion',
  sentDate: 'identificacion.fTransmision',
  sentTime: 'identificacion.hTransmision',
  from: 'motivo.fInicio',
  fromTime: 'motivo.hInicio',
  to: 'motivo.fFin',
  toTime: 'motivo.hFin',
  type: 'motivo.tipoContingencia',
} as const;

const CONTINGENCY_DOCUMENTS = { at: 'detalleDTE', fields: { generationCode: 'codigoGeneracion', type: 'tipoDoc' } } as const;

export const CONTINGENCIA_V3: ContingencyMap = {
  version: 3,
  schema: 'legacy-v1-2023/contingencia-schema-v3.json',
  fields: CONTINGENCY_FIELDS,
  documents: CONTINGENCY_DOCUMENTS,
  point: null,
};
export const CONTINGENCIA_V4: ContingencyMap = {
  version: 4,
  schema: 'v2-2026/contingencia-schema-v4.json',
  fields: CONTINGENCY_FIELDS,
  documents: CONTINGENCY_DOCUMENTS,
  point: { establishment: 'emisor.codEstableMH', pointOfSale: 'emisor.codPuntoVentaMH' },
};

/** The issuer's NIT, where every DTE and event of both normatives writes it. */
export const ISSUER_NIT: FieldPath = 'emisor.nit';

export const CONTINGENCY_MAPS: readonly ContingencyMap[] = [CONTINGENCIA_V3, CONTINGENCIA_V4];

export type ReturnField =
  | 'generationCode'
  | 'date'
  | 'time'
  | 'operation'
  | 'establishment'
  | 'pointOfSale'
  | 'exportItems'
  | 'totalExenta'
  | 'totalNoSuj'
  | 'totalGravada'
  | 'totalIva'
  | 'totalPagar'
  | 'montoTotalOperacion'
  | 'totalCompra';

export interface ReturnMap {
  readonly version: number;
  readonly schema: SchemaFile;
  readonly fields: Readonly<Record<ReturnField, FieldPath>>;
  readonly party: FieldGroup<'name' | 'docType' | 'docNumber' | 'country'>;
  readonly related: FieldGroup<'type' | 'generationCode' | 'date'>;
}

/** fe-eret-v1: what an Evento de Retorno gives back on an FE, FEX or FSE (docs/mh.md, Evento de Retorno). */
export const ERET_V1: ReturnMap = {
  version: 1,
  schema: 'v2-2026/fe-eret-v1.json',
  fields: {
    generationCode: 'identificacion.codigoGeneracion',
    date: 'identificacion.fecEmi',
    time: 'identificacion.horEmi',
    operation: 'identificacion.tipoOperacion',
    establishment: 'emisor.codEstableMH',
    pointOfSale: 'emisor.codPuntoVentaMH',
    exportItems: 'emisor.tipoItemExpor',
    totalExenta: 'resumen.totalExenta',
    totalNoSuj: 'resumen.totalNoSuj',
    totalGravada: 'resumen.totalGravada',
    totalIva: 'resumen.totalIva',
    totalPagar: 'resumen.totalPagar',
    montoTotalOperacion: 'resumen.montoTotalOperacion',
    totalCompra: 'resumen.totalCompraExcluidos',
  },
  party: { at: 'documento', fields: { name: 'nombre', docType: 'tipoDocumento', docNumber: 'numDocumento', country: 'codPais' } },
  related: { at: 'documentoRelacionado', fields: { type: 'tipoDocumento', generationCode: 'codigoGeneracion', date: 'fechaEmision' } },
};
