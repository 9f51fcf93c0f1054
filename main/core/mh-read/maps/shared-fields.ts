// Field paths every DTE version writes alike: its identification, a sale's summary and lines, a related document,
// a payment, and a sale on a third party's behalf. A version that differs spells its own (one file per version).
import type { DteField, FieldGroup, FieldPath, ItemField, PaymentField, RelatedField } from '../field-map';

export const IDENTIFICATION = {
  type: 'identificacion.tipoDte',
  issuerNit: 'emisor.nit',
  issuerNrc: 'emisor.nrc',
  issuerName: 'emisor.nombre',
  generationCode: 'identificacion.codigoGeneracion',
  controlNumber: 'identificacion.numeroControl',
  date: 'identificacion.fecEmi',
  time: 'identificacion.horEmi',
  operation: 'identificacion.tipoOperacion',
  model: 'identificacion.tipoModelo',
} as const satisfies Partial<Record<DteField, FieldPath>>;

/** The resumen's three columns of a sale and their discounts (FE, CCF, NC and ND v3). */
export const SALE_TOTALS = {
  totalExenta: 'resumen.totalExenta',
  totalNoSuj: 'resumen.totalNoSuj',
  totalGravada: 'resumen.totalGravada',
  descuExenta: 'resumen.descuExenta',
  descuNoSuj: 'resumen.descuNoSuj',
  descuGravada: 'resumen.descuGravada',
  montoTotalOperacion: 'resumen.montoTotalOperacion',
  condicionOperacion: 'resumen.condicionOperacion',
} as const satisfies Partial<Record<DteField, FieldPath>>;

export const THIRD_PARTY = { thirdPartyNit: 'ventaTercero.nit', thirdPartyName: 'ventaTercero.nombre' } as const satisfies Partial<
  Record<DteField, FieldPath>
>;

/** A sale's line (FE, CCF, NC, ND; FEX has only the gravada column). */
export const SALE_ITEM = {
  at: 'cuerpoDocumento',
  fields: {
    code: 'codigo',
    description: 'descripcion',
    quantity: 'cantidad',
    gravada: 'ventaGravada',
    exenta: 'ventaExenta',
    noSuj: 'ventaNoSuj',
  },
} as const satisfies FieldGroup<ItemField>;

export const RELATED: FieldGroup<RelatedField> = {
  at: 'documentoRelacionado',
  fields: { type: 'tipoDocumento', generation: 'tipoGeneracion', number: 'numeroDocumento', date: 'fechaEmision' },
};

export const PAYMENTS: FieldGroup<PaymentField> = { at: 'resumen.pagos', fields: { code: 'codigo', amount: 'montoPago' } };

/** The counterpart named by document type and number (FE, CR, NC and ND v4, FSE). */
export const BY_DOCUMENT = { name: 'nombre', docType: 'tipoDocumento', docNumber: 'numDocumento', nrc: 'nrc' } as const;
