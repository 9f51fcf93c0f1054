// POST /dte/fc: factura de consumidor final (MH tipoDte 01).
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
import { addRuleIssue, digits, optional, positiveMoney, text } from './primitives';

export const fcRecipient = z
  .strictObject({
    economicActivity: optional(economicActivity()),
    contributorSize: optional(z.enum(CONTRIBUTOR_SIZES)),
    contributorType: optional(z.enum(CONTRIBUTOR_TYPES)),
    nrc: optional(digits(2, 8)),
    name: text(150),
    email: optional(email()),
    phone: optional(phone8()),
    // MH's FC v1 wants at least 5 characters of address complement.
    address: optional(address(5)),
    identificationDocument: optional(identificationDocument()),
  })
  .superRefine((r, ctx) => {
    if (r.nrc != null && r.identificationDocument?.type !== 'NIT') {
      addRuleIssue(ctx, ['nrc'], 'NOT_ALLOWED', 'Debe ser nulo salvo que el documento de identificación sea NIT.');
    }
    if (r.nrc != null && r.economicActivity == null) {
      addRuleIssue(ctx, ['economicActivity'], 'REQUIRED', 'Obligatoria cuando se indica el NRC.');
    }
  });

export const fcBodyOf = (rule: QuantityRule) =>
  z
    .strictObject({
      ...saleHeader,
      payments: optional(payments),
      /** Cash the customer handed over, for the paper's change (docs/decisions/0037-final-paper.md); not MH's. */
      cashReceived: optional(positiveMoney()),
      recipient: optional(fcRecipient),
      // MH's FC v1 accepts at most 10 related documents (the contract says 50).
      relatedTaxDocuments: optional(relatedTaxDocuments(10)),
      attachments: optional(attachments(10)),
      items: z.array(saleItemWithPsv(false, rule)).min(1).max(MAX_ITEMS),
      itemsNoGrav: optional(itemsNoGrav),
      ...salesDiscounts,
    })
    .superRefine((body, ctx) => checkItemDocuments(body, ctx, false));

export const fcBody = fcBodyOf('integer');

export type FcBody = z.output<typeof fcBody>;
