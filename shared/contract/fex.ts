// POST /dte/fex: factura de exportación (MH tipoDte 11).
import { z } from 'zod';
import { COUNTRY_CODES, FISCAL_ENCLOSURE_CODES, REGIME_CODES } from '../catalogs';
import { CAT020_BY_ISO } from '../catalogs/data/country-cat020';
import {
  CONTRIBUTOR_SIZES,
  CONTRIBUTOR_TYPES,
  MAX_ITEMS,
  PAYMENT_TYPES,
  branchOffice,
  economicActivity,
  email,
  identificationDocument,
  thirdPartySale,
  unitMeasure,
  payments,
  itemQuantity,
  type QuantityRule,
} from './common';
import {
  addRuleIssue,
  catalogCode,
  digits,
  enumWithDefault,
  isoDate,
  optional,
  positiveDecimal,
  positiveMoney,
  text,
  uuid,
} from './primitives';

export const INCOTERMS = [
  'EXW',
  'FCA',
  'CPT',
  'CIP',
  'DAP',
  'DPU',
  'DDP',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
  'DAT',
  'DAF',
  'DES',
  'DEQ',
  'DDU',
] as const;
export const TRANSPORTS = [
  'TERRESTRE',
  'MARITIMO',
  'AEREO',
  'TERRESTRE_MARITIMO',
  'TERRESTRE_AEREO',
  'MARITIMO_AEREO',
  'TERRESTRE_MARITIMO_AEREO',
] as const;

const fexRecipient = z
  .strictObject({
    name: text(250),
    country: catalogCode(COUNTRY_CODES, 'ISO 3166-1 alfa-2'),
    // MH's FEX v1 wants 5 to 300 characters of address.
    address: text(300, 5),
    contributorType: z.enum(CONTRIBUTOR_TYPES),
    economicActivity: economicActivity(),
    identificationDocument: identificationDocument(),
    email: email(),
    commercialName: optional(text(150)),
    contributorSize: optional(z.enum(CONTRIBUTOR_SIZES)),
    phone: optional(digits(8, 25)),
  })
  .superRefine((r, ctx) => {
    if (!CAT020_BY_ISO[r.country]) {
      addRuleIssue(ctx, ['country'], 'NOT_ALLOWED', 'El catálogo de países de MH (CAT-020) no tiene código para este país.');
    }
  });

// MH: driver fields of 5 or more characters (nombreConductor, numConductor, placaTrans).
const driver = z
  .strictObject({
    name: text(200, 5),
    documentIdentificationNumber: text(100, 5),
    transportIdentificationNumber: text(70, 5),
    transport: z.enum(TRANSPORTS),
  })
  .superRefine((d, ctx) => {
    // MH's FEX v1 schema caps modoTransp at 4 although CAT-030 lists 7 modes.
    if (TRANSPORTS.indexOf(d.transport) > 3) {
      addRuleIssue(
        ctx,
        ['transport'],
        'NOT_ALLOWED',
        'El esquema FEX v1 de MH solo admite TERRESTRE, MARITIMO, AEREO y TERRESTRE_MARITIMO.',
      );
    }
  });

const fexAttachment = z
  .strictObject({
    code: z.enum(['EMISOR', 'RECEPTOR', 'TRANSPORTE']),
    details: optional(text(300)),
    driver: optional(driver),
  })
  .superRefine((a, ctx) => {
    if (a.code === 'TRANSPORTE') {
      if (a.driver == null) addRuleIssue(ctx, ['driver'], 'REQUIRED', 'Obligatorio cuando el código es TRANSPORTE.');
    } else {
      if (a.details == null) addRuleIssue(ctx, ['details'], 'REQUIRED', 'Obligatorio cuando el código es EMISOR o RECEPTOR.');
      if (a.driver != null) addRuleIssue(ctx, ['driver'], 'NOT_ALLOWED', 'Solo para el código TRANSPORTE.');
    }
  });

const fexItem = (rule: QuantityRule) =>
  z.strictObject({
    description: text(1000),
    quantity: itemQuantity(rule),
    unitMeasure: unitMeasure(),
    unitPrice: positiveDecimal(),
    internalCode: optional(text(25)),
    discountAmount: optional(positiveDecimal()),
  });

const fexItemNoGrav = z.strictObject({
  description: text(1000),
  amount: positiveDecimal(),
  internalCode: optional(text(25)),
});

const appendix = z.strictObject({
  name: text(25),
  description: text(50),
  value: text(150),
});

export const fexBodyOf = (rule: QuantityRule) =>
  z
    .strictObject({
      id: uuid(),
      recipient: fexRecipient,
      itemType: z.enum(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS']),
      items: z.array(fexItem(rule)).min(1).max(MAX_ITEMS),
      generatedAt: optional(isoDate()),
      paymentType: enumWithDefault(PAYMENT_TYPES, 'CONTADO'),
      payments: optional(payments),
      branchOffice: optional(branchOffice),
      thirdPartySale: optional(thirdPartySale),
      attachments: optional(z.array(fexAttachment).max(20)),
      itemsNoGrav: optional(z.array(fexItemNoGrav).max(MAX_ITEMS)),
      discount: optional(positiveMoney()),
      taxArea: optional(catalogCode(FISCAL_ENCLOSURE_CODES, 'CAT-027')),
      taxRegimen: optional(catalogCode(REGIME_CODES, 'CAT-028')),
      incoterms: optional(z.enum(INCOTERMS)),
      // MH's FEX v1 keeps observaciones to 500 characters.
      comments: optional(text(500)),
      insurance: optional(positiveMoney()),
      freight: optional(positiveMoney()),
      // MH: at most 10 appendix entries.
      appendices: optional(z.array(appendix).max(10)),
    })
    .superRefine((body, ctx) => {
      // MH: an export of services only has no fiscal enclosure and no regime.
      if (body.itemType === 'SERVICIOS') {
        if (body.taxArea != null)
          addRuleIssue(ctx, ['taxArea'], 'NOT_ALLOWED', 'Una exportación solo de servicios no lleva recinto fiscal (regla de MH).');
        if (body.taxRegimen != null)
          addRuleIssue(ctx, ['taxRegimen'], 'NOT_ALLOWED', 'Una exportación solo de servicios no lleva régimen (regla de MH).');
      }
    });

export const fexBody = fexBodyOf('integer');

export type FexBody = z.output<typeof fexBody>;
