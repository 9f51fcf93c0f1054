// The accountant's month for one books source (the station's SQLite or the hub's PostgreSQL): the annexes
// with their checks and casillas, the IVA books as PDF and XLSX, the reports, and the settings that decide
// what MH leaves open. docs/decisions/0013-iva-books-and-annexes.md.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ANNEXES,
  BOOKS,
  BOOKS_DEFAULTS,
  annexQuery,
  booksSettings,
  reportQuery,
  type AnnexId,
  type AnnexSummary,
  type BookFile,
  type BookFormat,
  type BookId,
  type BooksSettings,
  type MonthBooks,
  type SalesReport,
} from '../../../shared/books';
import { validate } from '../../../shared/contract';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { validationFailed } from '../errors';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { purchaseCodesProblem } from './annex-check';
import { annexLine } from './annex-file';
import { annexTally, openAnnex } from './annexes';
import { MEDIA, bookBytes, bookDownload, bookFileName, writeBook, type BookDownload } from './book-file';
import type { BookDocument } from './book-document';
import type { Book, BookFold, BookHeader } from './book-model';
import type { BooksSource } from './books-source';
import { consumerBookFold } from './consumer-book';
import { contributorBookFold } from './contributor-book';
import { ivaSums } from './iva-summary';
import { eachInIssueOrder } from './month-stream';
import { monthName, monthRange } from './period';
import { salesReportFold } from './sales-report';
import { turn } from '../turn';

const KEY = 'books';

/** YYYY-MM, or VALIDATION_FAILED naming `month`: every call checks it, whoever calls (IPC, HTTP, the CLI). */
export function checkedMonth(month: unknown): string {
  const r = validate(annexQuery, { month });
  if (!r.ok) throw validationFailed(r.errors, 'Indique el mes como AAAA-MM.');
  return r.value.month;
}

const TITLES: Readonly<Record<BookId, string>> = {
  consumidores: 'LIBRO DE VENTAS A CONSUMIDORES FINALES',
  contribuyentes: 'LIBRO DE VENTAS A CONTRIBUYENTES',
};

/** Where a long run stands: what it is doing and how far along it is (0 to 1). */
export type BooksProgress = (step: string, done: number) => void;

export interface Books {
  readonly settings: () => BooksSettings;
  /** ADMIN: some or all of the settings; the rest stay as they were. */
  readonly setSettings: (input: unknown, actor: string) => BooksSettings;
  /** The month's annexes (rows, casillas, problems) and IVA summary, for the screen. */
  readonly month: (month: string) => Promise<MonthBooks>;
  readonly annexFile: (annex: AnnexId, month: string) => Promise<BookFile>;
  readonly bookFile: (book: BookId, month: string, format: BookFormat) => Promise<BookFile>;
  /** The same file written to a temporary one for an HTTP answer to send and remove (book-file.ts). */
  readonly bookDownload: (book: BookId, month: string, format: BookFormat) => Promise<BookDownload>;
  /** `{from, to, pos?, cashier?}`, checked here: a bad one is VALIDATION_FAILED naming the field. */
  readonly report: (query: unknown) => Promise<SalesReport>;
  /** Every annex with rows and both books in both formats into `dir` (`sello books`): the files and the checks. */
  readonly writeAll: (month: string, dir: string, progress?: BooksProgress) => Promise<{ files: string[]; annexes: AnnexSummary[] }>;
}

export interface BooksDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly source: BooksSource;
}

/** Where the books' settings live: the station's SQLite (`books`), or fixed ones (the hub's, for now). */
export interface BooksSettingsStore {
  readonly get: () => BooksSettings;
  /** Stores the whole, already checked, settings; `actor` is who changed them, for the audit. */
  readonly set: (next: BooksSettings, actor: string) => void;
}

/** The station's settings: a row of its settings table, each change audited in the same transaction. */
export function storedBooksSettings(store: Store, clock: Clock): BooksSettingsStore {
  const kv = settingsRepo(store);
  return {
    get() {
      const v = kv.get(KEY);
      return v ? { ...BOOKS_DEFAULTS, ...(JSON.parse(v) as Partial<BooksSettings>) } : BOOKS_DEFAULTS;
    },
    set(next, actor) {
      store.tx(() => {
        kv.set(KEY, JSON.stringify(next));
        audit(store, isoLocal(clock.now()), actor, 'settings.books', null, next);
      });
    },
  };
}

