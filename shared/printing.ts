// Printing settings of a station: where the counter receipt goes and how wide it is, and what the printer
// says about itself (docs/decisions/0041-escpos-receipts.md).
import { z } from 'zod';
import { bilingual, described } from './contract/descriptions';

/** A host name or IPv4/IPv6 literal for a network printer (no scheme, no port). */
const host = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:\-[\]]+$/, 'Escriba solo el nombre o la dirección IP de la impresora, sin http:// ni puerto.');

/** Where the ESC/POS bytes go: a network printer's raw port, or a device the OS exposes as a file. */
export const printerConnection = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: described(z.literal('network'), bilingual('Impresora de red (puerto RAW).', 'Network printer (RAW port).')),
    host: described(
      host,
      bilingual(
        'Nombre o dirección IP de la impresora, sin http:// ni puerto.',
        "The printer's name or IP address, without http:// or port.",
      ),
    ),
    port: described(z.number().int().min(1).max(65_535), bilingual('Puerto RAW, normalmente 9100.', 'RAW port, usually 9100.')),
  }),
  /** `/dev/usb/lp0`, `/dev/ttyUSB0`, `COM3`, or a shared Windows printer `\\localhost\TM-T20` (RAW through the spooler). */
  z.strictObject({
    kind: described(
      z.literal('device'),
      bilingual('Impresora que el sistema muestra como archivo.', 'A printer the system exposes as a file.'),
    ),
    path: described(
      z.string().trim().min(1).max(260),
      bilingual(
        'Ruta del dispositivo: /dev/usb/lp0, COM3 o una impresora compartida de Windows.',
        "The device's path: /dev/usb/lp0, COM3 or a shared Windows printer.",
      ),
    ),
  }),
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
  connection: described(printerConnection, bilingual('Cómo llegan los bytes a la impresora.', 'How the bytes reach the printer.')),
  /** The code page accents go through: PC858 (PC850 with €) prints á, é, ñ, ¿ on Epson and most compatibles. */
  codepage: described(
    z.enum(['cp858', 'cp850']),
    bilingual(
      'Página de códigos de las tildes: cp858 (Epson y la mayoría) o cp850.',
      'Code page for accents: cp858 (Epson and most) or cp850.',
    ),
  ),
  /** The printer's own QR command (GS ( k), or the QR drawn as an image for printers without it. */
  qr: described(
    z.enum(['native', 'raster']),
    bilingual(
      'QR con el comando de la impresora (native) o como imagen (raster).',
      "QR by the printer's own command (native) or as an image (raster).",
    ),
  ),
  /** A cash drawer is wired to the printer's kick port. */
  drawer: described(
    z.boolean(),
    bilingual('true si hay una gaveta conectada a la impresora.', 'true when a cash drawer is wired to the printer.'),
  ),
});
export type EscposSettings = z.output<typeof escposSettings>;

export const printSettings = z
  .strictObject({
    /** The system printer for receipts; null for the system's default. */
    printer: described(
      z.string().trim().min(1).max(200).nullable(),
      bilingual(
        'Impresora del sistema para los recibos; null: la predeterminada.',
        'The system printer for receipts; null: the default one.',
      ),
    ),
    receiptWidth: described(
      z.union([z.literal(58), z.literal(80)]),
      bilingual('Ancho del recibo en mm: 58 u 80.', "The receipt's width in mm: 58 or 80."),
    ),
    /** Print the receipt at once, without the print dialog (the letter PDF always shows it). */
    silentReceipt: described(
      z.boolean(),
      bilingual('true imprime el recibo sin el diálogo de impresión.', 'true prints the receipt without the print dialog.'),
    ),
    /** The counter receipt as a PDF through the system's printing, or ESC/POS bytes straight to the printer. */
    receiptOutput: described(
      z.enum(['pdf', 'escpos']).default('pdf'),
      bilingual(
        'pdf (por omisión, por la impresión del sistema) o escpos (directo a la impresora).',
        "pdf (default, through the system's printing) or escpos (straight to the printer).",
      ),
    ),
    escpos: described(
      escposSettings.nullable().default(null),
      bilingual('La impresora ESC/POS; obligatoria con receiptOutput escpos.', 'The ESC/POS printer; required with receiptOutput escpos.'),
    ),
    /** The company's logo on top of the receipt, both papers: a PNG in base64, at most 96 KB. */
    logo: described(
      z
        .string()
        .max(131_072)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'El logotipo debe ser una imagen PNG.')
        .refine(isPng, 'El logotipo debe ser una imagen PNG.')
        .nullable()
        .default(null),
      bilingual(
        'Logotipo para el recibo: PNG en base64, hasta 96 KB; null sin logotipo.',
        'Logo for the receipt: a PNG in base64, up to 96 KB; null for none.',
      ),
    ),
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
