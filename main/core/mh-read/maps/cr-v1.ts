// Comprobante de retención, fe-cr-v1 (legacy): the IVA retained in all is totalIVAretenido; a line names the
// retained document by tipoDoc.
import type { DteMap, FieldGroup, ItemField } from '../field-map';
import { BY_DOCUMENT, IDENTIFICATION } from './shared-fields';

export const CR_ITEM_V1: FieldGroup<ItemField> = {
  at: 'cuerpoDocumento',
  fields: {
    description: 'descripcion',
    retainedType: 'tipoDte',
    retainedNumber: 'numDocumento',
    retainedDate: 'fechaEmision',
    retentionSubject: 'montoSujetoGrav',
    retained: 'ivaRetenido',
    retentionCode: 'codigoRetencionMH',
  },
};

export const CR_V1: DteMap = {
  kind: 'CR',
  version: 1,
  schema: 'legacy-v1-2023/fe-cr-v1.json',
  fields: { ...IDENTIFICATION, totalRetenido: 'resumen.totalIVAretenido' },
  party: { at: 'receptor', fields: BY_DOCUMENT },
  items: CR_ITEM_V1,
  related: null,
  payments: null,
  iva: 'none',
};
