// A price lowered at the counter (issue 55, docs/decisions/0074-price-overrides-and-scans.md): below the shelf
// price by more than the station's threshold, a supervisor approves it with their password or PIN, and the line
// is recorded with both prices, the product, the document, who asked and who approved.
import { z } from 'zod';
import { custom } from './contract/primitives';

/** Ajustes → Precios: how far below the shelf price a cashier may sell alone, in percent (0: any decrease asks). */
export const priceOverrideSettingsInput = z.strictObject({
  threshold: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, custom('INVALID_FORMAT', 'Escriba un porcentaje de 0 a 100, con hasta 2 decimales.'))
    .refine((v) => Number(v) <= 100, custom('INVALID_FORMAT', 'El porcentaje llega a 100 como máximo.')),
});
export type PriceOverrideSettingsInput = z.infer<typeof priceOverrideSettingsInput>;

export interface PriceOverrideSettings {
  /** Percent below the shelf price a cashier sells at without approval; '0' (the default) asks for any decrease. */
  readonly threshold: string;
}

/** The counter asks a supervisor: this product at this price (per unit, IVA included), approved by this person. */
export const priceApprovalInput = z.strictObject({
  code: z.string().trim().min(1, custom('REQUIRED', 'Indique el código del producto.')).max(25),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d{1,8})?$/, custom('INVALID_FORMAT', 'Escriba el precio con IVA, por ejemplo 2.25.')),
  supervisor: z.string().trim().min(1, custom('REQUIRED', 'Escriba el usuario del supervisor.')).max(64),
  secret: z.string().min(1, custom('REQUIRED', 'El supervisor escribe su contraseña o PIN.')).max(200),
});
export type PriceApprovalInput = z.infer<typeof priceApprovalInput>;

/** An approval waiting for the sale it belongs to (held by the station for a few minutes, for whoever asked). */
export interface PriceApproval {
  readonly approvalId: string;
  readonly code: string;
  readonly price: string;
  readonly shelfPrice: string;
  readonly approvedBy: string;
  readonly approvedByName: string | null;
  readonly expiresAt: string;
}

/** A line sold below its shelf price, as recorded with its document. */
export interface PriceOverride {
  readonly id: string;
  readonly documentId: string;
  readonly kind: string;
  readonly controlNumber: string;
  /** The line's index in the document's items, from 0. */
  readonly line: number;
  readonly productId: string;
  readonly productCode: string;
  readonly description: string;
  readonly quantity: string;
  /** Per unit, IVA included: the catalog's and the one sold at. */
  readonly shelfPrice: string;
  readonly price: string;
  readonly askedBy: string;
  readonly askedByName: string | null;
  readonly approvedBy: string;
  readonly approvedByName: string | null;
  readonly approvedAt: string;
  readonly createdAt: string;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, custom('INVALID_FORMAT', 'Use una fecha AAAA-MM-DD.'));

/** GET /price-overrides: a period of days (El Salvador), and one person's when `login` is given. */
export const priceOverrideQuery = z.strictObject({
  from: day.optional(),
  to: day.optional(),
  login: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type PriceOverrideQuery = z.infer<typeof priceOverrideQuery>;

export interface PriceOverridePage {
  readonly items: readonly PriceOverride[];
}
