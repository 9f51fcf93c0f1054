// What the book's renderers share: amounts as they read on paper, running sums, the date the files carry.
import { Dec } from '../../../shared/tax';
import { amount } from './annex-cells';
import type { BookColumn, BookHeader, BookRow } from './book-model';
import { moneyCell } from './book-columns';
import { NO_CENTS, plus, type Cents } from './cents';

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const signed = (fixed: string): string => {
  const digits = fixed.replace('-', '');
  const [int = '0', dec] = digits.split('.');
  const text = dec === undefined ? grouped(int) : `${grouped(int)}.${dec}`;
  return fixed.startsWith('-') && /[1-9]/.test(digits) ? `-${text}` : text;
};

/** '-1234.5' → '-1,234.50': exact (no float), two decimals, comma thousands; '' stays blank. */
export const amountText = (value: string): string => (value.trim() === '' ? '' : signed(new Dec(value).toFixed(2)));

/** A count as on paper: '1234' → '1,234'. */
export const countText = (value: string): string => (value.trim() === '' ? '' : signed(new Dec(value).toFixed(0)));

export const moneyColumns = (columns: readonly BookColumn[]): BookColumn[] => columns.filter((c) => c.kind === 'money');

/** Running sums of the money columns, exact, so what a page carries forward is what the rows add up to. */
export class RunningSums {
  private readonly sums = new Map<string, Cents>();

  constructor(columns: readonly BookColumn[]) {
    for (const c of moneyColumns(columns)) this.sums.set(c.key, NO_CENTS);
  }

  add(row: BookRow): void {
    for (const [key, sum] of this.sums) this.sums.set(key, plus(sum, moneyCell(row, key)));
  }

  /** By key, as money cells ('1234.56', never `-0.00`), for the money columns only: carried sums and totals alike. */
  values(): Record<string, string> {
    return Object.fromEntries([...this.sums].map(([k, v]) => [k, amount(v)]));
  }
}

// El Salvador keeps UTC-6 all year: a wall-clock time without a zone is read as such, the same on every machine.
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** When the book was made, as a Date for the files' metadata; the month's first day if generatedAt does not parse. */
export function generatedDate(header: BookHeader): Date {
  const text = header.generatedAt.trim();
  const m = LOCAL.exec(text.replace(/\.\d+$/, ''));
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) + 6, Number(mi), Number(s)));
  }
  const zoned = new Date(text);
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(zoned.getTime())) return zoned;
  return new Date(`${header.month}-01T06:00:00Z`);
}
