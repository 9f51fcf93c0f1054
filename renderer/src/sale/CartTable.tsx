// The sale's lines: quantity and shelf price editable in place, each line's total as the core computes it.
// Enter in a line goes back to the search box (the next scan); it never issues.
import type { KeyboardEvent } from 'react';
import { isMeasured, quantityStep, stepQuantity } from '../../../shared/quantity';
import type { Dec } from '../../../shared/tax';
import { es } from '../strings';
import { usd, type CartLine, type LineProblem } from './cart';

const w = es.sale;

const quantityProblem = (unit: string): string =>
  isMeasured(unit) ? w.lineProblem.quantityMeasured(quantityStep(unit).replace('.', ',')) : w.lineProblem.quantity;

export function CartTable({
  lines,
  byLine,
  problems,
  showProblems,
  locked,
  onQuantity,
  onPrice,
  onDescription,
  onRemove,
  onDone,
}: {
  lines: readonly CartLine[];
  byLine: ReadonlyMap<string, Dec>;
  problems: readonly LineProblem[];
  showProblems: boolean;
  /** While the sale is being issued: what was sent cannot change under it. */
  locked: boolean;
  onQuantity: (key: string, v: string) => void;
  onPrice: (key: string, v: string) => void;
  onDescription: (key: string, v: string) => void;
  onRemove: (key: string) => void;
  onDone: () => void;
}) {
  const wrong = (key: string, field: LineProblem['field']) => showProblems && problems.some((p) => p.key === key && p.field === field);
  const backOnEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.ctrlKey) {
      e.preventDefault();
      onDone();
    }
  };
  if (lines.length === 0) return <p className="sale-empty muted">{w.empty}</p>;
  return (
    <div className="sale-lines" role="region" aria-label={w.lines} tabIndex={-1}>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{w.columns.code}</th>
            <th scope="col">{w.columns.description}</th>
            <th scope="col" className="num">
              {w.columns.quantity}
            </th>
            <th scope="col" className="num">
              {w.columns.price}
            </th>
            <th scope="col" className="num">
              {w.columns.total}
            </th>
            <th scope="col">
              <span className="sr-only">{w.columns.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const name = l.description || w.descriptionOf(i + 1);
            const amount = byLine.get(l.key);
            return (
              <tr key={l.key} data-testid={`sale-line-${i}`}>
                <td>{i + 1}</td>
                <td className="code">{l.code ?? <span className="muted">{w.noCode}</span>}</td>
                <td>
                  {l.productId ? (
                    <>
                      {l.description}
                      {l.saleType !== 'GRAVADA' && <span className="muted"> ({l.saleType === 'EXENTA' ? w.exempt : w.nonSubject})</span>}
                    </>
                  ) : (
                    <input
                      id={`sale-${l.key}-description`}
                      aria-label={w.descriptionOf(i + 1)}
                      aria-invalid={wrong(l.key, 'description') || undefined}
                      value={l.description}
                      readOnly={locked}
                      maxLength={1000}
                      onChange={(e) => onDescription(l.key, e.target.value)}
                      onKeyDown={backOnEnter}
                    />
                  )}
                </td>
                <td className="num">
                  <input
                    id={`sale-${l.key}-quantity`}
                    className="qty"
                    inputMode={isMeasured(l.unitMeasure) ? 'decimal' : 'numeric'}
                    aria-label={w.quantityOf(name)}
                    aria-invalid={wrong(l.key, 'quantity') || undefined}
                    title={wrong(l.key, 'quantity') ? quantityProblem(l.unitMeasure) : undefined}
                    value={l.quantity}
                    readOnly={locked}
                    onChange={(e) => onQuantity(l.key, e.target.value)}
                    onKeyDown={(e) => {
                      // A weighed or measured line moves by its unit's step (shared/quantity.ts).
                      if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !locked) {
                        e.preventDefault();
                        onQuantity(l.key, stepQuantity(l.quantity, l.unitMeasure, e.key === 'ArrowUp' ? 1 : -1));
                      } else backOnEnter(e);
                    }}
                  />
                </td>
                <td className="num">
                  <input
                    id={`sale-${l.key}-price`}
                    className="price"
                    inputMode="decimal"
                    aria-label={w.priceOf(name)}
                    aria-invalid={wrong(l.key, 'shelfPrice') || undefined}
                    title={wrong(l.key, 'shelfPrice') ? w.lineProblem.shelfPrice : undefined}
                    value={l.shelfPrice}
                    readOnly={locked}
                    onChange={(e) => onPrice(l.key, e.target.value)}
                    onKeyDown={backOnEnter}
                  />
                </td>
                <td className="num" data-testid={`sale-line-total-${i}`}>
                  {amount ? usd(amount) : '—'}
                </td>
                <td>
                  <button type="button" className="link" aria-label={w.removeOf(name)} disabled={locked} onClick={() => onRemove(l.key)}>
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
