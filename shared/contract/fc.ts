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
import { D, bilingual, described } from './descriptions';

export const fcRecipient = z
  .strictObject({
    economicActivity: described(optional(economicActivity()), D.economicActivity),
    contributorSize: described(optional(z.enum(CONTRIBUTOR_SIZES)), D.contributorSize),
    contributorType: described(optional(z.enum(CONTRIBUTOR_TYPES)), D.contributorType),
    nrc: described(
      optional(digits(2, 8)),
      bilingual(
        'NRC del receptor, de 2 a 8 dígitos; solo con documento NIT.',
        "The recipient's NRC, 2 to 8 digits; only with a NIT document.",
      ),
    ),
    name: described(text(150), D.recipientName),
    email: described(optional(email()), D.email),
    phone: described(optional(phone8()), D.phone),
    // MH's FC v1 wants at least 5 characters of address complement.
    address: described(optional(address(5)), D.address),
    identificationDocument: described(optional(identificationDocument()), D.identificationDocument),
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
      payments: described(optional(payments), D.payments),
      /** Cash the customer handed over, for the paper's change (docs/decisions/0037-final-paper.md); not MH's. */
      cashReceived: described(optional(positiveMoney()), D.cashReceived),
      recipient: described(
        optional(fcRecipient),
        bilingual('El consumidor, opcional (MH receptor).', 'The consumer, optional (MH receptor).'),
      ),
      // MH's FC v1 accepts at most 10 related documents (the contract says 50).
      relatedTaxDocuments: described(optional(relatedTaxDocuments(10)), D.relatedTaxDocuments),
      attachments: described(optional(attachments(10)), D.attachments),
      items: described(z.array(saleItemWithPsv(false, rule)).min(1).max(MAX_ITEMS), D.items),
      itemsNoGrav: described(optional(itemsNoGrav), D.itemsNoGrav),
      ...salesDiscounts,
    })
    .superRefine((body, ctx) => checkItemDocuments(body, ctx, false));

export const fcBody = fcBodyOf('integer');

export type FcBody = z.output<typeof fcBody>;
