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

const fseRecipient = z.strictObject({
  economicActivity: optional(economicActivity()),
  contributorType: optional(z.enum(CONTRIBUTOR_TYPES)),
  contributorSize: optional(z.enum(CONTRIBUTOR_SIZES)),
  name: text(250),
  phone: optional(phone8()),
  email: optional(email()),
  address: address(),
  identificationDocument: identificationDocument(),
});

const fseItem = z.strictObject({
  type: z.enum(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS']),
  internalCode: optional(text(25)),
  description: text(1000),
  // FSE is the one kind whose quantity may be fractional (a positive number).
  quantity: positiveDecimal(),
  unitMeasure: unitMeasure(),
  unitPrice: positiveDecimal(),
  discountAmount: optional(positiveDecimal()),
});

export const fseBody = z.strictObject({
  id: uuid(),
  generatedAt: optional(isoDate()),
  paymentType: enumWithDefault(PAYMENT_TYPES, 'CONTADO'),
  payments: optional(payments),
  branchOffice: optional(branchOffice),
  recipient: fseRecipient,
  items: z.array(fseItem).min(1).max(MAX_ITEMS),
  discount: optional(positiveMoney()),
  retentionIva: optional(nonNegativeMoney()),
  retentionRenta: optional(nonNegativeMoney()),
});

export type FseBody = z.output<typeof fseBody>;
