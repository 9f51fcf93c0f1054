// The receipt printer on ESC/POS (docs/decisions/0041-escpos-receipts.md): the sale's receipt straight to the
// printer from the station process, the drawer's pulse on a cash sale and on "Abrir gaveta", the printer's state
// before the sale, and a receipt that could not print kept for a reprint: the sale is never held by the printer.
import type { PendingReceipt, PrinterConnection, PrinterStatus, EscposSettings, DrawerKick } from '../../../shared/printing';
import { esDateTime } from '../../../shared/es-sv';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { CoreError } from '../errors';
import type { Printable } from '../render/model';
import { receiptBlocks, type ReceiptBlock } from '../render/receipt-blocks';
import type { Printing } from '../settings/printing';
import type { Store } from '../store/database';
import { printerLink, PrinterUnreachable, type LinkOptions, type PrinterLink } from './connection';
import { escposPulse, escposReceipt, escposTestPage } from './escpos-receipt';
import { statusMessage, type ReadStatus } from './escpos-status';
import {
  countPending,
  failedAttempt,
  findJob,
  insertJob,
  insertKick,
  kicksWithoutSale,
  pendingFor,
  pendingJobs,
  saleKicked,
  settleJob,
  type PrintJobRow,
} from './print-jobs-repo';

/** What a receipt needs from the documents: its model (after the short wait for MH's seal) and how it was paid. */
export interface ReceiptSource {
  readonly printable: Printable;
  /** Paid, wholly or partly, in cash: the drawer opens for it. */
  readonly cash: boolean;
  readonly numeroControl: string;
  readonly total: string | null;
}

export interface PrinterDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly printing: Printing;
  /** Audits the receipt as the PDF's does; REJECTED documents are refused there. */
  readonly receipt: (dteId: string, actor: string) => Promise<ReceiptSource>;
  /** The numbers a pending receipt is listed with, without waiting for anything. */
  readonly documentOf: (dteId: string) => { numeroControl: string; total: string | null };
  readonly stationName: () => string;
  readonly nameOf: (actor: string) => string | null;
  readonly link?: (c: PrinterConnection) => PrinterLink;
  /** Which device paths are printers where this station runs (printer/device-path.ts). */
  readonly devices?: LinkOptions;
}

export interface PrinterService {
  status(): Promise<PrinterStatus>;
  /** The receipt of `dteId` on the ESC/POS printer; when it cannot print, it is kept and PRINT_FAILED says so. */
  printReceipt(dteId: string, actor: string): Promise<{ printed: true }>;
  testPrint(actor: string): Promise<{ printed: true }>;
  /**
   * A paper that is not a sale's receipt (a return's receipt, a close ticket) on the ESC/POS printer
   * (docs/decisions/0075-paper-at-the-counter.md): printed now, or PRINT_FAILED saying why; nothing is kept, since
   * the screen that asked prints it again.
   */
  printPaper(blocks: readonly ReceiptBlock[], withLogo: boolean): Promise<{ printed: true }>;
  openDrawer(actor: string): Promise<{ opened: true }>;
  /** A cash refund's pulse, when a drawer is wired; recorded and audited as a refund's, never failing the refund. */
  refundPulse(refund: { kind: 'NC' | 'ER'; id: string }, actor: string): Promise<{ opened: boolean }>;
  pending(): PendingReceipt[];
  reprint(jobId: string, actor: string): Promise<{ printed: true }>;
  discard(jobId: string, actor: string): { discarded: true };
  /** The drawer opened with no sale in [from, to]: by `by`, or by anybody when null (the station's close). */
  kicksWithoutSale(from: string, to: string, by: string | null): DrawerKick[];
}

const stateWords: Record<Exclude<ReadStatus['state'], 'ready'>, string> = {
  paperOut: 'la impresora no tiene papel',
  coverOpen: 'la tapa de la impresora está abierta',
  error: 'la impresora reporta un error',
  offline: 'la impresora está fuera de línea',
};

