// The issue forms as data: one spec per kind, grouped the way a cashier thinks (receiver, items, payment,
// related documents, attachments, export data). Rendered by FormEngine, validated with the contract's schemas.
import { DEPARTMENTS, ECONOMIC_ACTIVITIES, FISCAL_ENCLOSURES, REGIMES, UNITS, COUNTRIES } from '../../../shared/catalogs';
import type { DteKind } from '../../../shared/contract';
import { DOCTOR_SERVICES } from '../../../shared/contract/common';
import type { IdFormat } from './id-input';

export type Options = readonly (readonly [string, string])[];

export type Field =
  /** `secret`: a password, typed hidden and never trimmed; `format`: an id or phone, typed with hyphens, sent as digits. */
  | { readonly type: 'text'; readonly key: string; readonly label: string; readonly long?: boolean; readonly hint?: string; readonly secret?: boolean; readonly format?: IdFormat }
  | { readonly type: 'number'; readonly key: string; readonly label: string; readonly hint?: string }
  | { readonly type: 'date'; readonly key: string; readonly label: string }
  | { readonly type: 'select'; readonly key: string; readonly label: string; readonly options: Options; readonly optional?: boolean }
  /** A catalog with many entries: typed with search (datalist), stored as the code. */
  | { readonly type: 'catalog'; readonly key: string; readonly label: string; readonly options: Options }
  | { readonly type: 'address'; readonly key: string; readonly label: string }
  | { readonly type: 'group'; readonly key: string; readonly label: string; readonly fields: readonly Field[]; readonly optional?: boolean }
  | { readonly type: 'list'; readonly key: string; readonly label: string; readonly item: readonly Field[]; readonly addLabel: string; readonly min?: number };

export interface Section {
  readonly title: string;
  readonly fields: readonly Field[];
}

const opts = (values: readonly string[], labels: Record<string, string> = {}): Options => values.map((v) => [v, labels[v] ?? v.replace(/_/g, ' ').toLowerCase()] as const);

export const CATALOGS = {
  activities: ECONOMIC_ACTIVITIES.map((a) => [a.code, a.name] as const),
  countries: COUNTRIES.map((c) => [c.code, c.name] as const),
  enclosures: FISCAL_ENCLOSURES.map((c) => [c.code, c.name] as const),
  regimes: REGIMES.map((c) => [c.code, c.name] as const),
  departments: DEPARTMENTS.filter((d) => d.code !== '00').map((d) => [d.code, d.name] as const),
  units: UNITS.map((u) => [u.key, u.name] as const),
};

const ID_TYPES = opts(['NIT', 'DUI', 'PASAPORTE', 'CARNET_RESIDENTE', 'OTRO'], { NIT: 'NIT', DUI: 'DUI', PASAPORTE: 'Pasaporte', CARNET_RESIDENTE: 'Carné de residente', OTRO: 'Otro' });
const idDocument = (types: Options = ID_TYPES): Field => ({
  type: 'group',
  key: 'identificationDocument',
  label: 'Documento de identidad',
  fields: [
    { type: 'select', key: 'type', label: 'Tipo', options: types },
    { type: 'text', key: 'number', label: 'Número', hint: 'DUI 9 dígitos, NIT 14; con o sin guiones', format: 'document' },
  ],
});
/** How MH reaches a national recipient: email, phone and address (the receipt goes to the email). */
const contact: Field[] = [
  { type: 'text', key: 'email', label: 'Correo electrónico' },
  { type: 'text', key: 'phone', label: 'Teléfono (8 dígitos)', format: 'phone' },
  { type: 'address', key: 'address', label: 'Dirección' },
];

