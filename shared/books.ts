// The accountant's month (issue 16): the F-07 annexes in MH's upload format, the IVA books and the reports.
// Amounts are exact decimal strings with 2 places. docs/decisions/0013-iva-books-and-annexes.md.
import { z } from 'zod';
import { isoDate } from './contract';
import type { DteKind } from './contract/kinds';
import { bilingual, described } from './contract/descriptions';

/** A tax period: `YYYY-MM`. */
export const monthParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use el mes como AAAA-MM (por ejemplo 2026-11).')
  .refine((m) => m >= '2022-11', 'Los DTE se declaran desde noviembre de 2022.');

/** The annexes Sello's documents feed, by the number MH gives them ('anulados' has none). */
export const ANNEXES = ['1', '2', '5', '9', '10', '12', 'anulados'] as const;
export type AnnexId = (typeof ANNEXES)[number];

/** The IVA books (Reglamento CT arts. 83 and 85) and the formats they come in. */
export const BOOKS = ['consumidores', 'contribuyentes'] as const;
export type BookId = (typeof BOOKS)[number];
export const BOOK_FORMATS = ['pdf', 'xlsx'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

const MONTH = bilingual('El periodo tributario, AAAA-MM, desde 2022-11.', 'The tax period, yyyy-MM, from 2022-11.');
export const annexQuery = z.strictObject({ month: described(monthParam, MONTH) });
export const bookQuery = z.strictObject({
  month: described(monthParam, MONTH),
  format: described(z.enum(BOOK_FORMATS).default('pdf'), bilingual('Formato: pdf (por omisión) o xlsx.', 'Format: pdf (default) or xlsx.')),
});
const ANNEX_CODE = (es: string, en: string) => bilingual(`${es} (código del F-07 de MH).`, `${en} (MH's F-07 code).`);

/**
 * The choices MH leaves open or where sources disagree (docs/mh.md, IVA books and F-07 annexes), one setting each,
 * with the defaults of docs/decisions/0013-iva-books-and-annexes.md. ADMIN changes them in Libros y reportes.
 */
export const booksSettings = z.strictObject({
  /** The annexes' bytes: what Excel writes when saving as MH says (Windows-1252), or UTF-8 without BOM. */
  encoding: described(
    z.enum(['windows-1252', 'utf-8']),
    bilingual(
      'Codificación de los anexos: windows-1252 (como guarda Excel) o utf-8 sin BOM.',
      "The annexes' encoding: windows-1252 (as Excel saves) or utf-8 without BOM.",
    ),
  ),
  /** Anexo 1 column P: MH's example (J+K+L+N, without IVA) or with the débito fiscal added. */
  annex1Total: described(
    z.enum(['sin-iva', 'con-iva']),
    bilingual(
      'Columna P del Anexo 1: sin-iva (el ejemplo de MH) o con-iva.',
      "Annex 1 column P: sin-iva (MH's example, before VAT) or con-iva (with VAT).",
    ),
  ),
  /** Anulados column J: the manual's 36 characters (with hyphens) or 32 without. */
  annulledCode: described(
    z.enum(['36', '32']),
    bilingual(
      'Columna J de anulados: 36 caracteres (con guiones) o 32 (sin ellos).',
      'Annulled column J: 36 characters (with hyphens) or 32 (without).',
    ),
  ),
  /**
   * Income-tax classification of sales (Anexo 1 R/S, Anexo 2 U/V; §7.1, §7.2). 'derivar': 1 gravada, 2 exenta
   * or no sujeta, 4 mixta, from each row's amounts; 3, 12 or 13 for every row when that is the company's case.
   */
  salesOperation: described(
    z.enum(['derivar', '3', '12', '13']),
    ANNEX_CODE(
      'Tipo de operación de renta de las ventas: derivar (de los montos de cada fila), 3, 12 o 13',
      "Income-tax operation type of sales: derivar (from each row's amounts), 3, 12 or 13",
    ),
  ),
  salesIncome: described(
    z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '13']),
    ANNEX_CODE('Tipo de ingreso de renta de las ventas', 'Income-tax income type of sales'),
  ),
  /** Purchases from excluded subjects (Anexo 5 I–L; §7.3). */
  purchaseOperation: described(
    z.enum(['1', '2', '3', '4', '8', '9']),
    ANNEX_CODE(
      'Tipo de operación de las compras a sujetos excluidos (Anexo 5)',
      'Operation type of purchases from excluded subjects (Annex 5)',
    ),
  ),
  purchaseClass: described(z.enum(['1', '2', '8', '9']), ANNEX_CODE('Clasificación de esas compras', 'Classification of those purchases')),
  purchaseSector: described(z.enum(['1', '2', '3', '4', '8', '9']), ANNEX_CODE('Sector de esas compras', 'Sector of those purchases')),
  purchaseCost: described(
    z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9']),
    ANNEX_CODE('Tipo de costo o gasto de esas compras', 'Cost or expense type of those purchases'),
  ),
});
export type BooksSettings = z.infer<typeof booksSettings>;