export function printerService(d: PrinterDeps): PrinterService {
  const linkOf = d.link ?? ((c: PrinterConnection) => printerLink(c, d.devices));
  const now = () => isoLocal(d.clock.now());
  // One conversation with the printer at a time: its raw port takes one connection, and bytes must not interleave.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  const escpos = (): EscposSettings & { width: 58 | 80 } => {
    const s = d.printing.get();
    if (s.receiptOutput !== 'escpos' || !s.escpos)
      throw new CoreError(
        'PRINTER_NOT_CONFIGURED',
        'Esta estación imprime el comprobante en PDF: ábralo con GET /dte/{id}/receipt, o configure la impresora ESC/POS en Ajustes → Impresión.',
      );
    return { ...s.escpos, width: s.receiptWidth };
  };

  /** Sends, or says why not in words a cashier can act on; the caller holds the printer (`serial`). */
  const sendNow = async (s: EscposSettings, bytes: Uint8Array): Promise<string | null> => {
    try {
      const st = await linkOf(s.connection).send(bytes);
      if (st && st.state !== 'ready') return statusMessage(st.state, false) ?? stateWords[st.state];
      return null;
    } catch (e) {
      if (e instanceof PrinterUnreachable) return `${e.message}. ${e.advice ?? statusMessage(e.state, false)}`;
      throw e;
    }
  };
  const deliver = (s: EscposSettings, bytes: Uint8Array): Promise<string | null> => serial(() => sendNow(s, bytes));

  const failed = (why: string, kept: boolean) =>
    new CoreError('PRINT_FAILED', `${why}${kept ? ' El comprobante queda en cola para reimprimir.' : ''}`);

  /** One try at a job; the first successful print of a cash sale opens the drawer, once per document. */
  const attempt = async (job: PrintJobRow, actor: string): Promise<{ printed: true }> => {
    const s = escpos();
    // The wait for MH's seal happens before the printer is held, so a status poll never waits behind it.
    const source = await d.receipt(job.dte_id, actor);
    // Whether this print opens the drawer is decided while holding the printer: two prints of one sale at once
    // (F9 pressed during the first) open it once.
    const why = await serial(async () => {
      const pulse = s.drawer && source.cash && !saleKicked(d.store, job.dte_id);
      // A logo that no longer decodes (stored by an older version) is left off: the receipt still prints.
      const bytes = escposReceipt(receiptBlocks(source.printable, d.printing.logo()), {
        width: s.width,
        codepage: s.codepage,
        qr: s.qr,
        pulse,
      });
      const failure = await sendNow(s, bytes);
      const at = now();
      if (failure) failedAttempt(d.store, job.id, failure, at);
      else
        d.store.tx(() => {
          settleJob(d.store, job.id, 'printed', at);
          if (pulse) {
            // Every pulse is in the close and the audit, a POS-issued sale's printed here included (decision 0073).
            insertKick(d.store, {
              id: d.newId(),
              at,
              by: actor,
              by_name: d.nameOf(actor),
              dte_id: job.dte_id,
              cause: 'sale',
              ref_id: null,
            });
            audit(d.store, at, actor, 'drawer.open', job.dte_id, { reason: 'venta', cause: 'sale', ref: job.dte_id });
          }
        });
      return failure;
    });
    if (why) throw failed(why, true);
    return { printed: true };
  };

  const pendingJob = (id: string): PrintJobRow => {
    const job = findJob(d.store, id);
    if (!job || job.state !== 'pending')
      throw new CoreError('NOT_FOUND', 'No hay un comprobante pendiente con ese id: quizá ya se imprimió.');
    return job;
  };

  return {
    async status() {
      const s = d.printing.get();
      const pending = countPending(d.store);
      if (s.receiptOutput !== 'escpos' || !s.escpos) return { state: 'pdf', paperNearEnd: false, message: null, checkedAt: null, pending };
      const connection = s.escpos.connection;
      const read = await serial(async () => {
        try {
          return await linkOf(connection).status();
        } catch (e) {
          if (e instanceof PrinterUnreachable) return { state: e.state, paperNearEnd: false } as const;
          throw e;
        }
      });
      const state = read?.state ?? 'unknown';
      const paperNearEnd = read?.paperNearEnd ?? false;
      return { state, paperNearEnd, message: statusMessage(state, paperNearEnd), checkedAt: now(), pending };
    },

    async printReceipt(dteId, actor) {
      escpos();
      // Stored before the first byte leaves: whatever happens to the printer or this process, it is not lost.
      const at = now();
      const job: PrintJobRow = {
        id: d.newId(),
        dte_id: dteId,
        state: 'pending',
        created_at: at,
        created_by: actor,
        attempts: 0,
        last_error: null,
        updated_at: at,
      };
      d.documentOf(dteId); // an unknown id is a 404 before anything is stored
      // F9 after a failed print: the waiting receipt is the one printed, so the list never holds it twice.
      const waiting = pendingFor(d.store, dteId);
      if (waiting) return attempt(waiting, actor);
      insertJob(d.store, job);
      try {
        return await attempt(job, actor);
      } catch (e) {
        // Refused by the documents (REJECTED): nothing to reprint, so nothing is kept.
        if (!(e instanceof CoreError) || e.code !== 'PRINT_FAILED') settleJob(d.store, job.id, 'discarded', now());
        throw e;
      }
    },

    async testPrint(actor) {
      const s = escpos();
      // The page says when, as a person reads it; the audit keeps the ISO instant.
      const bytes = escposTestPage({ width: s.width, codepage: s.codepage, qr: s.qr }, d.stationName(), esDateTime(now()));
      const why = await deliver(s, bytes);
      audit(d.store, now(), actor, 'printer.test', null, { ok: why === null, error: why });
      if (why) throw failed(why, false);
      return { printed: true };
    },

    async printPaper(blocks, withLogo) {
      const s = escpos();
      const logo = withLogo ? d.printing.logo() : null;
      const bytes = escposReceipt(logo ? [{ t: 'logo', png: logo }, ...blocks] : blocks, {
        width: s.width,
        codepage: s.codepage,
        qr: s.qr,
        pulse: false,
      });
      const why = await deliver(s, bytes);
      if (why) throw failed(why, false);
      return { printed: true };
    },

    async openDrawer(actor) {
      const s = escpos();
      if (!s.drawer)
        throw new CoreError(
          'PRINTER_NOT_CONFIGURED',
          'La impresora no tiene gaveta conectada: márquela en Ajustes → Impresión si la tiene.',
        );
      const why = await deliver(s, escposPulse());
      const at = now();
      if (why) {
        audit(d.store, at, actor, 'drawer.open.failed', null, { error: why });
        throw new CoreError('PRINT_FAILED', `No se abrió la gaveta: ${why}`);
      }
      d.store.tx(() => {
        insertKick(d.store, { id: d.newId(), at, by: actor, by_name: d.nameOf(actor), dte_id: null, cause: 'manual', ref_id: null });
        audit(d.store, at, actor, 'drawer.open', null, { reason: 'sin venta', cause: 'manual', ref: null });
      });
      return { opened: true };
    },

    async refundPulse(refund, actor) {
      const s = d.printing.get();
      // No ESC/POS drawer: nothing to open (the refund itself is recorded by close/refunds.ts).
      if (s.receiptOutput !== 'escpos' || !s.escpos?.drawer) return { opened: false };
      const why = await deliver(s.escpos, escposPulse()).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
      const at = now();
      if (why) {
        audit(d.store, at, actor, 'drawer.open.failed', refund.id, { error: why, cause: 'refund' });
        return { opened: false };
      }
      d.store.tx(() => {
        insertKick(d.store, {
          id: d.newId(),
          at,
          by: actor,
          by_name: d.nameOf(actor),
          // An NC's pulse names its document (once, like a sale's); a Devolución's names its event.
          dte_id: refund.kind === 'NC' ? refund.id : null,
          cause: 'refund',
          ref_id: refund.kind === 'ER' ? refund.id : null,
        });
        audit(d.store, at, actor, 'drawer.open', refund.id, { reason: 'devolución en efectivo', cause: 'refund', ref: refund.id });
      });
      return { opened: true };
    },

    pending() {
      return pendingJobs(d.store).map((j) => {
        const doc = d.documentOf(j.dte_id);
        return {
          id: j.id,
          dteId: j.dte_id,
          numeroControl: doc.numeroControl,
          total: doc.total,
          createdAt: j.created_at,
          attempts: j.attempts,
          error: j.last_error ?? 'No se imprimió.',
        };
      });
    },

    reprint: async (jobId, actor) => attempt(pendingJob(jobId), actor),

    discard(jobId, actor) {
      const job = pendingJob(jobId);
      const at = now();
      d.store.tx(() => {
        settleJob(d.store, job.id, 'discarded', at);
        audit(d.store, at, actor, 'printer.discard', job.dte_id, { job: job.id });
      });
      return { discarded: true };
    },

    kicksWithoutSale: (from, to, by) => kicksWithoutSale(d.store, from, to, by).map((k) => ({ at: k.at, by: k.by, byName: k.by_name })),
  };
}