/** What the month subtracts beside its own documents: earlier documents invalidated in it, and its returns. */
interface Adjustments {
  readonly invalidated: readonly BookDocument[];
  readonly returns: readonly BookDocument[];
}

/**
 * The month read once, in issue order, every annex folded as it goes (docs/decisions/0043-books-in-constant-memory.md):
 * each annex's rows go to `rowOf(annex)` as they are made, and to its tally (count, casillas, MH's checks); the IVA
 * summary is summed alongside. Nothing of the month is held but a page and a day.
 */
async function foldMonth(
  source: BooksSource,
  month: string,
  s: BooksSettings,
  { invalidated, returns }: Adjustments,
  rowOf: (annex: AnnexId) => ((cells: readonly string[]) => void) | null,
  o: { readonly progress?: BooksProgress; readonly books?: readonly BookFold[]; readonly only?: readonly AnnexId[] } = {},
): Promise<{ annexes: AnnexSummary[]; ivaSummary: MonthBooks['ivaSummary'] }> {
  const { from, to } = monthRange(month);
  const point = source.company().station;
  const folds = (o.only ?? ANNEXES).map((annex) => {
    const tally = annexTally(annex, month, s, point);
    const also = rowOf(annex);
    const fold = openAnnex(
      annex,
      month,
      s,
      invalidated,
      (cells) => {
        tally.row(cells);
        also?.(cells);
      },
      returns,
    );
    return { tally, fold };
  });
  const iva = ivaSums(month, invalidated, returns);
  o.progress?.('Leyendo los documentos del mes', 0);
  await eachInIssueOrder(
    source,
    { from, to },
    (d) => {
      for (const f of folds) f.fold.add(d);
      iva.add(d);
      o.books?.forEach((b) => b.add(d));
    },
    (n) => o.progress?.(n === 1 ? 'Leído 1 documento' : `Leídos ${n} documentos`, 0),
  );
  return { annexes: folds.map((f) => f.tally.summary(f.fold.finish())), ivaSummary: iva.result() };
}

/** The station's books: its settings in its own store. */
export function books(d: BooksDeps): Books {
  return booksOver({ clock: d.clock, source: d.source, settings: storedBooksSettings(d.store, d.clock) });
}

