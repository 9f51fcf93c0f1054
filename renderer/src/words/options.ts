// The words of options: imported by the screens that use them, not carried by the counter's first screen.
/** The words for the contract's enum values, by value, as the forms' selects show them. */
export const optionWords = {
  idTypes: { NIT: 'NIT', DUI: 'DUI', PASAPORTE: 'Pasaporte', CARNET_RESIDENTE: 'Carné de residente', OTRO: 'Otro' },
  contributorTypes: { NATURAL: 'Natural', JURIDICA: 'Jurídica' },
  contributorSizes: { GRANDE: 'Grande', MEDIANO: 'Mediano', OTROS: 'Otros' },
  paymentTypes: { CONTADO: 'Contado', CREDITO: 'Crédito', OTRO: 'Otro' },
  saleTypes: { GRAVADA: 'Gravada', EXENTA: 'Exenta', NO_SUJETA: 'No sujeta' },
  itemTypes: { BIENES: 'Bienes', SERVICIOS: 'Servicios', BIENES_Y_SERVICIOS: 'Bienes y servicios', OTROS: 'Otros tributos' },
  attachmentCodes: { EMISOR: 'Del emisor', RECEPTOR: 'Del receptor', DOCTOR: 'Médico', TRANSPORTE: 'Transporte' },
  doctorServices: {
    CIRUGIA: 'Cirugía',
    OPERACION: 'Operación',
    TRATAMIENTO_MEDICO: 'Tratamiento médico',
    CIRUGIA_ISBM: 'Cirugía (ISBM)',
    OPERACION_ISBM: 'Operación (ISBM)',
    TRATAMIENTO_MEDICO_ISBM: 'Tratamiento médico (ISBM)',
  },
  transports: { TERRESTRE: 'Terrestre', MARITIMO: 'Marítimo', AEREO: 'Aéreo', TERRESTRE_MARITIMO: 'Terrestre y marítimo' },
  retainedDocumentTypes: { FISICO: 'Físico', DIGITAL: 'Electrónico' },
  retainedKinds: { FC: 'Factura', CCF: 'CCF', FSE: 'Sujeto excluido' },
  retentionCodes: {
    RETENCION_IVA_1: 'IVA 1 %',
    RETENCION_IVA_13: 'IVA 13 %',
    OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES: 'Otras (casos especiales)',
  },
  establishments: { '01': 'Sucursal / agencia', '02': 'Casa matriz', '04': 'Bodega', '07': 'Predio y/o patio', '20': 'Otro' },
  /** CAT-025, why the goods of a nota de remisión travel. */
  goodsTitles: {
    DEPOSITO: '01 · Depósito',
    PROPIEDAD: '02 · Propiedad',
    CONSIGNACION: '03 · Consignación',
    TRASLADO: '04 · Traslado',
    OTROS: '05 · Otros',
  },
  /** CAT-009, an affiliate's establishment in a DCL. */
  establishmentTypes: { SUCURSAL: 'Sucursal / agencia', CASA_MATRIZ: 'Casa matriz', BODEGA: 'Bodega', PATIO: 'Predio y/o patio' },
  /** CAT-026, what was donated. */
  donationTypes: { EFECTIVO: '1 · Efectivo', BIEN: '2 · Bien', SERVICIO: '3 · Servicio' },
  liquidatedKinds: { FC: 'Factura', CCF: 'CCF', NC: 'Nota de crédito', ND: 'Nota de débito', FEX: 'Exportación' },
  cdAttachmentCodes: { EMISOR: 'Del donatario (emisor)', RECEPTOR: 'Del donante' },
};