export const BOOKS_DEFAULTS: BooksSettings = {
  encoding: 'windows-1252',
  annex1Total: 'sin-iva',
  annulledCode: '36',
  salesOperation: 'derivar',
  salesIncome: '3',
  purchaseOperation: '1',
  purchaseClass: '2',
  purchaseSector: '2',
  purchaseCost: '2',
};

/** One thing MH's portal would refuse (or an accountant must look at), naming the row and the column. */
export interface AnnexProblem {
  /** 1-based line of the file; 0 for the file as a whole. */
  readonly row: number;
  /** Column letter (A, B, …); '' for the whole row or file. */
  readonly column: string;
  readonly field: string;
  readonly message: string;
  /** 'error': MH refuses the file; 'warning': it is accepted, but someone must act. */
  readonly severity: 'error' | 'warning';
}

/** A casilla of form F-07 and the amount the annex carries to it. */
export interface CasillaAmount {
  readonly casilla: string;
  readonly label: string;
  readonly amount: string;
}

export interface AnnexSummary {
  readonly annex: AnnexId;
  readonly title: string;
  readonly fileName: string;
  readonly rows: number;
  readonly casillas: readonly CasillaAmount[];
  readonly problems: readonly AnnexProblem[];
}

/** The month's annexes and books at a glance: what the screen lists before downloading. */
export interface MonthBooks {
  readonly month: string;
  readonly annexes: readonly AnnexSummary[];
  readonly ivaSummary: IvaSummary;
  readonly settings: BooksSettings;
  /**
   * What the books did not believe as sent, and why, in Spanish (the hub: documents MH does not confirm, a status or
   * a record without a verified event; decision 0063). Absent when there is nothing to say.
   */
  readonly warnings?: readonly string[];
}

/** The month's IVA summary (the books' closing section). */
export interface IvaSummary {
  /** Consumers' book: taxable sales with IVA, the IVA they contain, exempt, non-subject and exports. */
  readonly consumer: {
    readonly gravadas: string;
    readonly debito: string;
    readonly exentas: string;
    readonly noSujetas: string;
    readonly exportaciones: string;
  };
  /** Contributors' book: taxable sales net of IVA, their IVA (NC subtracted), exempt and non-subject. */
  readonly contributor: { readonly gravadas: string; readonly debito: string; readonly exentas: string; readonly noSujetas: string };
  /** IVA withheld from the station's sales by its clients (1 %), and perceived by the station (1 %). */
  readonly ivaRetenido: string;
  readonly ivaPercibido: string;
  /** IVA the station withheld from others (its CR) and from excluded subjects (FSE). */
  readonly retencionesEfectuadas: string;
  /** Débito fiscal del mes: consumers' plus contributors'. */
  readonly debitoTotal: string;
  /** Annulments of earlier months' consumer documents, subtracted in this month (Reglamento art. 87). */
  readonly anulacionesPrevias: string;
  /**
   * Goods given back this month on FE and FEX (Eventos de Retorno MH sealed, or waiting for it, and not invalidated),
   * subtracted in this month: for casillas 97 and 143 (docs/decisions/0013-iva-books-and-annexes.md, Returns).
   */
  readonly devoluciones: string;
  /** The IVA those returns give back, subtracted from the consumers' débito. */
  readonly devolucionesIva: string;
}

