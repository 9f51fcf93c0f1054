// Printing settings of a station: where the counter receipt goes and how wide it is.
import { z } from 'zod';

export const printSettings = z.strictObject({
  /** The system printer for receipts; null for the system's default. */
  printer: z.string().trim().min(1).max(200).nullable(),
  receiptWidth: z.union([z.literal(58), z.literal(80)]),
  /** Print the receipt at once, without the print dialog (the letter PDF always shows it). */
  silentReceipt: z.boolean(),
});

export type PrintSettings = z.output<typeof printSettings>;

export const DEFAULT_PRINT_SETTINGS: PrintSettings = { printer: null, receiptWidth: 80, silentReceipt: false };
