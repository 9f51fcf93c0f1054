// What an ESC/POS printer answers to DLE EOT (real-time status), read into the station's words: one byte each
// for n = 1 (printer), 2 (offline cause) and 4 (roll paper sensor); bits 1 and 4 are always set in a valid answer.
import type { PrinterState } from '../../../shared/printing';

/** DLE EOT 1, DLE EOT 2, DLE EOT 4: asked together, answered in this order. */
export const STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04);
export const STATUS_ANSWER_LENGTH = 3;

export interface ReadStatus {
  readonly state: Exclude<PrinterState, 'pdf' | 'unknown'>;
  readonly paperNearEnd: boolean;
}

const bit = (byte: number, n: number) => (byte & (1 << n)) !== 0;
/** A status byte has bit 0 and bit 7 clear and bits 1 and 4 set. */
const wellFormed = (byte: number) => (byte & 0b1001_0011) === 0b0001_0010;

/** The three answers; null when they are not a status (another protocol, a printer that echoes). */
export function readStatus(answer: Uint8Array): ReadStatus | null {
  if (answer.length < STATUS_ANSWER_LENGTH) return null;
  const [printer, offline, paper] = [answer[0]!, answer[1]!, answer[2]!];
  if (![printer, offline, paper].every(wellFormed)) return null;
  const paperNearEnd = bit(paper, 2) || bit(paper, 3);
  const paperOut = bit(paper, 5) || bit(paper, 6) || bit(offline, 5);
  // The order is what the cashier must fix first: a cover left open also stops the paper.
  const state: ReadStatus['state'] = bit(offline, 2)
    ? 'coverOpen'
    : paperOut
      ? 'paperOut'
      : bit(offline, 6)
        ? 'error'
        : bit(printer, 3)
          ? 'offline'
          : 'ready';
  return { state, paperNearEnd };
}

/** What the cashier reads and does, before the sale. */
export function statusMessage(state: PrinterState, paperNearEnd: boolean): string | null {
  switch (state) {
    case 'pdf':
      return null;
    case 'ready':
      return paperNearEnd ? 'El rollo de papel se está terminando: tenga otro a mano.' : null;
    case 'paperOut':
      return 'Impresora sin papel: cambie el rollo antes de cobrar.';
    case 'coverOpen':
      return 'La tapa de la impresora está abierta: ciérrela hasta que haga clic.';
    case 'error':
      return 'La impresora reporta un error: apáguela, revise que no haya papel atascado y enciéndala de nuevo.';
    case 'offline':
      return 'Impresora apagada o desconectada: enciéndala y revise el cable de red o USB.';
    case 'unknown':
      return null;
    default: {
      const never: never = state;
      return never;
    }
  }
}
