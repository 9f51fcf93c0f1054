// The virtual printer's parser is the tests' eyes on the ESC/POS bytes: it must read what the encoder writes, and
// never throw on anything else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escposPulse, escposReceipt } from '../../main/core/printer/escpos-receipt';
import { parseEscpos } from '../support/escpos-parse';
import { statusByte } from '../support/virtual-printer';
import { readStatus } from '../../main/core/printer/escpos-status';

const ACCENTS = 'á é í ó ú ü ñ Ñ ¿? ¡! Á É Í Ó Ú × ·';

describe('reading ESC/POS back', () => {
  it.each(['cp858', 'cp850'] as const)('keeps accents through %s, and the € only where PC858 has it', (codepage) => {
    const bytes = escposReceipt(
      [
        { t: 'text', text: ACCENTS, align: 'left', bold: true, size: 'large' },
        { t: 'text', text: 'Total €', align: 'center', bold: false, size: 'normal' },
      ],
      { width: 80, codepage, qr: 'native', pulse: false },
    );
    const [r] = parseEscpos(bytes);
    expect(r!.lines[0]).toMatchObject({ text: ACCENTS, bold: true, size: { w: 1, h: 2 } });
    expect(r!.lines[1]!.text.trim()).toBe(codepage === 'cp858' ? 'Total €' : 'Total ?');
    expect(r!.cut).toBe(true);
  });

  it('prints a label with no amount as a line of its own (a close section), on both widths', () => {
    for (const width of [58, 80] as const) {
      const [r] = parseEscpos(
        escposReceipt(
          [
            { t: 'pair', left: 'Efectivo contado', right: '', bold: false, size: 'normal' },
            { t: 'pair', left: 'Total', right: '$1.00', bold: true, size: 'huge' },
          ],
          { width, codepage: 'cp858', qr: 'native', pulse: false },
        ),
      );
      expect(r!.lines[0]!.text.trim()).toBe('Efectivo contado');
      expect(r!.lines[1]!.text).toMatch(/^Total\s+\$1\.00$/);
    }
  });

  it('reads the QR, native or drawn, the cut, and the pulse that follows it', () => {
    const url = 'https://admin.factura.gob.sv/consultaPublica?ambiente=00&codGen=ABC&fechaEmi=2026-11-27';
    for (const qr of ['native', 'raster'] as const) {
      const parsed = parseEscpos(escposReceipt([{ t: 'qr', data: url }], { width: 58, codepage: 'cp858', qr, pulse: true }));
      expect(parsed).toHaveLength(1);
      expect(parsed[0]).toMatchObject({ qr: [url], cut: true, pulses: [{ pin: 0, onMs: 100, offMs: 500 }] });
    }
    // The pulse alone ("Abrir gaveta") is a job of its own, not the last receipt's.
    const two = parseEscpos(
      Buffer.concat([escposReceipt([], { width: 80, codepage: 'cp858', qr: 'native', pulse: false }), escposPulse()]),
    );
    expect(two.map((r) => [r.cut, r.pulses.length])).toEqual([
      [true, 0],
      [false, 1],
    ]);
  });

  it('answers DLE EOT as the station reads it', () => {
    const state = { paperOut: false, paperNearEnd: false, coverOpen: false, error: false };
    const answer = (s: typeof state) => Uint8Array.of(statusByte(1, s), statusByte(2, s), statusByte(4, s));
    expect(readStatus(answer(state))).toEqual({ state: 'ready', paperNearEnd: false });
    expect(readStatus(answer({ ...state, paperNearEnd: true }))).toEqual({ state: 'ready', paperNearEnd: true });
    expect(readStatus(answer({ ...state, paperOut: true }))?.state).toBe('paperOut');
    expect(readStatus(answer({ ...state, coverOpen: true }))?.state).toBe('coverOpen');
    expect(readStatus(answer({ ...state, error: true }))?.state).toBe('error');
  });

  it('never throws on bytes it does not know (seeded)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const parsed = parseEscpos(bytes);
        expect(Array.isArray(parsed)).toBe(true);
      }),
      { seed: 34, numRuns: 500 },
    );
  });
});
