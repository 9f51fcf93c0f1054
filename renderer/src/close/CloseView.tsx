// One close on screen, read-only: its figures, the difference with the earlier close of the same period, and
// its paper. A close is a record that is never changed (decision 0008), so nothing here edits it.
import { useEffect, useState, type Ref } from 'react';
import type { SelloApi } from '../../../shared/api';
import { PriceOverridesSection } from './PriceOverridesSection';
import { kindTally, type CloseDifference, type DayClose, type Tally } from '../../../shared/close';
import { DTE_KINDS, type DteKind } from '../../../shared/contract';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { es } from '../strings';
import { closeWords } from '../words/close';
import { signed, usd } from './period';
import { Reconciliation } from './Reconciliation';
import { RefundsAndPulses } from './RefundsAndPulses';
import type { DrawerKick } from '../../../shared/printing';
import { esDateTime } from '../../../shared/es-sv';
import { printerWords as P } from '../words/printer';

const V = closeWords.view;
const D = closeWords.difference;

const PERSON = 'user:';

/** "Estación completa (El Tornillo)" or "Cajera Demo (cajero)". */
export const whose = (scope: string, scopeName: string): string =>
  scope.startsWith(PERSON) ? V.person(scopeName, scope.slice(PERSON.length)) : V.station(scopeName);

const kindName = (k: DteKind) => `${es.kinds[k]} (${k})`;
const isCount = (figure: string) => figure.endsWith('.count');