const contributor: Field[] = [
  { type: 'select', key: 'contributorType', label: 'Tipo de persona', options: opts(['NATURAL', 'JURIDICA'], { NATURAL: 'Natural', JURIDICA: 'Jurídica' }), optional: true },
  { type: 'select', key: 'contributorSize', label: 'Tamaño de contribuyente', options: opts(['GRANDE', 'MEDIANO', 'OTROS'], { GRANDE: 'Grande', MEDIANO: 'Mediano', OTROS: 'Otros' }), optional: true },
];
const activity = (label = 'Actividad económica'): Field => ({ type: 'catalog', key: 'economicActivity', label, options: CATALOGS.activities });
const payment: Field = { type: 'select', key: 'paymentType', label: 'Condición de pago', options: opts(['CONTADO', 'CREDITO', 'OTRO'], { CONTADO: 'Contado', CREDITO: 'Crédito', OTRO: 'Otro' }) };
const generatedAt: Field = { type: 'date', key: 'generatedAt', label: 'Fecha de emisión (vacío: hoy)' };
const branch: Field = {
  type: 'group',
  key: 'branchOffice',
  label: 'Sucursal y punto de venta (vacío: los de esta estación)',
  optional: true,
  fields: [
    { type: 'text', key: 'mhCode', label: 'Código de sucursal' },
    { type: 'number', key: 'posNumber', label: 'Punto de venta' },
  ],
};
const thirdParty: Field = {
  type: 'group',
  key: 'thirdPartySale',
  label: 'Venta a cuenta de terceros',
  optional: true,
  fields: [{ type: 'text', key: 'name', label: 'Nombre del tercero' }, idDocument(opts(['NIT'], { NIT: 'NIT' }))],
};
const SALE_TYPES = opts(['GRAVADA', 'EXENTA', 'NO_SUJETA'], { GRAVADA: 'Gravada', EXENTA: 'Exenta', NO_SUJETA: 'No sujeta' });
const ITEM_TYPES = opts(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS', 'OTROS'], { BIENES: 'Bienes', SERVICIOS: 'Servicios', BIENES_Y_SERVICIOS: 'Bienes y servicios', OTROS: 'Otros tributos' });
const saleItem = (withPsv: boolean, withDocument: boolean): Field[] => [
  { type: 'select', key: 'type', label: 'Tipo', options: ITEM_TYPES },
  { type: 'text', key: 'description', label: 'Descripción' },
  { type: 'number', key: 'quantity', label: 'Cantidad' },
  { type: 'catalog', key: 'unitMeasure', label: 'Unidad', options: CATALOGS.units },
  { type: 'number', key: 'unitPrice', label: 'Precio unitario sin IVA' },
  { type: 'number', key: 'discountAmount', label: 'Descuento' },
  { type: 'select', key: 'saleType', label: 'Tipo de venta', options: SALE_TYPES },
  { type: 'text', key: 'internalCode', label: 'Código interno' },
  { type: 'text', key: 'taxCode', label: 'Código de tributo (OTROS)' },
  ...(withPsv ? [{ type: 'number', key: 'psv', label: 'Precio sugerido (PSV)' } as Field] : []),
  ...(withDocument ? [{ type: 'text', key: 'documentNumber', label: 'Documento que ajusta (id)' } as Field] : []),
];
const noGrav: Field = {
  type: 'list',
  key: 'itemsNoGrav',
  label: 'Montos no gravados',
  addLabel: 'Agregar monto no gravado',
  item: [
    { type: 'select', key: 'type', label: 'Tipo', options: ITEM_TYPES.filter(([v]) => v !== 'OTROS') },
    { type: 'text', key: 'description', label: 'Descripción' },
    { type: 'number', key: 'amount', label: 'Monto' },
    { type: 'text', key: 'internalCode', label: 'Código interno' },
  ],
};
const related = (min = 0): Field => ({ type: 'list', key: 'relatedTaxDocuments', label: 'Documentos relacionados', addLabel: 'Agregar documento relacionado', min, item: [{ type: 'text', key: 'id', label: 'Id del documento' }] });
/** A purchase or export line: what is bought or sold, by the unit. */
const unitLine: Field[] = [
  { type: 'text', key: 'description', label: 'Descripción' },
  { type: 'number', key: 'quantity', label: 'Cantidad' },
  { type: 'catalog', key: 'unitMeasure', label: 'Unidad', options: CATALOGS.units },
  { type: 'number', key: 'unitPrice', label: 'Precio unitario' },
  { type: 'number', key: 'discountAmount', label: 'Descuento' },
  { type: 'text', key: 'internalCode', label: 'Código interno' },
];
/** Associated documents: the issuer's or the receiver's with a detail, or one more kind with its own sub-form. */
const attachmentList = (code: string, codeLabel: string, subForm: Field): Field => ({
  type: 'list',
  key: 'attachments',
  label: 'Documentos asociados',
  addLabel: 'Agregar documento asociado',
  item: [
    { type: 'select', key: 'code', label: 'Tipo', options: opts(['EMISOR', 'RECEPTOR', code], { EMISOR: 'Del emisor', RECEPTOR: 'Del receptor', [code]: codeLabel }) },
    { type: 'text', key: 'details', label: 'Detalle (emisor o receptor)' },
    subForm,
  ],
});
const attachments = attachmentList('DOCTOR', 'Médico', {
  type: 'group',
  key: 'doctor',
  label: 'Médico (solo tipo Médico)',
  optional: true,
  fields: [
    { type: 'text', key: 'name', label: 'Nombre del médico' },
    idDocument(),
    {
      type: 'select',
      key: 'service',
      label: 'Servicio',
      options: opts(DOCTOR_SERVICES, {
        CIRUGIA: 'Cirugía',
        OPERACION: 'Operación',
        TRATAMIENTO_MEDICO: 'Tratamiento médico',
        CIRUGIA_ISBM: 'Cirugía (ISBM)',
        OPERACION_ISBM: 'Operación (ISBM)',
        TRATAMIENTO_MEDICO_ISBM: 'Tratamiento médico (ISBM)',
      }),
    },
  ],
});
/** FEX: documents that travel with an export, the transport's among them. */
const fexAttachments = attachmentList('TRANSPORTE', 'Transporte', {
  type: 'group',
  key: 'driver',
  label: 'Transporte (solo tipo Transporte)',
  optional: true,
  fields: [
    { type: 'text', key: 'name', label: 'Nombre del conductor' },
    { type: 'text', key: 'documentIdentificationNumber', label: 'Documento del conductor' },
    { type: 'text', key: 'transportIdentificationNumber', label: 'Placa o matrícula' },
    { type: 'select', key: 'transport', label: 'Modo de transporte', options: opts(['TERRESTRE', 'MARITIMO', 'AEREO', 'TERRESTRE_MARITIMO'], { TERRESTRE: 'Terrestre', MARITIMO: 'Marítimo', AEREO: 'Aéreo', TERRESTRE_MARITIMO: 'Terrestre y marítimo' }) },
  ],
});
const discounts: Field[] = [
  { type: 'number', key: 'discountGrav', label: 'Descuento a ventas gravadas' },
  { type: 'number', key: 'discountExe', label: 'Descuento a ventas exentas' },
  { type: 'number', key: 'discountNoSuj', label: 'Descuento a ventas no sujetas' },
  { type: 'number', key: 'retentionIva', label: 'IVA retenido (US$)' },
  { type: 'number', key: 'retentionRenta', label: 'Renta retenida (US$)' },
];
const taxpayer = (nameMax: string): Field => ({
  type: 'group',
  key: 'recipient',
  label: 'Cliente (contribuyente)',
  fields: [
    { type: 'text', key: 'name', label: `Nombre o razón social (${nameMax})` },
    { type: 'text', key: 'commercialName', label: 'Nombre comercial' },
    idDocument(opts(['NIT', 'DUI'], { NIT: 'NIT', DUI: 'DUI' })),
    { type: 'text', key: 'nrc', label: 'NRC', format: 'nrc' },
    activity(),
    ...contributor,
    ...contact,
  ],
});

/** NC and ND share one body (docs/decisions/0002-contract-gaps.md). */
const NOTE: readonly Section[] = [
    { title: 'Documento que se ajusta', fields: [related(1)] },
    { title: 'Cliente', fields: [taxpayer('hasta 150')] },
    { title: 'Líneas', fields: [{ type: 'list', key: 'items', label: 'Líneas', addLabel: 'Agregar línea', min: 1, item: saleItem(false, true) }] },
    { title: 'Pago y descuentos', fields: [payment, ...discounts, generatedAt, branch, thirdParty] },
  ];

export const FORM_SPECS: Record<DteKind, readonly Section[]> = {
  FC: [
    {
      title: 'Cliente',
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: 'Cliente (opcional; obligatorio desde $1,095.00)',
          optional: true,
          fields: [
            { type: 'text', key: 'name', label: 'Nombre' },
            { ...idDocument(), optional: true } as Field,
            { type: 'text', key: 'email', label: 'Correo electrónico' },
            { type: 'text', key: 'phone', label: 'Teléfono (8 dígitos)', format: 'phone' },
            { type: 'text', key: 'nrc', label: 'NRC (solo con NIT)', format: 'nrc' },
            activity('Actividad económica (con NRC)'),
            ...contributor,
            { type: 'address', key: 'address', label: 'Dirección' },
          ],
        },
      ],
    },
    { title: 'Productos y servicios', fields: [{ type: 'list', key: 'items', label: 'Líneas', addLabel: 'Agregar línea', min: 1, item: saleItem(true, true) }, noGrav] },
    { title: 'Pago y descuentos', fields: [payment, ...discounts, generatedAt, branch] },
    { title: 'Documentos', fields: [related(), attachments, thirdParty] },
  ],
  CCF: [
    { title: 'Cliente', fields: [taxpayer('hasta 150')] },
    { title: 'Productos y servicios', fields: [{ type: 'list', key: 'items', label: 'Líneas', addLabel: 'Agregar línea', min: 1, item: saleItem(true, true) }, noGrav] },
    { title: 'Pago y descuentos', fields: [payment, ...discounts, generatedAt, branch] },
    { title: 'Documentos', fields: [related(), attachments, thirdParty] },
  ],
  NC: NOTE,
  ND: NOTE,
  CR: [
    {
      title: 'Sujeto retenido',
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: 'Sujeto retenido',
          fields: [
            { type: 'text', key: 'name', label: 'Nombre (hasta 250)' },
            { type: 'text', key: 'commercialName', label: 'Nombre comercial' },
            idDocument(),
            { type: 'text', key: 'nrc', label: 'NRC (obligatorio con NIT)', format: 'nrc' },
            activity(),
            ...contributor,
            ...contact,
          ],
        },
      ],
    },
    {
      title: 'Retenciones',
      fields: [
        {
          type: 'list',
          key: 'items',
          label: 'Documentos retenidos',
          addLabel: 'Agregar retención',
          min: 1,
          item: [
            { type: 'select', key: 'documentType', label: 'Documento', options: opts(['FISICO', 'DIGITAL'], { FISICO: 'Físico', DIGITAL: 'Electrónico' }) },
            { type: 'select', key: 'taxDocumentType', label: 'Tipo', options: opts(['FC', 'CCF', 'FSE'], { FC: 'Factura', CCF: 'CCF', FSE: 'Sujeto excluido' }) },
            { type: 'text', key: 'taxDocumentNumber', label: 'Número o código de generación' },
            { type: 'date', key: 'taxDocumentGeneratedAt', label: 'Fecha del documento' },
            { type: 'text', key: 'description', label: 'Descripción' },
            { type: 'number', key: 'amountSubject', label: 'Monto sujeto' },
            { type: 'number', key: 'ivaRetained', label: 'IVA retenido' },
            { type: 'select', key: 'retentionCode', label: 'Código', options: opts(['RETENCION_IVA_1', 'RETENCION_IVA_13', 'OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES'], { RETENCION_IVA_1: 'IVA 1 %', RETENCION_IVA_13: 'IVA 13 %', OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES: 'Otras (casos especiales)' }) },
          ],
        },
      ],
    },
    { title: 'Emisión', fields: [generatedAt, branch] },
  ],
  FSE: [
    {
      title: 'Sujeto excluido',
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: 'Vendedor (sujeto excluido)',
          fields: [
            { type: 'text', key: 'name', label: 'Nombre (hasta 250)' },
            idDocument(),
            activity('Actividad económica (opcional)'),
            ...contributor,
            ...contact,
          ],
        },
      ],
    },
    {
      title: 'Compras',
      fields: [
        {
          type: 'list',
          key: 'items',
          label: 'Líneas',
          addLabel: 'Agregar línea',
          min: 1,
          item: [
            { type: 'select', key: 'type', label: 'Tipo', options: ITEM_TYPES.filter(([v]) => v !== 'OTROS') },
            ...unitLine,
          ],
        },
      ],
    },
    {
      title: 'Pago',
      fields: [payment, { type: 'number', key: 'discount', label: 'Descuento global' }, { type: 'number', key: 'retentionIva', label: 'IVA retenido (US$)' }, { type: 'number', key: 'retentionRenta', label: 'Renta retenida (US$)' }, generatedAt, branch],
    },
  ],
  FEX: [
    {
      title: 'Cliente del exterior',
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: 'Cliente',
          fields: [
            { type: 'text', key: 'name', label: 'Nombre (hasta 250)' },
            { type: 'text', key: 'commercialName', label: 'Nombre comercial' },
            { type: 'catalog', key: 'country', label: 'País', options: CATALOGS.countries },
            { type: 'text', key: 'address', label: 'Dirección completa', long: true },
            { type: 'select', key: 'contributorType', label: 'Tipo de persona', options: opts(['NATURAL', 'JURIDICA'], { NATURAL: 'Natural', JURIDICA: 'Jurídica' }) },
            { type: 'select', key: 'contributorSize', label: 'Tamaño de contribuyente', options: opts(['GRANDE', 'MEDIANO', 'OTROS'], { GRANDE: 'Grande', MEDIANO: 'Mediano', OTROS: 'Otros' }), optional: true },
            activity(),
            { ...idDocument(), fields: [{ type: 'select', key: 'type', label: 'Tipo', options: ID_TYPES }, { type: 'text', key: 'number', label: 'Número (hasta 20)', format: 'document' }] } as Field,
            { type: 'text', key: 'email', label: 'Correo electrónico' },
            { type: 'text', key: 'phone', label: 'Teléfono (8 a 25 dígitos)', format: 'phone-intl' },
          ],
        },
      ],
    },
    {
      title: 'Productos y servicios',
      fields: [
        { type: 'select', key: 'itemType', label: 'Se exportan', options: opts(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS'], { BIENES: 'Bienes', SERVICIOS: 'Servicios', BIENES_Y_SERVICIOS: 'Bienes y servicios' }) },
        {
          type: 'list',
          key: 'items',
          label: 'Líneas',
          addLabel: 'Agregar línea',
          min: 1,
          item: [
            ...unitLine,
          ],
        },
        // FEX's non-taxed amounts have no item type.
        { ...noGrav, item: noGrav.item.filter((f) => f.key !== 'type') },
      ],
    },
    {
      title: 'Datos de exportación',
      fields: [
        { type: 'catalog', key: 'taxArea', label: 'Recinto fiscal', options: CATALOGS.enclosures },
        { type: 'catalog', key: 'taxRegimen', label: 'Régimen', options: CATALOGS.regimes },
        { type: 'select', key: 'incoterms', label: 'INCOTERMS', optional: true, options: opts(['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF', 'DAT', 'DAF', 'DES', 'DEQ', 'DDU'], Object.fromEntries(['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF', 'DAT', 'DAF', 'DES', 'DEQ', 'DDU'].map((v) => [v, v]))) },
        { type: 'number', key: 'insurance', label: 'Seguro' },
        { type: 'number', key: 'freight', label: 'Flete' },
        { type: 'text', key: 'comments', label: 'Observaciones', long: true },
        {
          type: 'list',
          key: 'appendices',
          label: 'Apéndice (datos adicionales)',
          addLabel: 'Agregar dato',
          item: [
            { type: 'text', key: 'name', label: 'Campo' },
            { type: 'text', key: 'description', label: 'Etiqueta' },
            { type: 'text', key: 'value', label: 'Valor' },
          ],
        },
      ],
    },
    { title: 'Documentos', fields: [fexAttachments] },
    { title: 'Pago', fields: [payment, { type: 'number', key: 'discount', label: 'Descuento global' }, generatedAt, branch, thirdParty] },
  ],
};

