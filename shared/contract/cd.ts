// POST /dte/cd: comprobante de donación (MH tipoDte 15), which the donee (this station's company) issues to the
// donor (docs/decisions/0082-comprobante-de-donacion.md).
import { z } from 'zod';
import { COUNTRY_CODES } from '../catalogs';
import { MAX_ITEMS, address, branchOffice, economicActivity, email, identificationDocument, payments, unitMeasure } from './common';
import {
  addRuleIssue,
  catalogCode,
  custom,
  decimalPlaces,
  digits,
  isoDate,
  MH_MAX_AMOUNT,
  optional,
  positiveDecimal,
  text,
  uuid,
} from './primitives';
import { D, bilingual, catalogRoute, described } from './descriptions';

/** CAT-026 Tipo de donación: 1 efectivo, 2 bien, 3 servicio. */
export const DONATION_TYPES = ['EFECTIVO', 'BIEN', 'SERVICIO'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

/** MH caps a CD's associated documents (otrosDocumentos) at 10 and wants one at least. */
export const MAX_CD_ATTACHMENTS = 10;

/** A depreciation: zero or more, up to 8 decimals, below MH's cap. */
const nonNegativeDecimal = () =>
  z
    .number()
    .nonnegative()
    .lt(MH_MAX_AMOUNT)
    .refine((n) => decimalPlaces(n) <= 8, custom('TOO_MANY_DECIMALS', 'Como máximo 8 decimales.'));

/** The donor (MH donante in v1, receptor in v2.0): domiciled in El Salvador or not (CAT-032). */
const donor = z
  .strictObject({
    name: described(text(250), bilingual('Nombre o razón social del donante.', "The donor's name or company name.")),
    identificationDocument: described(identificationDocument(), D.identificationDocument),
    nrc: described(
      optional(digits(2, 8)),
      bilingual('NRC del donante, de 2 a 8 dígitos, si es contribuyente.', "The donor's NRC, 2 to 8 digits, when it is a taxpayer."),
    ),
    domiciled: described(
      z
        .boolean()
        .nullish()
        .transform((v) => v ?? true),
      bilingual(
        'Si el donante tiene domicilio fiscal en El Salvador (MH CAT-032: 1 domiciliado, 2 no domiciliado); por omisión true.',
        'Whether the donor has its tax domicile in El Salvador (MH CAT-032: 1 domiciled, 2 not domiciled); default true.',
      ),
    ),
    country: described(
      optional(catalogCode(COUNTRY_CODES, 'ISO 3166-1 alfa-2')),
      bilingual(
        `País de nacionalidad del donante, ISO 3166-1 alfa-2 (Sello lo traduce al CAT-020 de la normativa anterior); obligatorio si no es domiciliado, por omisión SV; códigos en ${catalogRoute('country')}.`,
        `The donor's country of nationality, ISO 3166-1 alpha-2 (Sello maps it to the earlier normative's CAT-020); required when not domiciled, default SV; codes at ${catalogRoute('country')}.`,
      ),
    ),
    economicActivity: described(
      optional(economicActivity()),
      bilingual(
        `Actividad económica del donante (MH CAT-019), 5 dígitos; solo para un donante domiciliado; códigos en ${catalogRoute('activity')}.`,
        `The donor's economic activity (MH CAT-019), 5 digits; only for a domiciled donor; codes at ${catalogRoute('activity')}.`,
      ),
    ),
    address: described(
      optional(address()),
      bilingual(
        'Dirección del donante en El Salvador: obligatoria si es domiciliado, no se admite si no lo es (regla de MH).',
        "The donor's address in El Salvador: required when domiciled, not allowed when not (MH's rule).",
      ),
    ),
    phone: described(optional(digits(8, 30)), bilingual('Teléfono, de 8 a 30 dígitos.', 'Telephone, 8 to 30 digits.')),
    email: described(optional(email()), D.email),
  })
  .superRefine((d, ctx) => {
    // fe-cd-v1: a domiciled donor has a direccion; a donor not domiciled has none, nor an activity.
    if (d.domiciled && d.address == null)
      addRuleIssue(ctx, ['address'], 'REQUIRED', 'Obligatoria para un donante domiciliado en El Salvador.');
    if (!d.domiciled && d.address != null)
      addRuleIssue(ctx, ['address'], 'NOT_ALLOWED', 'Un donante no domiciliado no lleva dirección en El Salvador (regla de MH).');
    if (!d.domiciled && d.economicActivity != null)
      addRuleIssue(ctx, ['economicActivity'], 'NOT_ALLOWED', 'Un donante no domiciliado no lleva actividad económica (regla de MH).');
    if (!d.domiciled && d.country == null)
      addRuleIssue(ctx, ['country'], 'REQUIRED', 'Obligatorio para un donante no domiciliado: su país.');
    // A known ISO code the legacy CAT-020 lacks is refused by the normative's catalog check (catalog-fields.ts).
  });

/** One donated thing: money, a good or a service (CAT-026), with its value. */
const donationItem = z
  .strictObject({
    donationType: described(
      z.enum(DONATION_TYPES),
      bilingual(
        'Tipo de donación (MH CAT-026): EFECTIVO (1), BIEN (2) o SERVICIO (3).',
        'Donation type (MH CAT-026): EFECTIVO (1, money), BIEN (2, a good) or SERVICIO (3, a service).',
      ),
    ),
    internalCode: described(optional(text(25)), D.internalCode),
    description: described(text(1000), D.itemDescription),
    quantity: described(positiveDecimal(8), D.quantityDecimal),
    unitMeasure: described(
      unitMeasure(),
      bilingual(
        `Unidad de medida (MH CAT-014) de un BIEN, por su nombre; EFECTIVO y SERVICIO solo admiten OTRA (99), la de omisión; códigos en ${catalogRoute('unit-measure')}.`,
        `Unit of measure (MH CAT-014) of a BIEN, by name; EFECTIVO and SERVICIO take only OTRA (99), the default; codes at ${catalogRoute('unit-measure')}.`,
      ),
    ),
    unitValue: described(
      positiveDecimal(8),
      bilingual('Valor unitario de lo donado, en USD; hasta 8 decimales.', 'Unit value of what is donated, USD; up to 8 decimals.'),
    ),
    depreciation: described(
      optional(nonNegativeDecimal()),
      bilingual(
        'Depreciación de un BIEN usado, en USD, de la línea entera; hasta 8 decimales; no mayor que cantidad × valor unitario. El valor donado es cantidad × valor unitario menos la depreciación.',
        'Depreciation of a used BIEN, USD, for the whole line; up to 8 decimals; not above quantity × unit value. The donated value is quantity × unit value less the depreciation.',
      ),
    ),
  })
  .superRefine((item, ctx) => {
    // fe-cd-v1: money and services are written with uniMedida 99 and depreciacion 0.
    if (item.donationType !== 'BIEN' && item.unitMeasure !== 'OTRA')
      addRuleIssue(ctx, ['unitMeasure'], 'NOT_ALLOWED', 'Una donación en EFECTIVO o de SERVICIO usa la unidad OTRA (regla de MH).');
    if (item.donationType !== 'BIEN' && item.depreciation != null && item.depreciation > 0)
      addRuleIssue(ctx, ['depreciation'], 'NOT_ALLOWED', 'Solo un BIEN lleva depreciación (regla de MH).');
  });

/** otrosDocumentos: who provides the document (CAT-021 1 emisor, 2 receptor), which it is, and what it says. */
const cdAttachment = z.strictObject({
  code: described(
    z.enum(['EMISOR', 'RECEPTOR']),
    bilingual(
      'Quién aporta el documento asociado (MH CAT-021): EMISOR (1, el donatario) o RECEPTOR (2, el donante).',
      'Who provides the associated document (MH CAT-021): EMISOR (1, the donee) or RECEPTOR (2, the donor).',
    ),
  ),
  name: described(
    text(100, 3),
    bilingual(
      'Identificación del documento, de 3 a 100 caracteres (p. ej. la resolución que califica al donatario).',
      "The document's identification, 3 to 100 characters (e.g. the resolution that qualifies the donee).",
    ),
  ),
  details: described(
    text(300, 3),
    bilingual('Descripción del documento, de 3 a 300 caracteres.', "The document's description, 3 to 300 characters."),
  ),
});

export const cdBody = z.strictObject({
  id: described(uuid(), D.id),
  generatedAt: described(optional(isoDate()), D.generatedAt),
  branchOffice: described(optional(branchOffice), D.branchOffice),
  recipient: described(
    donor,
    bilingual(
      'El donante, a quien se entrega el comprobante (MH donante; receptor en 2026).',
      'The donor, who receives the voucher (MH donante; receptor in 2026).',
    ),
  ),
  attachments: described(
    z.array(cdAttachment).min(1).max(MAX_CD_ATTACHMENTS),
    bilingual(
      'Documentos asociados a la donación (MH otrosDocumentos), de 1 a 10; MH exige al menos uno.',
      'Documents associated with the donation (MH otrosDocumentos), 1 to 10; MH requires one at least.',
    ),
  ),
  items: described(z.array(donationItem).min(1).max(MAX_ITEMS), D.items),
  payments: described(
    optional(payments),
    bilingual(
      'Cómo se recibió el dinero donado (MH pagos), de 1 a 10 formas que suman el valor de las líneas EFECTIVO; solo con alguna línea EFECTIVO; sin él, MH recibe pagos null.',
      'How the donated money was received (MH pagos), 1 to 10 methods adding up to the value of the EFECTIVO lines; only with an EFECTIVO line; without it, MH gets pagos null.',
    ),
  ),
});

export type CdBody = z.output<typeof cdBody>;
