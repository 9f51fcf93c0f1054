// A price lowered at the counter (issue 55, docs/decisions/0074-price-overrides-and-scans.md): below the shelf
// price by more than the station's threshold, a supervisor approves it with their password or PIN, and the line
// is recorded with both prices, the product, the document, who asked and who approved.
import { z } from 'zod';
import { custom } from './contract/primitives';
import { D, bilingual, described } from './contract/descriptions';

/** Ajustes → Precios: how far below the shelf price a cashier may sell alone, in percent (0: any decrease asks). */
export const priceOverrideSettingsInput = z.strictObject({
  threshold: described(
    z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, custom('INVALID_FORMAT', 'Escriba un porcentaje de 0 a 100, con hasta 2 decimales.'))
      .refine((v) => Number(v) <= 100, custom('INVALID_FORMAT', 'El porcentaje llega a 100 como máximo.')),
    bilingual(
      'Porcentaje bajo el precio de estante que un cajero vende sin supervisor, texto de 0 a 100 con hasta 2 decimales; "0" pide aprobación para toda rebaja.',
      'Percent below the shelf price a cashier sells at alone, text from 0 to 100 with up to 2 decimals; "0" asks for approval of any decrease.',
    ),
  ),
});
export type PriceOverrideSettingsInput = z.infer<typeof priceOverrideSettingsInput>;

export interface PriceOverrideSettings {
  /** Percent below the shelf price a cashier sells at without approval; '0' (the default) asks for any decrease. */
  readonly threshold: string;
}

/** The counter asks a supervisor: this product at this price (per unit, IVA included), approved by this person. */
export const priceApprovalInput = z.strictObject({
  code: described(
    z.string().trim().min(1, custom('REQUIRED', 'Indique el código del producto.')).max(25),
    bilingual('Código del producto en el catálogo, hasta 25 caracteres.', "The product's code in the catalog, up to 25 characters."),
  ),
  price: described(
    z
      .string()
      .trim()
      .regex(/^\d{1,11}(\.\d{1,8})?$/, custom('INVALID_FORMAT', 'Escriba el precio con IVA, por ejemplo 2.25.')),
    bilingual(
      'Precio por unidad con IVA, en dólares como texto, hasta 8 decimales (p. ej. "2.25").',
      'Price per unit with VAT, dollars as text, up to 8 decimals (e.g. "2.25").',
    ),
  ),
  supervisor: described(
    z.string().trim().min(1, custom('REQUIRED', 'Escriba el usuario del supervisor.')).max(64),
    bilingual('Usuario del supervisor que aprueba.', "The approving supervisor's login."),
  ),
  secret: described(
    z.string().min(1, custom('REQUIRED', 'El supervisor escribe su contraseña o PIN.')).max(200),
    bilingual('Contraseña o PIN del supervisor.', "The supervisor's password or PIN."),
  ),
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
  from: described(day.optional(), D.dateFrom),
  to: described(day.optional(), D.dateTo),
  login: described(
    z.string().trim().min(1).max(64).optional(),
    bilingual('Solo los de esta persona (usuario).', "Only this person's (login)."),
  ),
  limit: described(
    z.coerce.number().int().min(1).max(500).optional(),
    bilingual('Cuántas líneas, de 1 a 500.', 'How many lines, 1 to 500.'),
  ),
});
export type PriceOverrideQuery = z.infer<typeof priceOverrideQuery>;

export interface PriceOverridePage {
  readonly items: readonly PriceOverride[];
}
