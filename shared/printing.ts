// Printing settings of a station: where the counter receipt goes and how wide it is, and what the printer
// says about itself (docs/decisions/0041-escpos-receipts.md).
import { z } from 'zod';

/** A host name or IPv4/IPv6 literal for a network printer (no scheme, no port). */
const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:\-[\]]+$/, 'Escriba solo el nombre o la dirección IP de la impresora, sin http:// ni puerto.');

/** Where the ESC/POS bytes go: a network printer's raw port, or a device the OS exposes as a file. */
export const printerConnection = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('network'), host, port: z.number().int().min(1).max(65_535) }),
  /** `/dev/usb/lp0`, `/dev/ttyUSB0`, `COM3`, or a shared Windows printer `\\localhost\TM-T20` (RAW through the spooler). */
  z.strictObject({ kind: z.literal('device'), path: z.string().trim().min(1).max(260) }),
]);
export type PrinterConnection = z.output<typeof printerConnection>;

/** A PNG starts with its 8-byte signature (89 50 4E 47 0D 0A 1A 0A): read from the first base64 characters. */
function isPng(base64: string): boolean {
  try {
    const head = atob(base64.slice(0, 12));
    return head.startsWith('\x89PNG\r\n\x1a\n');
  } catch {
    return false;
  }
}

export const escposSettings = z.strictObject({
  connection: printerConnection,
  /** The code page accents go through: PC858 (PC850 with €) prints á, é, ñ, ¿ on Epson and most compatibles. */
  codepage: z.enum(['cp858', 'cp850']),
  /** The printer's own QR command (GS ( k), or the QR drawn as an image for printers without it. */
  qr: z.enum(['native', 'raster']),
  /** A cash drawer is wired to the printer's kick port. */
  drawer: z.boolean(),
});
export type EscposSettings = z.output<typeof escposSettings>;

export const printSettings = z
  .strictObject({
    /** The system printer for receipts; null for the system's default. */
    printer: z.string().trim().min(1).max(200).nullable(),
    receiptWidth: z.union([z.literal(58), z.literal(80)]),
    /** Print the receipt at once, without the print dialog (the letter PDF always shows it). */
    silentReceipt: z.boolean(),
    /** The counter receipt as a PDF through the system's printing, or ESC/POS bytes straight to the printer. */
    receiptOutput: z.enum(['pdf', 'escpos']).default('pdf'),
    escpos: escposSettings.nullable().default(null),
    /** The company's logo on top of the receipt, both papers: a PNG in base64, at most 96 KB. */
    logo: z
      .string()
      .max(131_072)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'El logotipo debe ser una imagen PNG.')
      .refine(isPng, 'El logotipo debe ser una imagen PNG.')
      .nullable()
      .default(null),
  })
  .superRefine((s, ctx) => {
    if (s.receiptOutput === 'escpos' && !s.escpos)
      ctx.addIssue({ code: 'custom', path: ['escpos'], message: 'Indique la conexión de la impresora ESC/POS.' });
  });

export type PrintSettings = z.output<typeof printSettings>;
/** What a caller sends: the ESC/POS fields may be left out by a client that predates them. */
export type PrintSettingsInput = z.input<typeof printSettings>;

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  printer: null,
  receiptWidth: 80,
  silentReceipt: false,
  receiptOutput: 'pdf',
  escpos: null,
  logo: null,
};

/** What the receipt printer last said (DLE EOT), read before the sale, not after. */
export type PrinterState =
  /** The receipt goes through the system's printing: the station cannot read the printer. */
  | 'pdf'
  | 'ready'
  | 'paperOut'
  | 'coverOpen'
  | 'offline'
  | 'error'
  /** Bytes can be sent but the connection gives no status back (a device file, a spooler share). */
  | 'unknown';

export interface PrinterStatus {
  readonly state: PrinterState;
  /** The roll is nearly out: still printing, change it soon. */
  readonly paperNearEnd: boolean;
  /** What the cashier reads and does, in Spanish; null when ready. */
  readonly message: string | null;
  /** When the printer was last asked (ISO, El Salvador time); null for `pdf`. */
  readonly checkedAt: string | null;
  /** Receipts that could not print and wait for a reprint. */
  readonly pending: number;
}

/** A receipt that did not print: kept until it prints or a person discards it. */
export interface PendingReceipt {
  readonly id: string;
  readonly dteId: string;
  readonly numeroControl: string;
  readonly total: string | null;
  /** When the sale tried to print it (ISO, El Salvador time). */
  readonly createdAt: string;
  readonly attempts: number;
  /** The last failure, in Spanish. */
  readonly error: string;
}

/** A drawer opened with no sale, as the close lists it. */
export interface DrawerKick {
  readonly at: string;
  readonly by: string;
  readonly byName: string | null;
}
