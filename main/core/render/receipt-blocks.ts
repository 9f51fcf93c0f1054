// The counter receipt as a list of blocks, read from the printable model: the PDF receipt (receipt.ts) and the
// ESC/POS bytes (printer/escpos-receipt.ts) both draw this list, so the two papers say the same words in the same
// order (docs/decisions/0041-escpos-receipts.md).
import type { Printable } from './model';

/** Relative sizes: the PDF maps them to points, ESC/POS to the printer's character magnification. */
export type BlockSize = 'small' | 'normal' | 'large' | 'huge';

export type ReceiptBlock =
  | {
      readonly t: 'text';
      readonly text: string;
      readonly align: 'left' | 'center';
      readonly bold: boolean;
      readonly size: BlockSize;
      /** Codes and numbers: a fixed-width face on the PDF. */
      readonly mono?: boolean;
    }
  /** A label and its amount, the amount against the right edge. */
  | { readonly t: 'pair'; readonly left: string; readonly right: string; readonly bold: boolean; readonly size: BlockSize }
  | { readonly t: 'rule' }
  | { readonly t: 'qr'; readonly data: string }
  /** The company's logo (PNG), on top. */
  | { readonly t: 'logo'; readonly png: Buffer };

const text = (
  value: string,
  o: Partial<{ align: 'left' | 'center'; bold: boolean; size: BlockSize; mono: boolean }> = {},
): ReceiptBlock => ({
  t: 'text',
  text: value,
  align: o.align ?? 'left',
  bold: o.bold ?? false,
  size: o.size ?? 'normal',
  ...(o.mono ? { mono: true } : {}),
});
const centered = (value: string, bold = false, size: BlockSize = 'normal') => text(value, { align: 'center', bold, size });
const pair = (left: string, right: string, bold = false, size: BlockSize = 'normal'): ReceiptBlock => ({
  t: 'pair',
  left,
  right,
  bold,
  size,
});
const RULE: ReceiptBlock = { t: 'rule' };

/** Identity lines whose value is a code, not words. */
const isCode = (label: string) => label.startsWith('Código') || label.startsWith('Número') || label.startsWith('Sello');
/** The receiver's lines a counter receipt leaves to the letter copy. */
const LETTER_ONLY = new Set(['Dirección', 'Actividad', 'Correo', 'Teléfono']);

export function receiptBlocks(p: Printable, logo: Buffer | null = null): ReceiptBlock[] {
  const out: ReceiptBlock[] = [];
  if (logo) out.push({ t: 'logo', png: logo });
  const e = Object.fromEntries(p.issuer.lines);
  out.push(centered(e.Nombre ?? '', true, 'large'));
  if (e['Nombre comercial']) out.push(centered(e['Nombre comercial']));
  out.push(centered(`NIT ${e.NIT ?? ''} · NRC ${e.NRC ?? ''}`));
  if (e.Dirección) out.push(centered(e.Dirección, false, 'small'));
  out.push(RULE, centered(p.title, true, 'large'));
  if (p.demo) out.push(centered('DEMOSTRACIÓN · SIN VALIDEZ FISCAL', true));
  if (p.testEnvironment) out.push(centered('AMBIENTE DE PRUEBAS DE MH · SIN VALIDEZ FISCAL', true));
  if (p.voided) out.push(RULE, centered('ANULADO', true, 'huge'), centered('Documento invalidado ante MH: no tiene validez.', true), RULE);
  for (const [k, v] of p.identity) out.push(text(`${k}:`, { bold: true }), text(v, { size: 'small', mono: isCode(k) }));
  if (p.unsealedNotice) out.push(RULE, centered(p.unsealedNotice, true));
  if (p.receiver) {
    out.push(RULE);
    for (const [k, v] of p.receiver.lines) if (!LETTER_ONLY.has(k)) out.push(text(`${k}: ${v}`));
  }
  out.push(RULE);
  const desc = p.items.columns.findIndex((c) => c.label === 'Descripción');
  p.items.rows.forEach((row, i) => {
    out.push(text(row[desc] ?? ''));
    // A CR's or CL's line is a document (kind and number), a DCL's its period; a sale's is a quantity × price.
    const detail =
      p.kind === 'CR' || p.kind === 'CL'
        ? `${row[0] ?? ''} ${row[1] ?? ''}`
        : p.kind === 'DCL'
          ? (row[0] ?? '')
          : `${row[0] ?? ''} × ${row[3] ?? ''}`;
    out.push(pair(detail, p.items.lineTotals[i] ?? ''));
  });
  out.push(RULE);
  for (const [k, v] of p.totals) out.push(pair(k, v));
  out.push(pair(p.totalToPay[0], p.totalToPay[1], true, 'large'));
  out.push(text(p.words, { size: 'small' }));
  if (p.sectionsOnReceipt)
    for (const s of p.sections) {
      out.push(RULE, text(s.title, { bold: true }));
      for (const [k, v] of s.lines) out.push(text(`${k}:`), text(v, { size: 'small', mono: isCode(k) || /^[0-9A-F-]{36}$/.test(v) }));
    }
  if (p.payments.length) {
    out.push(RULE, text('Pago', { bold: true }));
    for (const [k, v] of p.payments) out.push(pair(k, v, k === 'Cambio'));
  }
  if (p.qrUrl) out.push(RULE, { t: 'qr', data: p.qrUrl }, centered('Consulte en admin.factura.gob.sv', false, 'small'));
  else out.push(RULE, centered(p.noQrNotice ?? '', false, 'small'));
  return out;
}

/** The words a receipt prints, in order, one entry per block (rules, QR and logo have none): what tests compare. */
export function blockWords(blocks: readonly ReceiptBlock[]): string[] {
  return blocks.flatMap((b) => {
    switch (b.t) {
      case 'text':
        return [b.text];
      case 'pair':
        return [b.left, b.right];
      case 'rule':
      case 'qr':
      case 'logo':
        return [];
      default: {
        const never: never = b;
        return never;
      }
    }
  });
}
