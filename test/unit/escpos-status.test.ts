import { describe, expect, it } from 'vitest';
import { readStatus, statusMessage } from '../../main/core/printer/escpos-status';

// DLE EOT answers as an Epson TM sends them: bits 1 and 4 always set (0x12), the rest per condition.
const BASE = 0x12;
const answer = (printer = 0, offline = 0, paper = 0) => Uint8Array.of(BASE | printer, BASE | offline, BASE | paper);

describe('the printer’s real-time status (DLE EOT 1, 2, 4)', () => {
  it('reads a ready printer, and a roll nearly out as a warning only', () => {
    expect(readStatus(answer())).toEqual({ state: 'ready', paperNearEnd: false });
    expect(readStatus(answer(0, 0, 0b1100))).toEqual({ state: 'ready', paperNearEnd: true });
    expect(statusMessage('ready', true)).toMatch(/rollo/);
    expect(statusMessage('ready', false)).toBeNull();
  });

  it('reads each stop in the order the cashier must fix it', () => {
    expect(readStatus(answer(0b1000, 0, 0b110_0000))?.state).toBe('paperOut');
    expect(readStatus(answer(0b1000, 0b10_0000, 0))?.state).toBe('paperOut');
    expect(readStatus(answer(0b1000, 0b100, 0b110_0000))?.state).toBe('coverOpen');
    expect(readStatus(answer(0b1000, 0b100_0000, 0))?.state).toBe('error');
    expect(readStatus(answer(0b1000, 0, 0))?.state).toBe('offline');
    for (const s of ['paperOut', 'coverOpen', 'error', 'offline'] as const) expect(statusMessage(s, false)).toMatch(/\w/);
  });

  it('does not take other bytes for a status', () => {
    expect(readStatus(Uint8Array.of(0x12, 0x12))).toBeNull();
    expect(readStatus(Uint8Array.of(0x00, 0x12, 0x12))).toBeNull();
    expect(readStatus(Uint8Array.of(0x12, 0x92, 0x12))).toBeNull();
    expect(readStatus(Buffer.from('ok\n'))).toBeNull();
  });
});
