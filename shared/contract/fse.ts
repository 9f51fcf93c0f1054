// POST /dte/fse: factura de sujeto excluido (MH tipoDte 14).
import { z } from 'zod';
import {
  CONTRIBUTOR_SIZES,
  CONTRIBUTOR_TYPES,
  MAX_ITEMS,
  PAYMENT_TYPES,
  address,
  branchOffice,
  economicActivity,
  email,
  identificationDocument,
  phone8,
  unitMeasure,
  payments,
} from './common';
import { enumWithDefault, isoDate, nonNegativeMoney, optional, positiveDecimal, positiveMoney, text, uuid } from './primitives';
import { D, bilingual, described } from './descriptions';

const fseRecipient = z.strictObject({
  economicActivity: described(optional(economicActivity()), D.economicActivity),
  contributorType: described(optional(z.enum(CONTRIBUTOR_TYPES)), D.contributorType),
  contributorSize: described(optional(z.enum(CONTRIBUTOR_SIZES)), D.contributorSize),
  name: described(text(250), D.recipientName),
  phone: described(optional(phone8()), D.phone),
  email: described(optional(email()), D.email),
  address: described(address(), D.address),
  identificationDocument: described(identificationDocument(), D.identificationDocument),
});

const fseItem = z.strictObject({
  type: described(
    z.enum(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS']),
    bilingual(
      'Tipo de ítem (MH CAT-011): BIENES, SERVICIOS o BIENES_Y_SERVICIOS.',
      'Item type (MH CAT-011): BIENES, SERVICIOS or BIENES_Y_SERVICIOS.',
    ),
  ),
  internalCode: described(optional(text(25)), D.internalCode),
  description: described(text(1000), D.itemDescription),
  // FSE is the one kind whose quantity may be fractional (a positive number).
  quantity: described(
    positiveDecimal(),
    bilingual(
      'Cantidad, positiva, hasta 8 decimales (la FSE admite fracciones sin extensión).',
      'Quantity, positive, up to 8 decimals (the FSE takes fractions without an extension).',
    ),
  ),
  unitMeasure: unitMeasure(),
  unitPrice: described(
    positiveDecimal(),
    bilingual(
      'Precio unitario en USD (sin IVA: la FSE no lleva IVA); hasta 8 decimales.',
      'Unit price, USD (no VAT: the FSE carries none); up to 8 decimals.',
    ),
  ),
  discountAmount: described(optional(positiveDecimal()), D.discountAmount),
});

export const fseBody = z.strictObject({
  id: described(uuid(), D.id),
  generatedAt: described(optional(isoDate()), D.generatedAt),
  paymentType: described(enumWithDefault(PAYMENT_TYPES, 'CONTADO'), D.paymentType),
  payments: described(optional(payments), D.payments),
  branchOffice: described(optional(branchOffice), D.branchOffice),
  recipient: described(
    fseRecipient,
    bilingual('El sujeto excluido a quien se compra (MH sujetoExcluido).', 'The excluded subject bought from (MH sujetoExcluido).'),
  ),
  items: described(z.array(fseItem).min(1).max(MAX_ITEMS), D.items),
  discount: described(optional(positiveMoney()), D.discount),
  retentionIva: described(optional(nonNegativeMoney()), D.retentionIva),
  retentionRenta: described(optional(nonNegativeMoney()), D.retentionRenta),
});

export type FseBody = z.output<typeof fseBody>;
