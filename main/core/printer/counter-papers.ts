// The papers of the counter that are not a sale's receipt, on the ESC/POS printer when the station prints so
// (docs/decisions/0075-paper-at-the-counter.md): a return's receipt and a close ticket, drawn as blocks the way
// their PDF receipts are drawn, so both papers say the same words.
import type { Actor } from '../auth/actor';
import type { DayCloses } from '../close/closes';
import { closeBlocks } from '../render/close-blocks';
import { closeSheet } from '../render/close-paper';
import type { Printable } from '../render/model';
import { receiptBlocks } from '../render/receipt-blocks';
import type { PrinterService } from './printer-service';

export interface CounterPaperDeps {
  readonly printer: Pick<PrinterService, 'printPaper'>;
  readonly returns: { readonly paper: { readonly printable: (id: string) => Printable } };
  readonly closes: Pick<DayCloses, 'paper'>;
}

export function counterPapers(d: CounterPaperDeps) {
  return {
    /** The Evento de Retorno's receipt, with the company's logo as a sale's. */
    returnReceipt: (id: string) => d.printer.printPaper(receiptBlocks(d.returns.paper.printable(id)), true),
    /** The close ticket; a cashier prints only their own (closes.paper reads it as `get` does). */
    closeTicket: (id: string, actor: Actor) => d.printer.printPaper(closeBlocks(closeSheet(d.closes.paper(id, actor))), false),
  };
}
