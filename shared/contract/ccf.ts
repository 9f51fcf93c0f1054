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
import { D, bilingual, described } from './descriptions';

/** CCF and NC recipients: a registered taxpayer identified by NIT or DUI. */
export const taxpayerRecipient = z.strictObject({
  economicActivity: economicActivity(),
  contributorSize: described(optional(z.enum(CONTRIBUTOR_SIZES)), D.contributorSize),
  contributorType: described(optional(z.enum(CONTRIBUTOR_TYPES)), D.contributorType),
  nrc: described(digits(1, 8), D.nrc),
  name: described(text(150), D.recipientName),
  phone: described(optional(phone8()), D.phone),
  commercialName: described(optional(text(150)), D.commercialName),
  email: described(email(), D.email),
  address: described(address(), D.address),
  identificationDocument: described(
    identificationDocument(['NIT', 'DUI']),
    bilingual(
      'Documento del receptor: NIT (14 dígitos) o DUI (9 dígitos). En una NC o ND, el mismo del documento que ajusta.',
      "The recipient's document: NIT (14 digits) or DUI (9 digits). On an NC or ND, the same as the adjusted document's.",
    ),
  ),
});

export const ccfBodyOf = (rule: QuantityRule) =>
  z
    .strictObject({
      ...saleHeader,
      payments: described(optional(payments), D.payments),
      /** Cash the customer handed over, for the paper's change (docs/decisions/0037-final-paper.md); not MH's. */
      cashReceived: described(optional(positiveMoney()), D.cashReceived),
      recipient: described(taxpayerRecipient, D.recipient),
      relatedTaxDocuments: described(optional(relatedTaxDocuments(50)), D.relatedTaxDocuments),
      attachments: described(optional(attachments(10)), D.attachments),
      items: described(z.array(saleItemWithPsv(true, rule)).min(1).max(MAX_ITEMS), D.items),
      itemsNoGrav: described(optional(itemsNoGrav), D.itemsNoGrav),
      ...salesDiscounts,
    })
    .superRefine((body, ctx) => checkItemDocuments(body, ctx, false));

export const ccfBody = ccfBodyOf('integer');

export type CcfBody = z.output<typeof ccfBody>;
