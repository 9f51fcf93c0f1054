// The receipt printer at the counter (docs/decisions/0041-escpos-receipts.md): its state before the sale (paper
// out, cover open, off), the receipts that did not print with a reprint each, and "Abrir gaveta" (F8). Nothing
// shows while the printer is ready, or while receipts go through the system's PDF printing.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { PendingReceipt, PrinterStatus } from '../../../shared/printing';
import { esDateTime } from '../../../shared/es-sv';
import type { Role } from '../../../shared/roles';
import { errorText } from '../error-text';
import { may } from '../session/roles';
import { printerWords as W } from '../words/printer';
import { dialogKeys } from './dialog-keys';

/** How often the counter asks the printer while it is shown: a changed roll shows within this. */
export const PRINTER_POLL_MS = 10_000;

export interface PrinterStripHandle {
  /** Asks the printer now (after a sale: what went wrong shows before the next customer). */
  refresh(): void;
  /** F8: the drawer's pulse with no sale. */
  openDrawer(): void;
}

export const PrinterStrip = forwardRef<
  PrinterStripHandle,
  {
    api: SelloApi;
    /** A pending receipt printed from the list: the sale on screen stops saying it did not print. */
    onPrinted?: (dteId: string) => void;
  }
>(function PrinterStrip({ api, onPrinted }, ref) {
  const [status, setStatus] = useState<PrinterStatus | null>(null);
  // Who is at the counter: "Descartar" is a supervisor's, so a cashier is not offered what would be refused.
  const [role, setRole] = useState<Role>('CASHIER');
  useEffect(() => void api.session().then((r) => r.ok && setRole(r.value.user.role)), [api]);
  const [drawer, setDrawer] = useState(false);
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  const [list, setList] = useState<PendingReceipt[] | null>(null);

  const refresh = useCallback(() => {
    void api.printerStatus().then((r) => r.ok && setStatus(r.value));
    void api.printSettings().then((r) => r.ok && setDrawer(r.value.receiptOutput === 'escpos' && r.value.escpos?.drawer === true));
  }, [api]);
  const openDrawer = useCallback(() => {
    if (!drawer) return;
    void api.openCashDrawer().then((r) => setSay(r.ok ? { text: W.drawerOpened, ok: true } : { text: errorText(r.error), ok: false }));
  }, [api, drawer]);
  useImperativeHandle(ref, () => ({ refresh, openDrawer }), [refresh, openDrawer]);
  useEffect(() => {
    refresh();
    const t = setInterval(refresh, PRINTER_POLL_MS);
    return () => clearInterval(t);
  }, [refresh]);

  const showList = () =>
    void api.pendingReceipts().then((r) => (r.ok ? setList(r.value) : setSay({ text: errorText(r.error), ok: false })));
  const problem = status && status.state !== 'pdf' && status.message;
  const pending = status?.pending ?? 0;
  // An open list stays until it is closed: the last receipt reprinted, it says there are none left (and keeps the focus).
  if (!problem && pending === 0 && !drawer && !say && !list) return null;
  return (
    <div className="sale-printer" data-testid="printer-strip">
      {problem && (
        <p role="alert" className="error" data-testid="printer-state">
          {status.message}
        </p>
      )}
      {pending > 0 && (
        <button type="button" onClick={showList} data-testid="printer-pending">
          {W.pending(pending)} · {W.seePending}
        </button>
      )}
      {drawer && (
        <button type="button" onClick={openDrawer} data-testid="open-drawer">
          {W.openDrawer}
        </button>
      )}
      {say && (
        <span role="status" className={say.ok ? 'muted' : 'error'}>
          {say.text}
        </span>
      )}
      {list && (
        <PendingDialog
          api={api}
          list={list}
          mayDiscard={may(role, 'discardReceipt')}
          onPrinted={onPrinted}
          onChanged={(next) => {
            setList(next);
            refresh();
          }}
          onClose={() => setList(null)}
        />
      )}
    </div>
  );
});

function PendingDialog({
  api,
  list,
  mayDiscard,
  onPrinted,
  onChanged,
  onClose,
}: {
  api: SelloApi;
  list: PendingReceipt[];
  mayDiscard: boolean;
  onPrinted: ((dteId: string) => void) | undefined;
  onChanged: (next: PendingReceipt[]) => void;
  onClose: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [say, setSay] = useState<string | null>(null);
  // On the first button, and again whenever the list changes (a reprinted row and its buttons are gone).
  useEffect(() => box.current?.querySelector<HTMLButtonElement>('button')?.focus(), [list]);
  const act = async (p: PendingReceipt, kind: 'reprint' | 'discard') => {
    const r = kind === 'reprint' ? await api.reprintPending(p.id) : await api.discardPending(p.id);
    setSay(r.ok ? null : errorText(r.error));
    if (r.ok && kind === 'reprint') onPrinted?.(p.dteId);
    const next = await api.pendingReceipts();
    if (next.ok) onChanged(next.value);
  };
  const onKeyDown = dialogKeys(box, onClose);
  return (
    <div className="sale-backdrop">
      <div
        ref={box}
        className="sale-dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="printer-pending-title"
        onKeyDown={onKeyDown}
        data-testid="printer-pending-dialog"
      >
        <h2 id="printer-pending-title">{W.pendingTitle}</h2>
        <p className="muted">{mayDiscard ? W.pendingIntro : W.pendingIntroCashier}</p>
        {list.length === 0 ? (
          <p>{W.none}</p>
        ) : (
          <ul className="printer-pending-list">
            {list.map((p) => (
              <li key={p.id}>
                <span className="code">{p.numeroControl}</span> {p.total ? `$${p.total}` : ''} · {esDateTime(p.createdAt)}
                <br />
                <span className="muted">{p.error}</span>
                <div className="row">
                  <button type="button" onClick={() => void act(p, 'reprint')}>
                    {W.reprint}
                  </button>
                  {mayDiscard && (
                    <button type="button" onClick={() => void act(p, 'discard')}>
                      {W.discard}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {say && (
          <p role="alert" className="error">
            {say}
          </p>
        )}
        <div className="row actions">
          <button type="button" onClick={onClose}>
            {W.close}
          </button>
        </div>
      </div>
    </div>
  );
}