/** A file for the person to save: its name, its media type and its bytes in base64. */
export interface BookFile {
  readonly fileName: string;
  readonly mediaType: string;
  readonly base64: string;
}

// ---- Reports ------------------------------------------------------------------------------------------------

export const reportQuery = z
  .strictObject({
    from: described(isoDate(), bilingual('Primer día, aaaa-mm-dd, incluido.', 'First day, yyyy-MM-dd, inclusive.')),
    to: described(
      isoDate(),
      bilingual(
        'Último día, aaaa-mm-dd, incluido; a lo sumo un año después de from.',
        'Last day, yyyy-MM-dd, inclusive; at most a year after from.',
      ),
    ),
    /** `M001P001`-style establishment and point of sale. */
    pos: described(
      z
        .string()
        .regex(/^[A-Z0-9]{4}P\d{3}$/, 'Use el código del establecimiento y punto de venta, como M001P001.')
        .optional(),
      bilingual('Solo este establecimiento y punto de venta, como M001P001.', 'Only this establishment and point of sale, like M001P001.'),
    ),
    /** Who issued (`user:login`, `api-key:id`). */
    cashier: described(
      z.string().trim().min(1).max(100).optional(),
      bilingual('Solo lo emitido por quien se indica: user:login o api-key:id.', 'Only what this issuer issued: user:login or api-key:id.'),
    ),
  })
  .refine((q) => q.from <= q.to, { message: 'La fecha inicial va antes que la final.', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'Un reporte abarca a lo sumo un año.',
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuery>;

export interface DayFigures {
  readonly date: string;
  /** Net sales of the day (FC + CCF + ND + FEX − NC), approved and pending, not invalidated or rejected. */
  readonly sales: string;
  readonly iva: string;
  readonly documents: number;
}

export interface KindFigures {
  readonly kind: DteKind;
  readonly count: number;
  /** Totals to pay; an NC's subtract. */
  readonly total: string;
  readonly iva: string;
}

export interface ProductFigures {
  readonly code: string | null;
  readonly description: string;
  readonly quantity: string;
  /** Net of IVA, whatever kind sold it (an FC's shelf price less its IVA, a CCF's price as it is). */
  readonly total: string;
}

export interface AttentionDocument {
  readonly id: string;
  readonly kind: DteKind;
  readonly controlNumber: string;
  readonly status: string;
  readonly date: string;
  readonly total: string;
}

export interface SalesReport {
  readonly query: ReportQuery;
  readonly byDay: readonly DayFigures[];
  readonly byKind: readonly KindFigures[];
  readonly totals: {
    readonly sales: string;
    readonly iva: string;
    readonly retained: string;
    readonly perceived: string;
    readonly documents: number;
    /** Goods given back on FE and FEX in the period (Eventos de Retorno not refused nor invalidated), already out of `sales`. */
    readonly returns: string;
    readonly returnsCount: number;
  };
  readonly topProducts: readonly ProductFigures[];
  /** Documents still waiting for MH, and those MH rejected. */
  readonly attention: { readonly pending: number; readonly rejected: number; readonly documents: readonly AttentionDocument[] };
  /** What the filters offer: the points of sale and the people seen in the period. */
  readonly options: { readonly points: readonly string[]; readonly cashiers: readonly { readonly id: string; readonly name: string }[] };
}
