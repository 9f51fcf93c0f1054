// Venta rápida, the cashier's first screen: scan or search products at shelf prices, see the total in large
// type, take the payment (cash with change, card, transfer, mixed), issue the FC with F12 or Ctrl+Enter and
// print its receipt. Enter never issues, and F12 with something typed or scanned but not in the cart asks first
// (PendingConfirm). The screen's keys work wherever the focus is, header included, except in a dialog. The cart
// and its arithmetic live in cart.ts; what was typed, in order, in entry-queue.ts.
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import { sameDteId, type DteRecord } from '../../../shared/records';
import type { Product } from '../../../shared/catalog';
import { dec, type Dec } from '../../../shared/tax';
import { isOffline } from '../api';
import { errorText } from '../error-text';
import { NormativeContext, normativesOf } from '../normative-now';
import { es } from '../strings';
import { CartTable } from './CartTable';
import {
  addProduct,
  cartTotals,
  checkPayment,
  emptyPayment,
  freeLine,
  items,
  problems as lineProblems,
  removeLine,
  setQuantity,
  setShelfPrice,
  usd,
  PAY_METHODS,
  methodsOffered,
  type CartLine,
  type Payment,
  type PayMethod,
  type PaymentCheck,
} from './cart';
import { beep, beepWanted, setBeepWanted } from './beep';
import { PaymentPanel } from './PaymentPanel';
import { PendingConfirm } from './PendingConfirm';
import { FloatPrompt } from './FloatPrompt';
import { ProductSearch, type SearchPending } from './ProductSearch';
import { takesNoText } from './scan-focus';
import { overrideAsks, type OverrideAsk } from './overrides';
import { PriceApprovalDialog } from './PriceApprovalDialog';
import { PrinterStrip, type PrinterStripHandle } from './PrinterStrip';
import { SaleDone, type DoneSale } from './SaleDone';
import './sale.css';

const w = es.sale;
const newKey = () => crypto.randomUUID();

