// Tax periods: a month's dates, the months before it, and when MH's income-tax columns start to apply.
import { esMonthNames } from '../../../shared/es-sv';

/** The first and last day of YYYY-MM. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `n` before YYYY-MM. */
export function monthBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "noviembre de 2026". */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${esMonthNames[m - 1]} de ${y}`;
}

/** Every day from `from` to `to` (YYYY-MM-DD), both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** YYYY-MM-DD → DD/MM/AAAA, MH's date in every annex. */
export const mhDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** DD/MM/AAAA → YYYY-MM-DD, or null when it is not a date in that form. */
export function isoFromMhDate(s: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** Sales annexes' income-tax columns (Anexo 1 R/S, Anexo 2 U/V) apply from January 2025; `0` before. */
export const salesRentaApplies = (month: string): boolean => month >= '2025-01';
/** Purchases' classification columns (Anexo 5 I–L) apply from February 2024; `0` before. */
export const purchaseRentaApplies = (month: string): boolean => month >= '2024-02';
