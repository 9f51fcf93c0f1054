// The sale just issued: its control number and status, what was paid and how, the change in large type, and
// the receipt (printed at once; F9 prints it again).
import type { DteRecord } from '../../../shared/records';
import { paymentMethodName } from '../../../shared/catalogs/payment-names';
import { dec, type Dec } from '../../../shared/tax';
import { es } from '../strings';
import { paperWords } from '../words/paper';
import { usd } from './cart';

const w = es.sale;

export interface DoneSale {
  readonly record: DteRecord;
  readonly total: Dec;
  /** Cash handed over, when more than the total. */
  readonly received: Dec | null;
  readonly change: Dec | null;
  readonly payments: readonly { method: string; amount: number; reference?: string }[];
  readonly print: 'printing' | 'printed' | { readonly failed: string };
}

const methodName = (code: string) => paymentMethodName(code) ?? code;

export function SaleDone({ sale, onPrint, onNext }: { sale: DoneSale; onPrint: () => void; onNext: () => void }) {
  const { record, change, print } = sale;
  return (
    <div className="sale-done" role="status" data-testid="sale-done">
      <h2>{w.issued}</h2>
      <dl>
        <dt>{w.control}</dt>
        <dd className="code">{record.controlNumber}</dd>
        <dt>{w.status}</dt>
        <dd data-testid="sale-status">{es.status[record.status]}</dd>
        <dt>{w.paidWith}</dt>
        <dd>
          {sale.payments.map((p) => (
            <span key={p.method} className="sale-paid">
              {methodName(p.method)} {usd(dec(String(p.amount)))}
              {p.reference ? ` · ${p.reference}` : ''}
            </span>
          ))}
        </dd>
        {sale.received && (
          <>
            <dt>{w.received}</dt>
            <dd data-testid="sale-received">{usd(sale.received)}</dd>
          </>
        )}
      </dl>
      {change && (
        <p className="sale-change big" data-testid="sale-done-change">
          {w.change} <strong>{usd(change)}</strong>
        </p>
      )}
      <p className="muted" data-testid="sale-print">
        {print === 'printing' ? paperWords.waitingSeal : print === 'printed' ? w.printed : w.printFailed(print.failed)}
      </p>
      <div className="actions">
        <button type="button" onClick={onPrint}>
          {w.print}
        </button>
        <button type="button" className="primary" onClick={onNext}>
          {w.next}
        </button>
      </div>
    </div>
  );
}