/** A figure of the difference (`byKind.FC.total`, `payments.01.count`, `iva`…) in words. */
function figureName(figure: string, close: DayClose): string {
  const [head = '', key = '', part = ''] = figure.split('.');
  const which = (p: string) => (p === 'count' ? D.count : D.total);
  if (head === 'byKind') return `${es.kinds[key as DteKind] ?? key} (${key}): ${which(part)}`;
  if (head === 'payments') {
    const method = close.summary.payments.find((p) => p.code === key)?.name ?? D.paymentCode(key);
    return `${capital(method)}: ${which(part)}`;
  }
  if (head === 'retentions') return V.retentions[key] ?? key;
  if (head === 'reconciliation') {
    const line = close.summary.reconciliation?.lines.find((l) => l.key === figure.slice('reconciliation.'.length));
    return D.reconciliation(capital(line?.label ?? key));
  }
  if (head === 'drawer') return `${V.drawer}: ${D.drawer[key] ?? key}`;
  const name = D.figures[head] ?? head;
  return key ? `${name}: ${which(key)}` : name;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function CloseView({
  api,
  close,
  fresh,
  headingRef,
  onOpen,
}: {
  api: SelloApi;
  close: DayClose;
  /** Just made (rather than opened from the list). */
  fresh: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onOpen: (id: string) => void;
}) {
  const s = close.summary;
  // Like the paper, only what happened: the kinds and the retentions of the period that are not zero.
  const sold = DTE_KINDS.filter((k) => kindTally(s, k).count > 0);
  const retained = Object.entries(s.retentions).filter(([, v]) => Number(v) !== 0);
  const [printing, setPrinting] = useState<'receipt' | 'pdf' | null>(null);
  const [printMessage, setPrintMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const print = async (what: 'receipt' | 'pdf') => {
    setPrinting(what);
    setPrintMessage(null);
    const r = what === 'receipt' ? await api.printCloseReceipt(close.id) : await api.printClosePdf(close.id);
    setPrinting(null);
    setPrintMessage(r.ok ? { ok: true, text: V.printed } : { ok: false, text: `${V.printFailed(errorText(r.error))} ${V.printNext}` });
  };

  return (
    <article className="close-view" aria-labelledby="close-title" data-testid="close-view">
      <div className="close-head">
        <div>
          <h2 id="close-title" tabIndex={-1} ref={headingRef}>
            {V.title(whose(close.scope, close.scopeName))}
          </h2>
          <p className={fresh ? 'ok' : 'muted'} role="status">
            {fresh ? V.made : V.readOnly}
          </p>
          <dl className="facts">
            <dt>{V.period}</dt>
            <dd data-testid="close-period">{V.periodText(localTime(close.from), localTime(close.to))}</dd>
            <dt>{V.closedBy}</dt>
            <dd>{close.closedByName ?? close.closedBy}</dd>
            <dt>{V.closedAt}</dt>
            <dd>{localTime(close.closedAt)}</dd>
          </dl>
        </div>
        <div className="close-net">
          <span id="close-net-label">{V.netSales}</span>
          <strong aria-labelledby="close-net-label" data-testid="close-net">
            {usd(s.netSales)}
          </strong>
          <span className="small">{V.netSalesHint}</span>
        </div>
      </div>

      <div className="actions">
        <button type="button" onClick={() => void print('receipt')} disabled={printing !== null} aria-busy={printing === 'receipt'}>
          {printing === 'receipt' ? V.printing : V.print}
        </button>
        <button type="button" onClick={() => void print('pdf')} disabled={printing !== null} aria-busy={printing === 'pdf'}>
          {printing === 'pdf' ? V.printing : V.pdf}
        </button>
      </div>
      {printMessage && (
        <p role={printMessage.ok ? 'status' : 'alert'} className={printMessage.ok ? 'ok' : 'error'}>
          {printMessage.text}
        </p>
      )}

      {close.difference && <Difference api={api} close={close} difference={close.difference} onOpen={onOpen} />}

      <Reconciliation summary={s} />
      <RefundsAndPulses summary={s} />
      {s.drawerKicks && !s.drawerPulses && <DrawerKicks kicks={s.drawerKicks} />}
      <PriceOverridesSection api={api} closeId={close.id} />

      <div className="close-grid">
        <section aria-labelledby="close-kinds">
          <h3 id="close-kinds">{V.byKind}</h3>
          <table className="close-table" aria-labelledby="close-kinds">
            <thead>
              <tr>
                <th scope="col">{V.kind}</th>
                <th scope="col">{V.count}</th>
                <th scope="col">{V.total}</th>
              </tr>
            </thead>
            <tbody>
              {sold.map((k) => (
                <TallyRow key={k} label={kindName(k)} tally={kindTally(s, k)} />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{V.netSales}</th>
                <td />
                <td>{usd(s.netSales)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="small">
            {sold.length === 0 ? V.noKinds : sold.length < DTE_KINDS.length ? V.otherKinds : ''} {V.ncSubtracts}
          </p>
        </section>

        <section aria-labelledby="close-payments">
          <h3 id="close-payments">{V.payments}</h3>
          <table className="close-table" aria-labelledby="close-payments">
            <thead>
              <tr>
                <th scope="col">{V.method}</th>
                <th scope="col">{V.count}</th>
                <th scope="col">{V.total}</th>
              </tr>
            </thead>
            <tbody>
              {s.payments.map((p) => (
                <TallyRow key={p.code} label={`${p.code} · ${capital(p.name)}`} tally={p} />
              ))}
              <TallyRow label={V.onCredit} tally={s.onCredit} />
            </tbody>
          </table>
          {s.payments.length === 0 && <p className="small">{V.noPayments}</p>}
        </section>

        <section aria-labelledby="close-taxes">
          <h3 id="close-taxes">{V.taxes}</h3>
          <table className="close-table" aria-labelledby="close-taxes">
            <tbody>
              <tr>
                <th scope="row">{V.iva}</th>
                <td data-testid="close-iva">{usd(s.iva)}</td>
              </tr>
              {retained.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{V.retentions[k] ?? k}</th>
                  <td>{usd(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {retained.length === 0 && <p className="small">{V.noRetentions}</p>}
        </section>

        <section aria-labelledby="close-others">
          <h3 id="close-others">{V.others}</h3>
          <table className="close-table" aria-labelledby="close-others">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">{V.kind}</span>
                </th>
                <th scope="col">{V.count}</th>
                <th scope="col">{V.total}</th>
              </tr>
            </thead>
            <tbody>
              <TallyRow label={V.invalidated} tally={s.invalidated} />
              {s.invalidated.documents.map((d) => (
                <tr key={d.id} className="sub">
                  <th scope="row" className="mono">
                    {d.controlNumber}
                  </th>
                  <td />
                  <td>{usd(d.total)}</td>
                </tr>
              ))}
              {s.returns && s.returns.count > 0 && (
                <>
                  <TallyRow label={V.returns} tally={s.returns} />
                  <tr className="sub">
                    <th scope="row">{V.returnsCash}</th>
                    <td>{s.returns.documents.filter((d) => d.cash).length}</td>
                    <td>{usd(s.returns.cash)}</td>
                  </tr>
                </>
              )}
              <tr>
                <th scope="row">{V.rejected}</th>
                <td>{s.rejected.count}</td>
                <td />
              </tr>
              <TallyRow label={V.pending} tally={s.pending} />
              {DTE_KINDS.flatMap((k) => {
                const t = s.pending.byKind[k];
                return t ? [<TallyRow key={k} label={kindName(k)} tally={t} className="sub" />] : [];
              })}
            </tbody>
          </table>
          {s.pending.count > 0 && <p className="small">{V.pendingHint}</p>}
        </section>
      </div>

      <p className="small close-id">
        {V.fingerprint}{' '}
        <span className="mono" data-testid="close-id">
          {close.id}
        </span>{' '}
        · {V.hash} <span className="mono">{close.hash}</span>
      </p>
    </article>
  );
}

function TallyRow({ label, tally, className }: { label: string; tally: Tally; className?: string }) {
  return (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td>{tally.count}</td>
      <td>{usd(tally.total)}</td>
    </tr>
  );
}

/** What changed since the earlier close of the same scope and period: figures, new documents, statuses. */
function Difference({
  api,
  close,
  difference: d,
  onOpen,
}: {
  api: SelloApi;
  close: DayClose;
  difference: CloseDifference;
  onOpen: (id: string) => void;
}) {
  const previousId = close.previous;
  const [previous, setPrevious] = useState<DayClose | null>(null);
  // The earlier close says when and by whom; without it (refused, gone) the difference still shows.
  useEffect(() => {
    if (!previousId) return;
    let live = true;
    void api.getClose(previousId).then((r) => live && r.ok && setPrevious(r.value));
    return () => {
      live = false;
    };
  }, [api, previousId]);
  const figures = Object.entries(d.figures);
  return (
    <section className="close-difference" aria-labelledby="close-difference-title" data-testid="close-difference">
      <h3 id="close-difference-title">{D.title}</h3>
      <p>
        {previous
          ? D.intro(
              localTime(previous.from, false),
              localTime(previous.to, false),
              localTime(previous.closedAt),
              previous.closedByName ?? previous.closedBy,
            )
          : D.introUnknown}
      </p>
      {figures.length === 0 ? (
        <p>{D.none}</p>
      ) : (
        <table className="close-table" aria-labelledby="close-difference-title">
          <thead>
            <tr>
              <th scope="col">{D.figure}</th>
              <th scope="col">{D.before}</th>
              <th scope="col">{D.after}</th>
              <th scope="col">{D.change}</th>
            </tr>
          </thead>
          <tbody>
            {figures.map(([name, f]) => {
              const money = !isCount(name);
              return (
                <tr key={name}>
                  <th scope="row">{figureName(name, close)}</th>
                  <td>{money ? usd(f.before) : f.before}</td>
                  <td>{money ? usd(f.after) : f.after}</td>
                  <td className={f.change.startsWith('-') ? 'down' : 'up'}>
                    <strong>{signed(f.change, money)}</strong>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {d.newDocuments.length > 0 && (
        <>
          <h4>{D.newDocuments(d.newDocuments.length)}</h4>
          <ul className="close-docs">
            {d.newDocuments.map((x) => (
              <li key={x.id}>
                <span className="mono">{x.controlNumber}</span> · {es.kinds[x.kind]} · {es.status[x.status]} · {usd(x.total)}
              </li>
            ))}
          </ul>
        </>
      )}
      {d.changed.length > 0 && (
        <>
          <h4>{D.changedStatus(d.changed.length)}</h4>
          <ul className="close-docs">
            {d.changed.map((x) => (
              <li key={x.id}>
                <span className="mono">{x.controlNumber}</span> · {D.statusChange(es.status[x.from], es.status[x.to])}
              </li>
            ))}
          </ul>
        </>
      )}
      {previousId && (
        <button type="button" className="link" onClick={() => onOpen(previousId)}>
          {D.openPrevious}
        </button>
      )}
    </section>
  );
}

/** "Abrir gaveta" with no sale in the period (docs/decisions/0041-escpos-receipts.md); absent in older closes. */
function DrawerKicks({ kicks }: { kicks: readonly DrawerKick[] }) {
  return (
    <section aria-labelledby="close-kicks" data-testid="close-kicks">
      <h3 id="close-kicks">{P.kicksTitle}</h3>
      {kicks.length === 0 ? (
        <p className="small">{P.kicksNone}</p>
      ) : (
        <ul>
          {kicks.map((k) => (
            <li key={`${k.at}-${k.by}`}>
              {esDateTime(k.at)} · {k.byName ?? k.by}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
