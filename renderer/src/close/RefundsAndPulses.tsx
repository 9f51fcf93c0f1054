// Who paid each refund and how, and every opening of the drawer with what started it (issue 55;
// docs/decisions/0073-money-follows-the-person.md). Closes made before list neither and show nothing here.
import type { CloseSummary } from '../../../shared/close';
import { esDateTime } from '../../../shared/es-sv';
import { closeWords } from '../words/close';
import { usd } from './period';

const V = closeWords.view;

export function RefundsAndPulses({ summary: s }: { summary: CloseSummary }) {
  const refunds = s.refunds ?? [];
  const pulses = s.drawerPulses ?? [];
  return (
    <>
      {refunds.length > 0 && (
        <section aria-labelledby="close-refunds" data-testid="close-refunds">
          <h3 id="close-refunds">{V.refunds}</h3>
          <table className="close-table" aria-labelledby="close-refunds">
            <thead>
              <tr>
                <th scope="col">{V.kind}</th>
                <th scope="col">{V.refundWho}</th>
                <th scope="col">{V.refundHow}</th>
                <th scope="col">{V.amount}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{V.refundKind[r.kind]}</th>
                  <td>{r.paidByName ?? r.paidBy ?? '—'}</td>
                  <td>{V.refundMethod[r.method]}</td>
                  <td>{usd(r.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="small">{V.refundsHint}</p>
        </section>
      )}
      {pulses.length > 0 && (
        <section aria-labelledby="close-pulses" data-testid="close-pulses">
          <h3 id="close-pulses">{V.pulses}</h3>
          <ul>
            {pulses.map((p) => (
              <li key={`${p.at}-${p.by}-${p.cause}`}>
                {esDateTime(p.at)} · {V.pulseCause[p.cause]} · {p.byName ?? p.by}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