export function QuickSaleScreen({ api }: { api: SelloApi }) {
  const normative = useContext(NormativeContext);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [payment, setPayment] = useState<Payment>(emptyPayment);
  const [showProblems, setShowProblems] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<DoneSale | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const pay = useRef<HTMLFieldSetElement>(null);
  // The id of the sale being issued: a retry after a lost answer is the same request, never a second sale.
  const saleId = useRef(crypto.randomUUID());
  // What was last sent under that id: a different cart after a lost answer needs a new id (sentUnder).
  const sentBody = useRef<string | null>(null);
  // Products scanned while the sale is being issued wait for the next sale, never lost in the one leaving.
  const waiting = useRef<Product[]>([]);
  const issuing = useRef(false);
  // What the search box holds that is not in the cart yet; asked about before issuing.
  const pending = useRef<SearchPending | null>(null);
  const onPending = useCallback((p: SearchPending) => {
    pending.current = p;
  }, []);
  const [asking, setAsking] = useState<SearchPending | null>(null);
  // Prices below the shelf (decision 0074): the catalog's price of each product in the cart, the station's
  // threshold, the supervisor's approvals for this sale, and the lines being asked about.
  const catalog = useRef(new Map<string, Product>());
  const approved = useRef(new Map<string, Dec>());
  const [threshold, setThreshold] = useState('0');
  const [approving, setApproving] = useState<OverrideAsk[] | null>(null);
  useEffect(() => void api.priceOverrideSettings().then((r) => r.ok && setThreshold(r.value.threshold)), [api]);
  const [payTried, setPayTried] = useState(false);
  const [sound, setSound] = useState(() => beepWanted(localStorage));
  const audio = useRef<AudioContext | null>(null);
  const onStop = () => {
    if (!sound) return;
    try {
      beep(() => {
        if (!audio.current && typeof AudioContext !== 'undefined') audio.current = new AudioContext();
        return audio.current;
      });
    } catch {
      // No sound device: the stop is still on screen (role=alert), which is what must not be missed.
    }
  };
  useEffect(() => () => void audio.current?.close().catch(() => undefined), []);

  const { total, byLine } = useMemo(() => cartTotals(lines), [lines]);
  const count = lines.length;
  const problems = useMemo(() => lineProblems(lines), [lines]);
  const check = useMemo(() => checkPayment(payment, total), [payment, total]);

  useEffect(() => search.current?.focus(), []);
  // The desktop app holds back an update restart while a sale is under way.
  const editing = lines.length > 0;
  useEffect(() => void api.activity(editing ? 'editing' : 'idle'), [api, editing]);
  useEffect(() => () => void api.activity('idle'), [api]);

  // The issued sale's status follows MH's answer (queued, approved, rejected). MH may answer before the event
  // stream is open: the status is read once subscribed, and again on each 'sync' event (sent on every reconnect).
  const doneId = done?.record.id;
  useEffect(() => {
    if (!doneId) return undefined;
    const setStatus = (status: DteRecord['status']) =>
      setDone((cur) => (cur && cur.record.id === doneId ? { ...cur, record: { ...cur.record, status } } : cur));
    const refresh = () => void api.getDte(doneId).then((r) => r.ok && setStatus(r.value.status));
    const off = api.subscribe((e) => {
      if (e.type === 'sync') refresh();
      else if (e.type === 'dte' && sameDteId(e.id, doneId)) setStatus(e.status);
    });
    refresh();
    return off;
  }, [api, doneId]);

  const toSearch = () => search.current?.focus();
  const toPayment = () => {
    const other = !check.ok && check.problem === 'mixedOther' ? pay.current?.querySelector<HTMLElement>('#sale-other') : null;
    const target =
      other ?? pay.current?.querySelector<HTMLElement>('#sale-cash') ?? pay.current?.querySelector<HTMLElement>('input:checked');
    target?.focus();
  };
  /** A method's key: chosen, and the focus where the cashier types next (the cash, or the method itself). */
  const choose = (method: PayMethod) => {
    setPayment((cur) => ({ ...cur, method }));
    setTimeout(() => {
      const target =
        pay.current?.querySelector<HTMLElement>('#sale-cash') ?? pay.current?.querySelector<HTMLElement>(`input[value="${method}"]`);
      target?.focus();
    }, 0);
  };
  /** A new sale starts with the next product: the last one's result gives way. */
  const startIfDone = () => {
    if (done) setDone(null);
  };
  const change = (next: (cur: CartLine[]) => CartLine[]) => {
    setMessage(null);
    setLines(next);
  };

  const print = useCallback(
    async (sale: DoneSale) => {
      setDone((cur) => (cur ? { ...cur, print: 'printing' } : cur));
      const r = await api.printReceipt(sale.record.id);
      // What the printer says now shows before the next customer pays.
      printer.current?.refresh();
      setDone((cur) =>
        cur && cur.record.id === sale.record.id ? { ...cur, print: r.ok ? 'printed' : { failed: errorText(r.error) } } : cur,
      );
    },
    [api],
  );

  /** The sale under way, once issued: shown as done, the cart cleared, the receipt printed. */
  const finish = (record: DteRecord, paid: Extract<PaymentCheck, { ok: true }>) => {
    const received = payment.method === 'cash' && paid.change ? total.plus(paid.change) : null;
    // The station's total is the document's; the screen's equals it (the same tax module), the record wins.
    const sale: DoneSale = {
      record,
      total: record.total ? dec(record.total) : total,
      received,
      change: paid.change,
      payments: paid.payments,
      print: 'printing',
    };
    setDone(sale);
    setLines([]);
    setPayment(emptyPayment());
    setShowProblems(false);
    setPayTried(false);
    setMessage(null);
    saleId.current = crypto.randomUUID();
    sentBody.current = null;
    approved.current.clear();
    toSearch();
    void print(sale);
  };

  /**
   * No answer, or the id already taken: the station is asked whether the sale was stored. Stored with this
   * very cart, it is done; stored with another (the cart changed after a lost answer), that sale stands and
   * this cart gets a new id; not stored, the same id is tried again next time.
   */
  const resolveUnknown = async (paid: Extract<PaymentCheck, { ok: true }>, body: string): Promise<string | null> => {
    const stored = await api.getDte(saleId.current);
    if (!stored.ok) return stored.error.code === 'DTE_NOT_FOUND' ? w.retry : w.unknownOutcome;
    if (sentBody.current === body) {
      finish(stored.value, paid);
      return null;
    }
    saleId.current = crypto.randomUUID();
    sentBody.current = null;
    return w.earlierIssued(stored.value.controlNumber);
  };

  const issue = async (leavingPending = false) => {
    if (issuing.current || done) return;
    const held = pending.current;
    if (!leavingPending && held && (held.text || held.queue.current || held.queue.waiting.length || held.queue.stop)) {
      // Never issued by itself: the cashier says whether what is pending stays out of this sale.
      setAsking(held);
      return;
    }
    if (lines.length === 0) return setMessage(w.nothing);
    if (problems.length) {
      setShowProblems(true);
      setMessage(w.fixLines);
      const first = problems[0]!;
      document.getElementById(`sale-${first.key}-${first.field === 'shelfPrice' ? 'price' : first.field}`)?.focus();
      return;
    }
    if (!check.ok) {
      setPayTried(true);
      return toPayment();
    }
    // A price below the shelf waits for a supervisor's word (decision 0074); the station checks it again.
    const asks = overrideAsks(lines, catalog.current, threshold, approved.current);
    if (asks.length) return setApproving(asks);
    const paid = check;
    // The bill handed over goes with the sale, so its paper shows the change (docs/decisions/0037-final-paper.md).
    const cashReceived = payment.method === 'cash' && paid.change ? { cashReceived: Number(total.plus(paid.change).toFixed(2)) } : {};
    const cart = { paymentType: 'CONTADO', payments: paid.payments, ...cashReceived, items: items(lines) };
    const sent = JSON.stringify(cart);
    // A cart changed since an attempt that may have been stored is another sale: it takes a new id.
    if (sentBody.current !== null && sentBody.current !== sent) {
      const stored = await api.getDte(saleId.current);
      if (stored.ok) {
        saleId.current = crypto.randomUUID();
        sentBody.current = null;
        setMessage(w.earlierIssued(stored.value.controlNumber));
        return;
      }
    }
    issuing.current = true;
    setBusy(true);
    sentBody.current = sent;
    const r = await api.createDte('FC', { id: saleId.current, ...cart });
    issuing.current = false;
    setBusy(false);
    if (r.ok) finish(r.value, paid);
    else if (isOffline(r.error) || r.error.code === 'DTE_ID_CONFLICT') setMessage(await resolveUnknown(paid, sent));
    else {
      // Refused: nothing was stored under this id.
      sentBody.current = null;
      const needsCustomer = r.error.errors?.some((e) => e.path.startsWith('recipient'));
      // An approval the station no longer holds (ten minutes went by): the next F12 asks the supervisor again.
      if (r.error.errors?.some((e) => /^items\.\d+\.unitPrice$/.test(e.path) && e.code === 'NOT_ALLOWED')) approved.current.clear();
      setMessage(needsCustomer ? w.identifyFrom : errorText(r.error));
    }
    // What was scanned meanwhile starts the next sale (or joins this one, when it was not issued).
    const queued = waiting.current;
    waiting.current = [];
    for (const p of queued) setLines((cur) => addProduct(cur, p, newKey()));
  };

  // The screen's keys wherever the focus is, the header included (never from the lock or a dialog): F2 search,
  // F4 pay, Alt+1…5 a payment method, F12 or Ctrl+Enter issue, F9 print, F8 the drawer; Esc back, from within the screen.
  const section = useRef<HTMLElement>(null);
  // Whatever closed (a dialog of the printer's, a line removed), a focus left on the page goes back to the box.
  useEffect(() => {
    const here = section.current;
    if (!here) return undefined;
    const watch = new MutationObserver(() => {
      const at = document.activeElement;
      if ((!at || at === document.body) && takesNoText(at)) search.current?.focus();
    });
    watch.observe(here, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  const printer = useRef<PrinterStripHandle>(null);
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    const at = document.activeElement;
    if (e.repeat || asking || approving || at?.closest('[role="dialog"], [role="alertdialog"]')) return;
    const here = !at || at === document.body || (section.current?.contains(at) ?? false);
    const method = e.altKey && !e.ctrlKey && !e.metaKey ? /^Digit([1-5])$/.exec(e.code)?.[1] : undefined;
    if (method) {
      e.preventDefault();
      // A key whose method the normative in force lacks does nothing (PaymentPanel does not offer it).
      const m = PAY_METHODS[Number(method) - 1]!;
      if ((!done || count > 0) && methodsOffered(normativesOf(normative)).pay.includes(m)) choose(m);
    } else if (e.key === 'F2') {
      e.preventDefault();
      toSearch();
    } else if (e.key === 'F3') {
      // The last line's quantity, selected: a weighed product's weight is typed there (decision 0072).
      e.preventDefault();
      const last = lines[lines.length - 1];
      const field = last && !done ? (document.getElementById(`sale-${last.key}-quantity`) as HTMLInputElement | null) : null;
      field?.focus();
      field?.select();
    } else if (e.key === 'F4') {
      e.preventDefault();
      if (!done) toPayment();
    } else if (e.key === 'F12' || (e.key === 'Enter' && e.ctrlKey)) {
      e.preventDefault();
      void issue();
    } else if (e.key === 'F9' && done) {
      e.preventDefault();
      void print(done);
    } else if (e.key === 'F8') {
      e.preventDefault();
      printer.current?.openDrawer();
    } else if (e.key === 'Escape' && here && document.activeElement !== search.current) {
      e.preventDefault();
      if (done) setDone(null);
      toSearch();
    }
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section className="sale" aria-labelledby="sale-title" ref={section}>
      <header className="sale-head">
        <h1 id="sale-title">{w.title}</h1>
        <span className="muted">{w.subtitle}</span>
        <kbd className="sale-keys">{w.keys}</kbd>
        <label className="sale-beep">
          <input
            type="checkbox"
            checked={sound}
            onChange={(e) => {
              setBeepWanted(localStorage, e.target.checked);
              setSound(e.target.checked);
            }}
          />
          {w.beep}
        </label>
      </header>
      {/* The shift's float, asked once before its first sale (docs/decisions/0073-money-follows-the-person.md). */}
      <FloatPrompt api={api} onClosed={() => setTimeout(toSearch, 0)} />
      <PrinterStrip
        ref={printer}
        api={api}
        // Reprinted from the pending list: the sale on screen no longer says it did not print.
        onPrinted={(dteId) => setDone((cur) => (cur && cur.record.id === dteId ? { ...cur, print: 'printed' } : cur))}
      />
      <div className="sale-grid">
        <div className="sale-main">
          <ProductSearch
            ref={search}
            api={api}
            onProduct={(p) => {
              if (issuing.current) {
                waiting.current.push(p);
                return;
              }
              startIfDone();
              catalog.current.set(p.id, p);
              change((cur) => addProduct(cur, p, newKey()));
            }}
            onFree={(description) => {
              if (issuing.current) return;
              startIfDone();
              const line = freeLine(description, newKey());
              change((cur) => [...cur, line]);
              // The cashier types its price next.
              setTimeout(() => document.getElementById(`sale-${line.key}-price`)?.focus(), 0);
            }}
            onEscape={() => setDone(null)}
            onStop={onStop}
            onPending={onPending}
          />
          <CartTable
            lines={lines}
            byLine={byLine}
            problems={problems}
            showProblems={showProblems}
            locked={busy}
            onQuantity={(key, v) => change((cur) => setQuantity(cur, key, v))}
            onPrice={(key, v) => change((cur) => setShelfPrice(cur, key, v))}
            onDescription={(key, v) => change((cur) => cur.map((l) => (l.key === key ? { ...l, description: v } : l)))}
            onRemove={(key) => {
              change((cur) => removeLine(cur, key));
              toSearch();
            }}
            onDone={toSearch}
          />
        </div>
        <aside className="sale-side" aria-label={w.total}>
          {done && count === 0 ? <Total label={w.lastTotal} total={done.total} /> : <Total label={w.total} total={total} count={count} />}
          {done && count === 0 ? (
            <SaleDone sale={done} onPrint={() => void print(done)} onNext={() => (setDone(null), toSearch())} />
          ) : (
            <>
              <PaymentPanel ref={pay} payment={payment} check={check} onChange={setPayment} tried={payTried} />
              <button type="button" className="primary sale-issue" disabled={busy} onClick={() => void issue()}>
                {busy ? w.issuing : w.issue}
              </button>
              {message && (
                <p className="sale-problem" role="alert">
                  {message}
                </p>
              )}
            </>
          )}
        </aside>
      </div>
      {approving && (
        <PriceApprovalDialog
          api={api}
          asks={approving}
          onApproved={(given) => {
            for (const { ask } of given) approved.current.set(ask.productId, dec(ask.price));
            setApproving(null);
            toSearch();
            void issue(true);
          }}
          onBack={() => {
            setApproving(null);
            toSearch();
          }}
        />
      )}
      {asking && (
        <PendingConfirm
          pending={asking}
          onBack={() => {
            setAsking(null);
            toSearch();
          }}
          onIssue={() => {
            setAsking(null);
            toSearch();
            void issue(true);
          }}
        />
      )}
    </section>
  );
}

function Total({ label, total, count }: { label: string; total: Dec; count?: number }) {
  return (
    <div className="sale-total">
      <span>{label}</span>
      <output data-testid="sale-total" aria-live="polite">
        {usd(total)}
      </output>
      {count !== undefined && <span className="muted">{w.items(count)}</span>}
    </div>
  );
}