/** A first empty value for each kind: one empty line where a list needs one. */
export function emptyValue(kind: DteKind, id: string): Record<string, unknown> {
  const v: Record<string, unknown> = { id, paymentType: 'CONTADO' };
  if (kind === 'CR') return { id, items: [{ documentType: 'FISICO', taxDocumentType: 'FC', retentionCode: 'RETENCION_IVA_1' }], recipient: { identificationDocument: { type: 'NIT' } } };
  if (kind === 'FEX') return { ...v, itemType: 'BIENES', items: [{}], recipient: { contributorType: 'JURIDICA', identificationDocument: { type: 'OTRO' } } };
  if (kind === 'FSE') return { ...v, items: [{ type: 'BIENES' }], recipient: { identificationDocument: { type: 'DUI' } } };
  if (kind === 'NC' || kind === 'ND') return { ...v, relatedTaxDocuments: [{}], items: [{ type: 'BIENES', saleType: 'GRAVADA' }], recipient: { identificationDocument: { type: 'NIT' } } };
  if (kind === 'CCF') return { ...v, items: [{ type: 'BIENES', saleType: 'GRAVADA' }], recipient: { identificationDocument: { type: 'NIT' } } };
  return { ...v, items: [{ type: 'BIENES', saleType: 'GRAVADA' }] };
}
