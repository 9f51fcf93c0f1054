// What the books routes answer (shared/books.ts): a month's annexes and IVA summary, the sales report, the books'
// settings; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { ANNEXES, booksSettings } from '../../../../shared/books';
import { DTE_KINDS } from '../../../../shared/contract';
import { same, type Answer, type Same } from './proof';

const usd = z.string().describe('USD como texto decimal. / USD as a decimal string.');

export const monthBooks = z.strictObject({
  month: z.string().describe('AAAA-MM.'),
  annexes: z.array(
    z.strictObject({
      annex: z.enum(ANNEXES),
      title: z.string(),
      fileName: z.string(),
      rows: z.number().int(),
      casillas: z
        .array(z.strictObject({ casilla: z.string(), label: z.string(), amount: usd }))
        .describe('Casillas del F-07. / F-07 boxes.'),
      problems: z.array(
        z.strictObject({
          row: z.number().int(),
          column: z.string(),
          field: z.string(),
          message: z.string(),
          severity: z.enum(['error', 'warning']),
        }),
      ),
    }),
  ),
  ivaSummary: z.strictObject({
    consumer: z.strictObject({ gravadas: usd, debito: usd, exentas: usd, noSujetas: usd, exportaciones: usd }),
    contributor: z.strictObject({ gravadas: usd, debito: usd, exentas: usd, noSujetas: usd }),
    ivaRetenido: usd,
    ivaPercibido: usd,
    retencionesEfectuadas: usd,
    debitoTotal: usd,
    anulacionesPrevias: usd,
    devoluciones: usd,
    devolucionesIva: usd,
  }),
  settings: booksSettings,
  warnings: z.array(z.string()).optional(),
});

export const salesReport = z.strictObject({
  query: z.strictObject({ from: z.string(), to: z.string(), pos: z.string().optional(), cashier: z.string().optional() }),
  byDay: z.array(z.strictObject({ date: z.string(), sales: usd, iva: usd, documents: z.number().int() })),
  byKind: z.array(z.strictObject({ kind: z.enum(DTE_KINDS), count: z.number().int(), total: usd, iva: usd })),
  totals: z.strictObject({
    sales: usd,
    iva: usd,
    retained: usd,
    perceived: usd,
    documents: z.number().int(),
    returns: usd,
    returnsCount: z.number().int(),
  }),
  topProducts: z.array(z.strictObject({ code: z.string().nullable(), description: z.string(), quantity: z.string(), total: usd })),
  attention: z.strictObject({
    pending: z.number().int(),
    rejected: z.number().int(),
    documents: z.array(
      z.strictObject({
        id: z.string(),
        kind: z.enum(DTE_KINDS),
        controlNumber: z.string(),
        status: z.string(),
        date: z.string(),
        total: usd,
      }),
    ),
  }),
  options: z.strictObject({
    points: z.array(z.string()),
    cashiers: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  }),
});

export const booksSettingsView = booksSettings;

same<Same<z.output<typeof monthBooks>, Answer<'monthBooks'>>>(true);
same<Same<z.output<typeof salesReport>, Answer<'salesReport'>>>(true);
same<Same<z.output<typeof booksSettingsView>, Answer<'booksSettings'>>>(true);
same<Same<z.output<typeof booksSettingsView>, Answer<'setBooksSettings'>>>(true);
