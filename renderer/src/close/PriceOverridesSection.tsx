// The close's prices below the shelf (docs/decisions/0074-price-overrides-and-scans.md): each line sold under its
// catalog price in the close's scope and period, with both prices, the document, who asked and who approved.
// Read beside the close (GET /closes/:id/price-overrides), so the close's own figures are untouched.
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { PriceOverride } from '../../../shared/price-overrides';
import { esDateTime } from '../../../shared/es-sv';
import { errorText } from '../error-text';
import { priceOverrideWords as W } from '../words/price-override';

export function PriceOverridesSection({ api, closeId }: { api: SelloApi; closeId: string }) {
  const [items, setItems] = useState<readonly PriceOverride[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api.closePriceOverrides(closeId).then((r) => {
      if (!live) return;
      if (r.ok) setItems(r.value.items);
      else setFailed(errorText(r.error));
    });
    return () => {
      live = false;
    };
  }, [api, closeId]);
  const C = W.closeColumns;
  return (
    <section aria-labelledby="close-overrides" data-testid="close-overrides">
      <h3 id="close-overrides">{W.closeTitle}</h3>
      {failed && (
        <p role="alert" className="error">
          {failed}
        </p>
      )}
      {items && items.length === 0 && <p className="small">{W.closeNone}</p>}
      {items && items.length > 0 && (
        <table className="close-table" aria-labelledby="close-overrides">
          <thead>
            <tr>
              <th scope="col">{C.document}</th>
              <th scope="col">{C.product}</th>
              <th scope="col" className="num">
                {C.shelf}
              </th>
              <th scope="col" className="num">
                {C.price}
              </th>
              <th scope="col">{C.who}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.id}>
                <td>
                  <span className="code">{o.controlNumber}</span>
                  <br />
                  <span className="small">{esDateTime(o.createdAt)}</span>
                </td>
                <td>
                  {o.productCode} · {o.description} × {o.quantity}
                </td>
                <td className="num">{W.money(o.shelfPrice)}</td>
                <td className="num">{W.money(o.price)}</td>
                <td>{W.closeWho(o.askedByName ?? o.askedBy, o.approvedByName ?? o.approvedBy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
