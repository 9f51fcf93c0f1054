// How amounts and dates read on paper (El Salvador: US dollars, comma thousands, point decimals).
import { esDate } from '../../../shared/es-sv';
import { textOf } from '../../../shared/text';

const grouped = (intPart: string) => intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** $1,234.56: two decimals on paper, item prices included (MH's document keeps its 8); `maxDecimals` for the rest. */
export function money(value: unknown, maxDecimals = 2): string {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  const fixed = n.toFixed(maxDecimals);
  const [i = '0', d = ''] = fixed.replace('-', '').split('.');
  const decimals = maxDecimals > 2 ? d.replace(/0+$/, '').padEnd(2, '0') : d;
  return `${n < 0 ? '-' : ''}$${grouped(i)}${decimals ? `.${decimals}` : ''}`;
}

export const quantity = (value: unknown): string => {
  const n = Number(value ?? 0);
  return Number.isInteger(n) ? String(n) : n.toFixed(8).replace(/0+$/, '');
};

/** yyyy-MM-dd → dd/MM/yyyy: the document's own calendar day (fecEmi), written as every screen writes it. */
export const date = (iso: unknown): string => {
  const text = textOf(iso);
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? esDate(text.slice(0, 10)) : text;
};
