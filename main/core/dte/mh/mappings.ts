// Contract enums → MH catalog codes. Each table is the one place its mapping lives; `satisfies Record<…>`
// makes the compiler refuse a missing case.
import type { IdType } from '../../../../shared/contract';
import { UNITS } from '../../../../shared/catalogs';

/** CAT-016 Condición de la operación. */
export const PAYMENT_CONDITION = { CONTADO: 1, CREDITO: 2, OTRO: 3 } as const satisfies Record<'CONTADO' | 'CREDITO' | 'OTRO', number>;

/** CAT-022 Tipo de documento de identificación. */
export const ID_TYPE = { NIT: '36', DUI: '13', PASAPORTE: '03', CARNET_RESIDENTE: '02', OTRO: '37' } as const satisfies Record<
  IdType,
  string
>;

/** CAT-011 Tipo de ítem. */
export const ITEM_TYPE = { BIENES: 1, SERVICIOS: 2, BIENES_Y_SERVICIOS: 3, OTROS: 4 } as const;

/** CAT-014 Unidad de medida, by the contract key. */
export const UNIT: Readonly<Record<string, number>> = Object.fromEntries(UNITS.map((u) => [u.key, u.code]));
/** MH's "otra" unit, also the unit of tax lines (tipoItem 4). */
export const UNIT_OTHER = 99;

/** CAT-031 INCOTERMS. */
export const INCOTERM = {
  EXW: { code: '01', name: 'EXW-En fabrica' },
  FCA: { code: '02', name: 'FCA-Libre transportista' },
  CPT: { code: '03', name: 'CPT-Transporte pagado hasta' },
  CIP: { code: '04', name: 'CIP-Transporte y seguro pagado hasta' },
  DAP: { code: '05', name: 'DAP-Entrega en el lugar' },
  DPU: { code: '06', name: 'DPU-Entregado en el lugar descargado' },
  DDP: { code: '07', name: 'DDP-Entrega con impuestos pagados' },
  FAS: { code: '08', name: 'FAS-Libre al costado del buque' },
  FOB: { code: '09', name: 'FOB-Libre a bordo' },
  CFR: { code: '10', name: 'CFR-Costo y flete' },
  CIF: { code: '11', name: 'CIF-Costo seguro y flete' },
  DAT: { code: '12', name: 'DAT-Entregado en terminal' },
  DAF: { code: '13', name: 'DAF-Entregada en frontera' },
  DES: { code: '14', name: 'DES-Entregada sobre duque' },
  DEQ: { code: '15', name: 'DEQ-Entregada en muelle' },
  DDU: { code: '16', name: 'DDU-Entregada derechos no pagados' },
} as const;

/** CAT-030 Transporte. */
export const TRANSPORT = {
  TERRESTRE: 1,
  MARITIMO: 2,
  AEREO: 3,
  TERRESTRE_MARITIMO: 4,
  TERRESTRE_AEREO: 5,
  MARITIMO_AEREO: 6,
  TERRESTRE_MARITIMO_AEREO: 7,
} as const;

/** CAT-006 Retención IVA MH. */
export const RETENTION = { RETENCION_IVA_1: '22', RETENCION_IVA_13: 'C4', OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES: 'C9' } as const;

/** CAT-010 Tipo de servicio (médico). */
export const DOCTOR_SERVICE = {
  CIRUGIA: 1,
  OPERACION: 2,
  TRATAMIENTO_MEDICO: 3,
  CIRUGIA_ISBM: 4,
  OPERACION_ISBM: 5,
  TRATAMIENTO_MEDICO_ISBM: 6,
} as const;

/** CAT-021 Otros documentos asociados. */
export const ATTACHMENT = { EMISOR: 1, RECEPTOR: 2, DOCTOR: 3, TRANSPORTE: 4 } as const;

/** CAT-026 Tipo de donación. */
export const DONATION_TYPE = { EFECTIVO: 1, BIEN: 2, SERVICIO: 3 } as const satisfies Record<'EFECTIVO' | 'BIEN' | 'SERVICIO', number>;

/** CAT-032 Domicilio fiscal (the CD's donor, by the contract's `domiciled`). */
export const DOMICILE = { DOMICILIADO: 1, NO_DOMICILIADO: 2 } as const;

/** CAT-029 Tipo de persona. */
export const PERSON_TYPE = { NATURAL: 1, JURIDICA: 2 } as const;

/** CAT-002 of the documents a CR line may name. */
export const CR_DOCUMENT_TYPE = { FC: '01', CCF: '03', FSE: '14' } as const;

/** CAT-007 Tipo de generación del documento. */
export const GENERATION = { FISICO: 1, DIGITAL: 2 } as const;

/** CAT-017 Forma de pago used for a cash sale: the contract carries no payment method, so cash. */
export const CASH_PAYMENT = '01';
/** CAT-017 "otros". */
export const OTHER_PAYMENT = '99';
