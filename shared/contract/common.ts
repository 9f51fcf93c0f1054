// Sub-objects and rules shared by several document kinds. Where MH's schema is stricter than the contract,
// MH's limit is enforced too (docs/decisions/0002-contract-gaps.md): a document MH will refuse must never spend a number.
import { z } from 'zod';
import {
  DEPARTMENT_CODES,
  districtsOf,
  ECONOMIC_ACTIVITY_CODES,
  MUNICIPALITY_KEYS,
  PAYMENT_METHOD_CODES,
  TAXES,
  UNIT_KEYS,
} from '../catalogs';
import {
  addRuleIssue,
  catalogCode,
  custom,
  digits,
  email,
  enumWithDefault,
  isoDate,
  optional,
  positiveDecimal,
  positiveInt,
  positiveMoney,
  nonNegativeMoney,
  text,
  uuid,
} from './primitives';
import { D, bilingual, described } from './descriptions';

export const ID_TYPES = ['NIT', 'DUI', 'PASAPORTE', 'CARNET_RESIDENTE', 'OTRO'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const PAYMENT_TYPES = ['CONTADO', 'CREDITO', 'OTRO'] as const;
export const CONTRIBUTOR_TYPES = ['NATURAL', 'JURIDICA'] as const;
export const CONTRIBUTOR_SIZES = ['GRANDE', 'MEDIANO', 'OTROS'] as const;
export const ITEM_TYPES = ['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS', 'OTROS'] as const;
export const SALE_TYPES = ['NO_SUJETA', 'GRAVADA', 'EXENTA'] as const;
export const DOCTOR_SERVICES = [
  'CIRUGIA',
  'OPERACION',
  'TRATAMIENTO_MEDICO',
  'CIRUGIA_ISBM',
  'OPERACION_ISBM',
  'TRATAMIENTO_MEDICO_ISBM',
] as const;

/** Payment methods on one document: a mixed payment is two or three in practice. */
export const MAX_PAYMENTS = 10;

/** MH caps every document body at 2,000 lines (CR at 500). */
export const MAX_ITEMS = 2000;

export const branchOffice = z.strictObject({
  mhCode: described(z.string().length(4), D.mhCode),
  posNumber: described(z.number().int().positive().max(999), D.posNumber),
});

const ID_NUMBER_RULES: Record<IdType, { re: RegExp; message: string }> = {
  DUI: { re: /^\d{9}$/, message: 'El DUI son 9 dígitos sin guion (#########).' },
  NIT: { re: /^\d{14}$/, message: 'El NIT son 14 dígitos sin guiones (##############).' },
  // MH: numDocumento of 3 to 20 characters for the other document types.
  PASAPORTE: { re: /^.{3,20}$/u, message: 'De 3 a 20 caracteres (regla de MH).' },
  CARNET_RESIDENTE: { re: /^.{3,20}$/u, message: 'De 3 a 20 caracteres (regla de MH).' },
  OTRO: { re: /^.{3,20}$/u, message: 'De 3 a 20 caracteres (regla de MH).' },
};

/** identificationDocument; `types` narrows the accepted types (CCF and NC recipients: NIT or DUI). */
export const identificationDocument = (types: readonly [IdType, ...IdType[]] = ID_TYPES) =>
  z
    .strictObject({
      type: described(z.enum(types), D.idType),
      number: described(z.string().trim().min(1).max(20), D.idNumber),
    })
    .superRefine((doc, ctx) => {
      const rule = ID_NUMBER_RULES[doc.type];
      if (!rule.re.test(doc.number)) addRuleIssue(ctx, ['number'], 'INVALID_FORMAT', rule.message);
    });

/** Departments of an address in El Salvador: CAT-012 without `00` (another country), which MH refuses here. */
const DOMESTIC_DEPARTMENTS: ReadonlySet<string> = new Set([...DEPARTMENT_CODES].filter((c) => c !== '00'));

/** Recipient address; MH caps `complemento` at 200 for every kind and wants 5 or more for FC and CR. */
export const address = (complementMin = 1) =>
  z
    .strictObject({
      department: described(catalogCode(DOMESTIC_DEPARTMENTS, 'CAT-012'), D.department),
      municipality: described(
        z.string().regex(/^\d{2}$/, custom('INVALID_FORMAT', 'Código de municipio: 2 dígitos (CAT-013).')),
        D.municipality,
      ),
      complement: described(text(200, complementMin), D.complement),
      /** CAT-008 distrito, which MH's Normativa v2.0 requires; optional where the municipality already names it. */
      district: described(
        optional(z.string().regex(/^\d{2}$/, custom('INVALID_FORMAT', 'Código de distrito: 2 dígitos (CAT-008).'))),
        D.district,
      ),
    })
    .superRefine((a, ctx) => {
      if (!MUNICIPALITY_KEYS.has(`${a.department}/${a.municipality}`)) {
        addRuleIssue(
          ctx,
          ['municipality'],
          'UNKNOWN_CODE',
          `El municipio ${a.municipality} no pertenece al departamento ${a.department} (CAT-013).`,
        );
      } else if (a.district != null && !districtsOf(a.department, a.municipality).includes(a.district)) {
        addRuleIssue(
          ctx,
          ['district'],
          'UNKNOWN_CODE',
          `El distrito ${a.district} no pertenece al municipio ${a.municipality} del departamento ${a.department} (CAT-008).`,
        );
      }
    });

export const economicActivity = () => described(catalogCode(ECONOMIC_ACTIVITY_CODES, 'CAT-019'), D.economicActivity);
export const phone8 = () => described(digits(8, 8), D.phone);
export { email };

/** MH's ventaTercero carries a NIT only. */
export const thirdPartySale = z
  .strictObject({
    name: described(text(150, 3), bilingual('Nombre del tercero, de 3 a 150 caracteres.', "The third party's name, 3 to 150 characters.")),
    identificationDocument: described(identificationDocument(), D.identificationDocument),
  })
  .superRefine((t, ctx) => {
    if (t.identificationDocument.type !== 'NIT') {
      addRuleIssue(ctx, ['identificationDocument', 'type'], 'NOT_ALLOWED', 'MH solo admite venta a cuenta de terceros con NIT.');
    }
  });

export const relatedTaxDocuments = (max: number) =>
  z
    .array(z.strictObject({ id: described(uuid(), D.relatedId) }))
    .max(max)
    .superRefine((docs, ctx) => {
      const seen = new Set<string>();
      docs.forEach((d, i) => {
        const id = d.id.toLowerCase();
        if (seen.has(id)) addRuleIssue(ctx, [i, 'id'], 'DUPLICATE', 'Documento relacionado repetido.');
        seen.add(id);
      });
    });

export const doctor = z.strictObject({
  name: described(text(100), bilingual('Nombre del médico, hasta 100 caracteres.', "The doctor's name, up to 100 characters.")),
  identificationDocument: described(identificationDocument(), D.identificationDocument),
  // Optional in the contract, required by MH (medico.tipoServicio).
  service: described(z.enum(DOCTOR_SERVICES), D.doctorService),
});

/** attachments of CCF and FC (MH otrosDocumentos): details for EMISOR/RECEPTOR, doctor for DOCTOR. */
export const attachments = (max: number) =>
  z
    .array(
      z
        .strictObject({
          code: described(z.enum(['EMISOR', 'RECEPTOR', 'DOCTOR']), D.attachmentCode),
          details: described(optional(text(300)), D.attachmentDetails),
          doctor: described(optional(doctor), D.doctor),
        })
        .superRefine((a, ctx) => {
          if (a.code === 'DOCTOR') {
            if (a.doctor == null) addRuleIssue(ctx, ['doctor'], 'REQUIRED', 'Obligatorio cuando el código es DOCTOR.');
            if (a.details != null) addRuleIssue(ctx, ['details'], 'NOT_ALLOWED', 'MH no admite detalle en un documento médico.');
          } else {
            if (a.details == null) addRuleIssue(ctx, ['details'], 'REQUIRED', 'Obligatorio cuando el código es EMISOR o RECEPTOR.');
            if (a.doctor != null) addRuleIssue(ctx, ['doctor'], 'NOT_ALLOWED', 'Solo para el código DOCTOR.');
          }
        }),
    )
    .max(max);

export const itemsNoGrav = z
  .array(
    z
      .strictObject({
        type: described(
          z.enum(ITEM_TYPES),
          bilingual(
            'Tipo de ítem (MH CAT-011): BIENES, SERVICIOS o BIENES_Y_SERVICIOS.',
            'Item type (MH CAT-011): BIENES, SERVICIOS or BIENES_Y_SERVICIOS.',
          ),
        ),
        internalCode: described(optional(text(25)), D.internalCode),
        description: described(text(1000), D.itemDescription),
        amount: described(positiveDecimal(), D.amountNoGrav),
      })
      .superRefine((x, ctx) => {
        // MH's tipoItem 4 is a tax line and needs a tax code, which a non-taxed amount does not have.
        if (x.type === 'OTROS')
          addRuleIssue(ctx, ['type'], 'NOT_ALLOWED', 'Un monto no gravado es BIENES, SERVICIOS o BIENES_Y_SERVICIOS (regla de MH).');
      }),
  )
  .max(MAX_ITEMS);

export const unitMeasure = () => described(enumWithDefault(UNIT_KEYS, 'OTRA'), D.unitMeasure);

/** CAT-015 section 2: the taxes MH accepts as an item line of their own (codTributo of tipoItem 4). */
export const ITEM_LINE_TAX_CODES: ReadonlySet<string> = new Set(TAXES.filter((t) => t.section === 2).map((t) => t.code));

/**
 * An item's quantity: the spec's positive integer, or up to MH's 8 decimals when the caller opts in to the
 * `decimal-quantity` extension (docs/decisions/0072-decimal-quantities.md).
 */
export type QuantityRule = 'integer' | 'decimal';
export const itemQuantity = (rule: QuantityRule) =>
  rule === 'integer' ? described(positiveInt(), D.quantityInteger) : described(positiveDecimal(8), D.quantityDecimal);

const saleItemShape = (rule: QuantityRule) => ({
  type: described(z.enum(ITEM_TYPES), D.itemType),
  internalCode: described(optional(text(25)), D.internalCode),
  description: described(text(1000), D.itemDescription),
  quantity: itemQuantity(rule),
  unitMeasure: unitMeasure(),
  unitPrice: described(positiveDecimal(), D.unitPrice),
  discountAmount: described(optional(positiveDecimal()), D.discountAmount),
  saleType: described(z.enum(SALE_TYPES), D.saleType),
  documentNumber: described(optional(uuid()), D.documentNumberOptional),
  // MH's "other taxes per item" line (tipoItem 4) needs its CAT-015 code (docs/decisions/0002-contract-gaps.md).
  taxCode: described(optional(catalogCode(ITEM_LINE_TAX_CODES, 'CAT-015 (tributos por ítem: A8, 57, 90, D4, D5, A6)')), D.taxCode),
});

type SaleItemShape = { type: string; taxCode?: string | null; saleType: string };

/** A tax line (OTROS) needs its tax code, and only a tax line carries one. */
function checkTaxLine(item: SaleItemShape, ctx: z.RefinementCtx, taxedOnly: boolean): void {
  if (item.type === 'OTROS' && item.taxCode == null) {
    addRuleIssue(ctx, ['taxCode'], 'REQUIRED', 'Obligatorio cuando el tipo es OTROS (código de tributo CAT-015).');
  }
  if (item.type !== 'OTROS' && item.taxCode != null) {
    addRuleIssue(ctx, ['taxCode'], 'NOT_ALLOWED', 'Solo una línea de tipo OTROS lleva código de tributo.');
  }
  // CCF, NC and ND tax lines carry IVA (tributo 20), so MH only takes them as taxed sales.
  if (taxedOnly && item.type === 'OTROS' && item.saleType !== 'GRAVADA') {
    addRuleIssue(ctx, ['saleType'], 'NOT_ALLOWED', 'Una línea de tributo (OTROS) debe ser GRAVADA en este documento (regla de MH).');
  }
}

/** items of FC and CCF (with psv). */
export const saleItemWithPsv = (taxedTaxLines: boolean, rule: QuantityRule = 'integer') =>
  z
    .strictObject({ ...saleItemShape(rule), psv: described(optional(positiveDecimal()), D.psv) })
    .superRefine((item, ctx) => checkTaxLine(item, ctx, taxedTaxLines));

/** items of NC and ND: each names the document it adjusts (the spec: required, one of relatedTaxDocuments). */
export const saleItemOf = (rule: QuantityRule) =>
  z
    .strictObject({ ...saleItemShape(rule), documentNumber: described(uuid(), D.documentNumberRequired) })
    .superRefine((item, ctx) => checkTaxLine(item, ctx, true));
export const saleItem = saleItemOf('integer');

/** items of a Nota de Remisión: the CCF's goods lines without psv (fe-nr has none); documentNumber is optional. */
export const goodsItemOf = (rule: QuantityRule) =>
  z.strictObject(saleItemShape(rule)).superRefine((item, ctx) => checkTaxLine(item, ctx, true));

/** Rule shared by CCF, FC, NC, ND: an item's documentNumber names one of relatedTaxDocuments. */
export function checkItemDocuments(
  body: { items: { documentNumber?: string | null }[]; relatedTaxDocuments?: { id: string }[] | null },
  ctx: z.RefinementCtx,
  required: boolean,
): void {
  const related = new Set((body.relatedTaxDocuments ?? []).map((d) => d.id.toLowerCase()));
  body.items.forEach((item, i) => {
    if (item.documentNumber == null) {
      if (required) addRuleIssue(ctx, ['items', i, 'documentNumber'], 'REQUIRED', 'Obligatorio: el documento que esta línea ajusta.');
    } else if (!related.has(item.documentNumber.toLowerCase())) {
      addRuleIssue(ctx, ['items', i, 'documentNumber'], 'NOT_IN_RELATED_DOCUMENTS', 'Debe ser uno de los ids de relatedTaxDocuments.');
    }
  });
}

/** Top-level fields CCF, NC/ND and FC share. */
export const saleHeader = {
  id: described(uuid(), D.id),
  generatedAt: described(optional(isoDate()), D.generatedAt),
  paymentType: described(enumWithDefault(PAYMENT_TYPES, 'CONTADO'), D.paymentType),
  branchOffice: described(optional(branchOffice), D.branchOffice),
  thirdPartySale: described(optional(thirdPartySale), D.thirdPartySale),
};

/**
 * How the customer paid (a Sello addition; docs/decisions/0009-payments.md): MH's `pagos`, one entry per
 * CAT-017 method, adding up to the amount to pay. Without it a cash sale is all `01` (billetes y monedas).
 */
export const payments = z
  .array(
    z.strictObject({
      method: described(catalogCode(PAYMENT_METHOD_CODES, 'CAT-017 (forma de pago)'), D.paymentMethod),
      amount: described(positiveMoney(), D.paymentAmount),
      /** The card's last digits, the transfer's number, what "99 otros" was (MH's `referencia`). */
      reference: described(optional(text(50)), D.paymentReference),
    }),
  )
  .min(1)
  .max(MAX_PAYMENTS);

export const salesDiscounts = {
  discountNoSuj: described(optional(positiveMoney()), D.discountNoSuj),
  discountExe: described(optional(positiveMoney()), D.discountExe),
  discountGrav: described(optional(positiveMoney()), D.discountGrav),
  retentionIva: described(optional(nonNegativeMoney()), D.retentionIva),
  retentionRenta: described(optional(nonNegativeMoney()), D.retentionRenta),
};
