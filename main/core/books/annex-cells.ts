// How a value is written in an annex cell (docs/mh.md, IVA books and F-07 annexes): dates DD/MM/AAAA, amounts with two
// decimals and a point, DTE identifiers in the old columns, text that can never break the file.
import { round2, type Dec } from '../../../shared/tax';
import type { BookDocument, BookParty } from './book-document';
import { centsText, type Cents } from './cents';

/** Two decimals, a point, no thousands separator; `0.00` for nothing (never `-0.00`). */
export const amount = (c: Cents): string => centsText(c);

/** A decimal (a line's value, a product's sum) written as `amount` writes cents, rounded half up. */
export const decimalAmount = (d: Dec): string => {
  const r = round2(d);
  return r.isZero() ? '0.00' : r.toFixed(2);
};

/** numeroControl without hyphens: the *Número de Resolución* slot (28 characters). */
export const resolution = (d: BookDocument): string => d.controlNumber.replace(/-/g, '');
/** selloRecibido: the *Serie* slot (40 characters); empty while MH has not sealed the document. */
export const series = (d: BookDocument): string => d.seal ?? '';
/** codigoGeneracion without hyphens, upper case: the *Número de Documento* slot (32 characters). */
export const documentNumber = (d: BookDocument): string => d.generationCode.replace(/-/g, '').toUpperCase();

/**
 * Free text never quoted: the characters that would break a `;`-separated line without quoting (the separator,
 * quotes, line breaks, tabs) become spaces. docs/decisions/0013-iva-books-and-annexes.md.
 */
export const text = (s: string): string =>
  s
    .replace(/[;"\r\n\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // A cell starting with = + - @ is a formula to the spreadsheet the accountant opens it in: those leading
    // characters are removed (never in amounts, which do not pass here). Decision 0013, "Formula injection".
    .replace(/^[=+\-@\s]+/, '');

/** Digits only: NIT, NRC and DUI go "sin guiones y/o pleca". */
const digits = (s: string | null): string => (s ?? '').replace(/\D/g, '');

/**
 * A client's NIT-or-NRC and DUI columns: a natural person identified by DUI fills only the DUI (a 9-digit NIT is
 * a DUI used as NIT); otherwise the NIT, or the NRC when there is no NIT.
 */
export function nitOrDui(p: BookParty): { nit: string; dui: string } {
  const number = digits(p.number);
  if (p.docType === '13' || (p.docType === '36' && number.length === 9)) return { nit: '', dui: number };
  if (p.docType === '36' && number.length === 14) return { nit: number, dui: '' };
  return { nit: digits(p.nrc), dui: '' };
}

/** Documents in the order they were issued: date, time, then control number. */
export const issueOrder = (a: BookDocument, b: BookDocument): number =>
  byCode(a.date, b.date) || byCode(a.time, b.time) || byCode(a.controlNumber, b.controlNumber);

/** Plain code-unit order: dates, times and control numbers are ASCII, and a month sorts 100,000 of them. */
const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
