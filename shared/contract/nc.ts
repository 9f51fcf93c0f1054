// POST /dte/nc (nota de crédito, MH 05) and POST /dte/nd (nota de débito, MH 06): the same body.
// As CCF, without attachments, itemsNoGrav and psv; every item names the document it adjusts.
import { z } from 'zod';
import { MAX_ITEMS, checkItemDocuments, relatedTaxDocuments, saleItemOf, saleHeader, salesDiscounts, type QuantityRule } from './common';
import { taxpayerRecipient } from './ccf';
import { D, described } from './descriptions';

export const ncBodyOf = (rule: QuantityRule) =>
  z
    .strictObject({
      ...saleHeader,
      recipient: described(taxpayerRecipient, D.recipient),
      // MH's NC and ND need 1 to 50 related documents; each item's documentNumber must be one of them.
      relatedTaxDocuments: described(relatedTaxDocuments(50).min(1), D.relatedTaxDocuments),
      items: described(z.array(saleItemOf(rule)).min(1).max(MAX_ITEMS), D.items),
      ...salesDiscounts,
    })
    .superRefine((body, ctx) => checkItemDocuments(body, ctx, true));

export const ncBody = ncBodyOf('integer');

export type NcBody = z.output<typeof ncBody>;
