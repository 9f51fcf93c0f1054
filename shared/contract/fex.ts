// POST /dte/fex: factura de exportación (MH tipoDte 11).
import { z } from 'zod';
import { COUNTRY_CODES, FISCAL_ENCLOSURE_CODES, REGIME_CODES } from '../catalogs';
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
import { D, bilingual, catalogRoute, described } from './descriptions';

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

const fexRecipient = z.strictObject({
  name: described(text(250), D.recipientName),
  country: described(catalogCode(COUNTRY_CODES, 'ISO 3166-1 alfa-2'), D.country),
  // MH's FEX v1 wants 5 to 300 characters of address.
  address: described(
    text(300, 5),
    bilingual('Dirección del receptor en el extranjero, de 5 a 300 caracteres.', "The recipient's address abroad, 5 to 300 characters."),
  ),
  contributorType: described(z.enum(CONTRIBUTOR_TYPES), D.contributorType),
  economicActivity: economicActivity(),
  identificationDocument: described(identificationDocument(), D.identificationDocument),
  email: described(email(), D.email),
  commercialName: described(optional(text(150)), D.commercialName),
  contributorSize: described(optional(z.enum(CONTRIBUTOR_SIZES)), D.contributorSize),
  phone: described(optional(digits(8, 25)), bilingual('Teléfono, de 8 a 25 dígitos.', 'Telephone, 8 to 25 digits.')),
});
// A country the legacy CAT-020 lacks is refused by the normative's catalog check (catalog-fields.ts).

// MH: driver fields of 5 or more characters (nombreConductor, numConductor, placaTrans).
const driver = z
  .strictObject({
    name: described(text(200, 5), bilingual('Nombre del conductor, de 5 a 200 caracteres.', "The driver's name, 5 to 200 characters.")),
    documentIdentificationNumber: described(
      text(100, 5),
      bilingual('Documento de identidad del conductor, de 5 a 100 caracteres.', "The driver's identity document, 5 to 100 characters."),
    ),
    transportIdentificationNumber: described(
      text(70, 5),
      bilingual(
        'Placa o identificación del transporte, de 5 a 70 caracteres.',
        "The vehicle's plate or identification, 5 to 70 characters.",
      ),
    ),
    transport: described(
      z.enum(TRANSPORTS),
      bilingual(
        'Modo de transporte (MH CAT-030); el esquema FEX v1 solo admite los cuatro primeros.',
        'Transport mode (MH CAT-030); the FEX v1 schema takes only the first four.',
      ),
    ),
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
    code: described(z.enum(['EMISOR', 'RECEPTOR', 'TRANSPORTE']), D.attachmentCode),
    details: described(optional(text(300)), D.attachmentDetails),
    driver: described(
      optional(driver),
      bilingual('El conductor y el transporte; obligatorio con TRANSPORTE.', 'The driver and the transport; required with TRANSPORTE.'),
    ),
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
    description: described(text(1000), D.itemDescription),
    quantity: itemQuantity(rule),
    unitMeasure: unitMeasure(),
    unitPrice: described(
      positiveDecimal(),
      bilingual(
        'Precio unitario en USD (la exportación lleva IVA 0 %); hasta 8 decimales.',
        'Unit price, USD (an export carries 0 % VAT); up to 8 decimals.',
      ),
    ),
    internalCode: described(optional(text(25)), D.internalCode),
    discountAmount: described(optional(positiveDecimal()), D.discountAmount),
  });

const fexItemNoGrav = z.strictObject({
  description: described(text(1000), D.itemDescription),
  amount: described(positiveDecimal(), D.amountNoGrav),
  internalCode: described(optional(text(25)), D.internalCode),
});

const appendix = z.strictObject({
  name: described(text(25), bilingual('Nombre del dato, hasta 25 caracteres.', "The entry's name, up to 25 characters.")),
  description: described(text(50), bilingual('Qué es el dato, hasta 50 caracteres.', 'What the entry is, up to 50 characters.')),
  value: described(text(150), bilingual('El valor, hasta 150 caracteres.', 'The value, up to 150 characters.')),
});

export const fexBodyOf = (rule: QuantityRule) =>
  z
    .strictObject({
      id: described(uuid(), D.id),
      recipient: described(fexRecipient, bilingual('El comprador en el extranjero (MH receptor).', 'The buyer abroad (MH receptor).')),
      itemType: described(
        z.enum(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS']),
        bilingual(
          'Qué se exporta (MH tipoItemExpor): BIENES, SERVICIOS o BIENES_Y_SERVICIOS; solo servicios no lleva recinto ni régimen.',
          'What is exported (MH tipoItemExpor): BIENES, SERVICIOS or BIENES_Y_SERVICIOS; services only take no enclosure nor regime.',
        ),
      ),
      items: described(z.array(fexItem(rule)).min(1).max(MAX_ITEMS), D.items),
      generatedAt: described(optional(isoDate()), D.generatedAt),
      paymentType: described(enumWithDefault(PAYMENT_TYPES, 'CONTADO'), D.paymentType),
      payments: described(optional(payments), D.payments),
      branchOffice: described(optional(branchOffice), D.branchOffice),
      thirdPartySale: described(optional(thirdPartySale), D.thirdPartySale),
      attachments: described(
        optional(z.array(fexAttachment).max(20)),
        bilingual(
          'Otros documentos asociados (MH otrosDocumentos), hasta 20: EMISOR o RECEPTOR con detalle, TRANSPORTE con el conductor.',
          'Other associated documents (MH otrosDocumentos), up to 20: EMISOR or RECEPTOR with details, TRANSPORTE with the driver.',
        ),
      ),
      itemsNoGrav: described(optional(z.array(fexItemNoGrav).max(MAX_ITEMS)), D.itemsNoGrav),
      discount: described(optional(positiveMoney()), D.discount),
      taxArea: described(
        optional(catalogCode(FISCAL_ENCLOSURE_CODES, 'CAT-027')),
        bilingual(
          `MH CAT-027 recinto fiscal, 2 dígitos; códigos en ${catalogRoute('fiscal-enclosure')}.`,
          `MH CAT-027 fiscal enclosure, 2 digits; codes at ${catalogRoute('fiscal-enclosure')}.`,
        ),
      ),
      taxRegimen: described(
        optional(catalogCode(REGIME_CODES, 'CAT-028')),
        bilingual(
          `MH CAT-028 régimen de exportación (EX-1.1000.000…); códigos en ${catalogRoute('regime')}.`,
          `MH CAT-028 export regime (EX-1.1000.000…); codes at ${catalogRoute('regime')}.`,
        ),
      ),
      incoterms: described(
        optional(z.enum(INCOTERMS)),
        bilingual('Incoterm de la venta (MH CAT-031).', "The sale's Incoterm (MH CAT-031)."),
      ),
      // MH's FEX v1 keeps observaciones to 500 characters.
      comments: described(optional(text(500)), bilingual('Observaciones, hasta 500 caracteres.', 'Remarks, up to 500 characters.')),
      insurance: described(optional(positiveMoney()), bilingual('Seguro en USD, con centavos.', 'Insurance, USD, in cents.')),
      freight: described(optional(positiveMoney()), bilingual('Flete en USD, con centavos.', 'Freight, USD, in cents.')),
      // MH: at most 10 appendix entries.
      appendices: described(
        optional(z.array(appendix).max(10)),
        bilingual('Datos adicionales para el papel (MH apendice), hasta 10.', 'Additional data for the paper (MH apendice), up to 10.'),
      ),
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
