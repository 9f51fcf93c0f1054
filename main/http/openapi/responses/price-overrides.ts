// What the price-override routes answer (shared/price-overrides.ts): an approval waiting for its sale, the lines
// sold below the shelf, the threshold; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { same, type Answer, type Same } from './proof';

export const priceApproval = z.strictObject({
  approvalId: z.string(),
  code: z.string().describe('El código del producto. / The product code.'),
  price: z.string().describe('Precio por unidad con IVA aprobado. / Approved unit price, IVA included.'),
  shelfPrice: z.string().describe('Precio de estante con IVA. / Shelf price, IVA included.'),
  approvedBy: z.string(),
  approvedByName: z.string().nullable(),
  expiresAt: z.string().describe('La venta debe hacerse antes. / The sale must happen before.'),
});

export const priceOverridePage = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.string(),
      documentId: z.string(),
      kind: z.string(),
      controlNumber: z.string(),
      line: z.number().int().describe('La línea del documento, desde 0. / The document line, from 0.'),
      productId: z.string(),
      productCode: z.string(),
      description: z.string(),
      quantity: z.string(),
      shelfPrice: z.string(),
      price: z.string(),
      askedBy: z.string(),
      askedByName: z.string().nullable(),
      approvedBy: z.string(),
      approvedByName: z.string().nullable(),
      approvedAt: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const priceOverrideSettings = z.strictObject({
  threshold: z
    .string()
    .describe(
      'Porcentaje bajo el precio de estante que un cajero vende sin supervisor; "0": toda rebaja pide. / Percent below shelf price.',
    ),
});

same<Same<z.output<typeof priceApproval>, Answer<'approvePrice'>>>(true);
same<Same<z.output<typeof priceOverridePage>, Answer<'listPriceOverrides'>>>(true);
same<Same<z.output<typeof priceOverridePage>, Answer<'closePriceOverrides'>>>(true);
same<Same<z.output<typeof priceOverrideSettings>, Answer<'priceOverrideSettings'>>>(true);
same<Same<z.output<typeof priceOverrideSettings>, Answer<'setPriceOverrideSettings'>>>(true);
