// What the annex builders share: the result's shape, which documents a month reports, and the income-tax codes.
import type { AnnexId, AnnexProblem, BooksSettings } from '../../../shared/books';
import { issueOrder } from './annex-cells';
import type { BookDocument } from './book-document';
import type { Cents } from './cents';
import { salesRentaApplies } from './period';

export interface AnnexBuild {
  readonly annex: AnnexId;
  /** The file's lines as cells, in MH's column order. */
  readonly rows: readonly (readonly string[])[];
  /** What the builder saw that the file cannot say (a CR code with no annex, a mixed export, …). */
  readonly notes: readonly AnnexProblem[];
}

/** Where an annex's rows go as soon as they are known: a file, a tally of casillas and checks, or an array. */
export type EmitRow = (cells: readonly string[]) => void;

/**
 * An annex built one document at a time, the documents given in issue order (issueOrder): a month of any size is
 * read once and never held whole (docs/decisions/0043-books-in-constant-memory.md).
 */
export interface AnnexFold {
  readonly add: (d: BookDocument) => void;
  /** Emits the rows held back (the last day's groups, the negative rows); returns what the file cannot say. */
  readonly finish: () => AnnexProblem[];
}

/** An annex of documents already in memory, in any order: the same fold, its rows collected. */
export function foldAll(annex: AnnexId, docs: readonly BookDocument[], open: (emit: EmitRow) => AnnexFold): AnnexBuild {
  const rows: (readonly string[])[] = [];
  const fold = open((cells) => rows.push(cells));
  for (const d of [...docs].sort(issueOrder)) fold.add(d);
  return { annex, rows, notes: fold.finish() };
}

/**
 * Whether a document counts in the annexes of the month ending `monthEnd`: issued and not rejected, and not
 * invalidated by that month's end. A later invalidation leaves the month as it was declared; the month it
 * happens in reports it (the anulados annex, and Anexo 2's negative row). docs/decisions/0013.
 */
export const standsAt = (d: BookDocument, monthEnd: string): boolean =>
  d.status !== 'REJECTED' &&
  (d.invalidatedOn === null || d.invalidatedOn > monthEnd) &&
  !(d.status === 'INVALIDATED' && d.invalidatedOn === null);

/** Anexo 1 R, Anexo 2 U: gravada 1, exenta or no sujeta 2, both 4; or the company's fixed code. */
export function salesOperation(s: BooksSettings, month: string, untaxed: Cents, taxed: Cents): string {
  if (!salesRentaApplies(month)) return '0';
  if (s.salesOperation !== 'derivar') return s.salesOperation;
  const t = taxed !== 0;
  const u = untaxed !== 0;
  return t && u ? '4' : u ? '2' : '1';
}

/** Anexo 1 S, Anexo 2 V: the company's income type; exports of goods 7, of services 9. */
export function salesIncome(s: BooksSettings, month: string, exportItems = 0): string {
  if (!salesRentaApplies(month)) return '0';
  if (exportItems === 2) return '9';
  if (exportItems === 1 || exportItems === 3) return '7';
  return s.salesIncome;
}

/** A sale on a third party's behalf: its annex (Anexo 4) is not one Sello writes yet, so the person is told. */
export const thirdPartyNote = (d: BookDocument): AnnexProblem | null =>
  d.thirdParty
    ? {
        row: 0,
        column: '',
        field: 'VENTA A CUENTA DE TERCEROS',
        severity: 'warning',
        message: `${d.controlNumber} es una venta a cuenta de ${d.thirdParty.name} (NIT ${d.thirdParty.nit}): aquí va como venta propia; si corresponde al Anexo 4 (casilla 108), declárela allí.`,
      }
    : null;
