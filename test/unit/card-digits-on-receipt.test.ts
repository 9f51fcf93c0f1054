// The card's last four digits, when the cashier typed them, are on the receipt: the PDF's words and the ESC/POS
// bytes both come from the same payment lines (render/model.ts, render/receipt-blocks.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escposReceipt } from '../../main/core/printer/escpos-receipt';
import { printable } from '../../main/core/render/model';
import { blockWords, receiptBlocks } from '../../main/core/render/receipt-blocks';

const fc = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'golden', 'fc.json'), 'utf8')) as {
  resumen: Record<string, unknown>;
};
const paid = (pagos: unknown[]) =>
  printable(
    { type: 'FC', status: 'APPROVED', mhResponse: { selloRecibido: 'X'.repeat(40) } },
    { ...fc, resumen: { ...fc.resumen, pagos } },
    false,
  );
const pago = (codigo: string, montoPago: number, referencia: string | null) => ({
  codigo,
  montoPago,
  referencia,
  plazo: null,
  periodo: null,
});

describe('the card on the receipt', () => {
  it('a card paid with its last four digits prints them with the method', () => {
    const p = paid([pago('02', 10.08, '4321')]);
    expect(p.payments).toEqual([['Tarjeta de débito ****4321', '$10.08']]);
  });

  it('the digits are in the ESC/POS bytes too', () => {
    const bytes = escposReceipt(receiptBlocks(paid([pago('03', 10.08, '4321')])), {
      width: 80,
      codepage: 'cp858',
      qr: 'native',
      pulse: false,
    });
    expect(Buffer.from(bytes).toString('latin1')).toContain('****4321');
  });

  it('a longer card reference prints only its last four digits', () => {
    expect(paid([pago('03', 10.08, '4111 1111 1111 4321')]).payments[0]?.[0]).toBe('Tarjeta de crédito ****4321');
  });

  it('a transfer keeps its whole reference; a card without digits prints none', () => {
    const words = blockWords(receiptBlocks(paid([pago('05', 5, 'TR-889'), pago('02', 5.08, null)])));
    expect(words).toContain('Transferencia o depósito bancario (ref. TR-889)');
    expect(words.find((w) => w.startsWith('Tarjeta'))).toBe('Tarjeta de débito');
  });
});
