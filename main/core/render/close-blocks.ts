// The day's close as receipt blocks (render/receipt-blocks.ts), so a close ticket prints on the ESC/POS printer
// with the same words as its PDF receipt (close-receipt.ts) draws from the same sheet (close-paper.ts).
import type { CloseSheet } from './close-paper';
import type { ReceiptBlock } from './receipt-blocks';

const text = (value: string, o: Partial<Pick<Extract<ReceiptBlock, { t: 'text' }>, 'align' | 'bold' | 'size' | 'mono'>> = {}) =>
  ({
    t: 'text',
    text: value,
    align: o.align ?? 'left',
    bold: o.bold ?? false,
    size: o.size ?? 'normal',
    ...(o.mono ? { mono: true } : {}),
  }) as const satisfies ReceiptBlock;

/** The PDF's minus sign (U+2212) is not in the printer's code pages (PC858, PC850): a hyphen says the same. */
const printable = (v: string) => v.replace(/\u2212/g, '-');

export function closeBlocks(s: CloseSheet): ReceiptBlock[] {
  const out: ReceiptBlock[] = [];
  s.company.forEach((c, i) => out.push(text(c, { align: 'center', bold: i === 0, size: i === 0 ? 'large' : 'normal' })));
  out.push({ t: 'rule' }, text(s.title, { align: 'center', bold: true, size: 'large' }));
  if (s.demo) out.push(text('DEMOSTRACIÓN · SIN VALIDEZ FISCAL', { align: 'center', bold: true }));
  for (const [k, v] of s.header) out.push(text(printable(`${k}: ${v}`)));
  for (const section of s.sections) {
    out.push({ t: 'rule' }, text(section.title.toUpperCase(), { bold: true }));
    for (const [k, v] of section.lines) out.push({ t: 'pair', left: printable(k), right: printable(v), bold: false, size: 'normal' });
  }
  out.push({ t: 'rule' });
  for (const [k, v] of s.footer) out.push(text(`${k}:`, { bold: true }), text(v, { size: 'small', mono: true }));
  return out;
}
