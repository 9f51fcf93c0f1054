// What the printer routes answer (shared/printing.ts): its status, the receipts waiting, the settings, and the
// plain acknowledgements of a print, a drawer kick or a discard; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { same, type Answer, type Same } from './proof';

export const printed = z.strictObject({
  printed: z.literal(true).describe('La estación lo envió a la impresora. / The station sent it to the printer.'),
});
export const drawerOpened = z.strictObject({ opened: z.literal(true) });
export const pendingDiscarded = z.strictObject({ discarded: z.literal(true) });

export const printerStatus = z.strictObject({
  state: z
    .enum(['pdf', 'ready', 'paperOut', 'coverOpen', 'offline', 'error', 'unknown'])
    .describe(
      'pdf: los recibos van por la impresión del sistema; unknown: la conexión no da estado. / ' +
        'pdf: receipts go through system printing; unknown: the connection gives no status.',
    ),
  paperNearEnd: z.boolean().describe('El rollo casi se acaba. / The roll is nearly out.'),
  message: z.string().nullable().describe('Qué lee y hace el cajero, en español; null si está lista. / What the cashier reads.'),
  checkedAt: z.string().nullable(),
  pending: z.number().int().describe('Recibos que esperan reimpresión. / Receipts waiting for a reprint.'),
});

export const pendingReceipts = z.array(
  z.strictObject({
    id: z.string().describe('El jobId de /printer/pending/{jobId}. / The jobId.'),
    dteId: z.string(),
    numeroControl: z.string(),
    total: z.string().nullable(),
    createdAt: z.string(),
    attempts: z.number().int(),
    error: z.string().describe('La última falla, en español. / The last failure.'),
  }),
);

const escpos = z.strictObject({
  connection: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('network'), host: z.string(), port: z.number().int() }),
    z.strictObject({ kind: z.literal('device'), path: z.string() }),
  ]),
  codepage: z.enum(['cp858', 'cp850']),
  qr: z.enum(['native', 'raster']),
  drawer: z.boolean().describe('Hay una gaveta conectada a la impresora. / A cash drawer is wired to the printer.'),
});

export const printSettingsView = z.strictObject({
  printer: z.string().nullable().describe('La impresora del sistema; null: la predeterminada. / The system printer; null: the default.'),
  receiptWidth: z.union([z.literal(58), z.literal(80)]).describe('Ancho del recibo en mm. / Receipt width in mm.'),
  silentReceipt: z.boolean(),
  receiptOutput: z.enum(['pdf', 'escpos']),
  escpos: escpos.nullable(),
  logo: z.string().nullable().describe('El logotipo, PNG en base64. / The logo, PNG in base64.'),
});

same<Same<z.output<typeof printed>, Answer<'printReceipt'>>>(true);
same<Same<z.output<typeof printed>, Answer<'printReturnReceipt'>>>(true);
same<Same<z.output<typeof printed>, Answer<'printCloseReceipt'>>>(true);
same<Same<z.output<typeof printed>, Answer<'testPrint'>>>(true);
same<Same<z.output<typeof printed>, Answer<'reprintPending'>>>(true);
same<Same<z.output<typeof drawerOpened>, Answer<'openCashDrawer'>>>(true);
same<Same<z.output<typeof pendingDiscarded>, Answer<'discardPending'>>>(true);
same<Same<z.output<typeof printerStatus>, Answer<'printerStatus'>>>(true);
same<Same<z.output<typeof pendingReceipts>, Answer<'pendingReceipts'>>>(true);
same<Same<z.output<typeof printSettingsView>, Answer<'printSettings'>>>(true);
same<Same<z.output<typeof printSettingsView>, Answer<'setPrintSettings'>>>(true);