/** The books of any source under any settings: the station's and the hub's are this same code. */
export function booksOver(d: { readonly clock: Clock; readonly source: BooksSource; readonly settings: BooksSettingsStore }): Books {
  const settings = d.settings.get;

  const header = (book: BookId, month: string): BookHeader => ({
    title: TITLES[book],
    month,
    monthName: monthName(month),
    company: d.source.company(),
    generatedAt: isoLocal(d.clock.now()),
  });

  /** The month's invalidations and returns, read apart before the month (a month's worth of them). */
  const adjustmentsOf = async (month: string): Promise<Adjustments> => {
    const { from, to } = monthRange(month);
    const [invalidated, returns] = await Promise.all([d.source.invalidatedBetween(from, to), d.source.returnsBetween(from, to)]);
    return { invalidated, returns };
  };

  const bookOf = (book: BookId, month: string, a: Adjustments): BookFold =>
    book === 'consumidores'
      ? consumerBookFold(month, header(book, month), a.invalidated, a.returns)
      : contributorBookFold(month, header(book, month), a.invalidated, a.returns);

  /** One book of the month, read once in issue order. */
  const built = async (book: BookId, asked: string): Promise<Book> => {
    const month = checkedMonth(asked);
    const fold = bookOf(book, month, await adjustmentsOf(month));
    const { from, to } = monthRange(month);
    await eachInIssueOrder(d.source, { from, to }, fold.add);
    return fold.result();
  };

  return {
    settings,
    setSettings(input, actor) {
      const parsed = validate(booksSettings.partial(), input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'La configuración de los libros tiene datos no válidos.');
      const next = { ...settings(), ...parsed.value };
      const wrong = purchaseCodesProblem(next.purchaseOperation, next.purchaseClass, next.purchaseSector, next.purchaseCost);
      if (wrong)
        throw validationFailed(
          [{ path: wrong.column === 'I' ? 'purchaseOperation' : 'purchaseCost', code: 'NOT_ALLOWED', message: wrong.message }],
          'Esa combinación de códigos de compras no la admite MH.',
        );
      d.settings.set(next, actor);
      return next;
    },
    async month(asked) {
      const month = checkedMonth(asked);
      const s = settings();
      const { annexes, ivaSummary } = await foldMonth(d.source, month, s, await adjustmentsOf(month), () => null);
      const { from, to } = monthRange(month);
      const warnings = (await d.source.warnings?.(from, to)) ?? [];
      return { month, annexes, ivaSummary, settings: s, ...(warnings.length > 0 ? { warnings } : {}) };
    },
    async annexFile(annex, asked) {
      const month = checkedMonth(asked);
      const s = settings();
      // The file's lines, encoded as they are made: the file is held, never the documents behind it.
      const lines: Buffer[] = [];
      const { annexes } = await foldMonth(
        d.source,
        month,
        s,
        await adjustmentsOf(month),
        () => (cells) => lines.push(annexLine(cells, s)),
        {
          only: [annex],
        },
      );
      return {
        fileName: annexes[0]!.fileName,
        mediaType: `${MEDIA.csv}; charset=${s.encoding}`,
        base64: Buffer.concat(lines).toString('base64'),
      };
    },
    async bookFile(book, asked, format) {
      const b = await built(book, asked);
      return { fileName: bookFileName(b, format), mediaType: MEDIA[format], base64: (await bookBytes(b, format)).toString('base64') };
    },
    async bookDownload(book, asked, format) {
      return bookDownload(await built(book, asked), format);
    },
    async report(input) {
      const r = validate(reportQuery, input);
      if (!r.ok) throw validationFailed(r.errors, 'Revise las fechas y los filtros del reporte.');
      const report = salesReportFold(r.value);
      await eachInIssueOrder(d.source, { from: r.value.from, to: r.value.to, lines: true }, report.add);
      for (const given of await d.source.returnsBetween(r.value.from, r.value.to)) report.addReturn(given);
      return report.result();
    },
    async writeAll(asked, dir, progress) {
      const month = checkedMonth(asked);
      const s = settings();
      await mkdir(dir, { recursive: true });
      const lines = new Map<AnnexId, Buffer[]>(ANNEXES.map((a) => [a, []]));
      // One reading of the month makes every annex and both books.
      const adjustments = await adjustmentsOf(month);
      const books = BOOKS.map((b) => bookOf(b, month, adjustments));
      const { annexes } = await foldMonth(d.source, month, s, adjustments, (a) => (cells) => lines.get(a)!.push(annexLine(cells, s)), {
        progress,
        books,
      });
      const written: string[] = [];
      const steps = annexes.filter((a) => a.rows > 0).length + BOOKS.length * 2;
      const saved = (name: string) => {
        written.push(name);
        progress?.(`Escrito ${name}`, written.length / steps);
      };
      const save = async (name: string, bytes: Buffer) => {
        await writeFile(join(dir, name), bytes);
        saved(name);
      };
      // An annex with no rows is not uploaded (MH's casilla stays empty): no file for it.
      for (const summary of annexes) {
        if (summary.rows > 0) await save(summary.fileName, Buffer.concat(lines.get(summary.annex)!));
        else progress?.(`${summary.title}: sin filas este mes`, written.length / steps);
        lines.delete(summary.annex);
      }
      for (const fold of books) {
        const book = fold.result();
        for (const format of ['pdf', 'xlsx'] as const) {
          await turn();
          const name = bookFileName(book, format);
          // Written as it is drawn: the file, never its bytes in memory.
          await writeBook(book, format, join(dir, name));
          saved(name);
        }
      }
      return { files: written, annexes };
    },
  };
}
