// Comprobante de donación, fe-cd-v1 (legacy: the donee issues as `donatario` to the `donante`) and fe-cd-v2
// (Normativa DTE v2.0: emisor and receptor). Both identify the issuer by document type and number, not by NIT.
import type { DteMap, FieldGroup, ItemField } from '../field-map';
import { IDENTIFICATION, PAYMENTS } from './shared-fields';

const CD_ITEM: FieldGroup<ItemField> = {
  at: 'cuerpoDocumento',
  fields: { code: 'codigo', description: 'descripcion', quantity: 'cantidad' },
};

const issuer = (at: string) => ({ issuerNit: `${at}.numDocumento`, issuerNrc: `${at}.nrc`, issuerName: `${at}.nombre` }) as const;
const PARTY_FIELDS = { name: 'nombre', docType: 'tipoDocumento', docNumber: 'numDocumento', nrc: 'nrc' } as const;

export const CD_V1: DteMap = {
  kind: 'CD',
  version: 1,
  schema: 'legacy-v1-2023/fe-cd-v1.json',
  fields: { ...IDENTIFICATION, ...issuer('donatario'), montoTotalOperacion: 'resumen.valorTotal' },
  party: { at: 'donante', fields: PARTY_FIELDS },
  items: CD_ITEM,
  related: null,
  payments: PAYMENTS,
  iva: 'none',
};

export const CD_V2: DteMap = {
  ...CD_V1,
  version: 2,
  schema: 'v2-2026/fe-cd-v2.json',
  fields: { ...IDENTIFICATION, ...issuer('emisor'), montoTotalOperacion: 'resumen.valorTotal' },
  party: { at: 'receptor', fields: PARTY_FIELDS },
};
