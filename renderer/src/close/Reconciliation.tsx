// How a close adds up (issue 33 finding 5): the lines that sum to the net sales, and the drawer when it was
// counted. Figures come computed and exact from the close (main/core/close/day-close.ts); nothing is summed here.
import type { CloseSummary, FloatLine } from '../../../shared/close';
import { closeWords } from '../words/close';
import { usd } from './period';

const V = closeWords.view;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Faltante" for a negative difference, "Sobrante" for a positive one. */
export const overShortWord = (v: string): string => (v.startsWith('-') ? V.short : Number(v) === 0 ? V.even : V.over);

export function Reconciliation({ summary: s }: { summary: CloseSummary }) {
  const r = s.reconciliation;
  const d = s.drawer;
  return (
    <>
      {d ? (
        <section aria-labelledby="close-drawer" className="close-drawer" data-testid="close-drawer">
          <h3 id="close-drawer">{V.drawer}</h3>
          <table className="close-table" aria-labelledby="close-drawer">
            <tbody>
              {(d.floats ?? []).map((f) => (
                <FloatRows key={`${f.scope}-${f.openedAt}`} float={f} />
              ))}
              <Row label={V.openingFloat} amount={d.openingFloat} />
              <Row label={V.cashSales} amount={d.cashSales} />
              <Row label={V.cashRefunds} amount={d.cashRefunds} />
              {d.withdrawals && <Row label={V.withdrawals} amount={d.withdrawals} />}
              {d.handedOut && <Row label={V.handedOut} amount={d.handedOut} />}
              {d.handedIn && <Row label={V.handedIn} amount={d.handedIn} />}
              <Row label={V.expected} amount={d.expected} strong />
              <Row label={V.counted} amount={d.counted} />
              <Row label={overShortWord(d.overShort)} amount={d.overShort} strong testId="close-over-short" />
            </tbody>
          </table>
        </section>
      ) : (
        s.drawer === null && <p className="small">{V.noDrawer}</p>
      )}
      {r && (
        <section aria-labelledby="close-reconciliation" data-testid="close-reconciliation">
          <h3 id="close-reconciliation">{V.reconciliation}</h3>
          <table className="close-table" aria-labelledby="close-reconciliation">
            <thead>
              <tr>
                <th scope="col">{V.line}</th>
                <th scope="col">{V.count}</th>
                <th scope="col">{V.amount}</th>
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.key}>
                  <th scope="row">{capital(l.label)}</th>
                  <td>{l.count}</td>
                  <td>{usd(l.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{`= ${V.netSales}`}</th>
                <td />
                <td>{usd(r.netSales)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="small">{V.reconciliationHint}</p>
        </section>
      )}
    </>
  );
}

/** A float as recorded and, when a supervisor corrected it, as corrected and why (decision 0073). */
function FloatRows({ float: f }: { float: FloatLine }) {
  return (
    <>
      <Row label={V.floatRecorded(f.name ?? f.scope)} amount={f.recorded} testId="close-float-recorded" />
      {f.correction && (
        <Row
          label={V.floatCorrected(f.correction.correctedByName ?? f.correction.correctedBy, f.correction.reason)}
          amount={f.correction.amount}
          testId="close-float-corrected"
        />
      )}
    </>
  );
}

function Row({ label, amount, strong, testId }: { label: string; amount: string; strong?: boolean; testId?: string }) {
  return (
    <tr>
      <th scope="row">{strong ? <strong>{label}</strong> : label}</th>
      <td data-testid={testId}>{strong ? <strong>{usd(amount)}</strong> : usd(amount)}</td>
    </tr>
  );
}
