// POST /dte/ccf: comprobante de crédito fiscal (MH tipoDte 03).
import { z } from 'zod';
import {
  CONTRIBUTOR_SIZES,
  CONTRIBUTOR_TYPES,
  MAX_ITEMS,
  address,
  attachments,
  checkItemDocuments,
  economicActivity,
  email,
  identificationDocument,
  itemsNoGrav,
  phone8,
  relatedTaxDocuments,
  saleItemWithPsv,
  saleHeader,
  salesDiscounts,
  payments,
  type QuantityRule,
} from './common';
import { digits, optional, positiveMoney, text } from './primitives';

/** CCF and NC recipients: a registered taxpayer identified by NIT or DUI. */
export const taxpayerRecipient = z.strictObject({
  economicActivity: economicActivity(),
  contributorSize: optional(z.enum(CONTRIBUTOR_SIZES)),
  contributorType: optional(z.enum(CONTRIBUTOR_TYPES)),
  nrc: digits(1, 8),
  name: text(150),
  phone: optional(phone8()),
  commercialName: optional(text(150)),
  email: email(),
  address: address(),
  identificationDocument: identificationDocument(['NIT', 'DUI']),
});

export const ccfBodyOf = (rule: QuantityRule) =>
  z
    .strictObject({
      ...saleHeader,
      payments: optional(payments),
      /** Cash the customer handed over, for the paper's change (docs/decisions/0037-final-paper.md); not MH's. */
      cashReceived: optional(positiveMoney()),
      recipient: taxpayerRecipient,
      relatedTaxDocuments: optional(relatedTaxDocuments(50)),
      attachments: optional(attachments(10)),
      items: z.array(saleItemWithPsv(true, rule)).min(1).max(MAX_ITEMS),
      itemsNoGrav: optional(itemsNoGrav),
      ...salesDiscounts,
    })
    .superRefine((body, ctx) => checkItemDocuments(body, ctx, false));

export const ccfBody = ccfBodyOf('integer');

export type CcfBody = z.output<typeof ccfBody>;
