// Asked when F12 comes with something typed or scanned that is not in the cart yet: the safe answer (back to
// the box) has the focus, so an Enter or a second F12 never issues a sale that leaves a product behind.
import { useEffect, useRef } from 'react';
import { es } from '../strings';
import { dialogKeys } from './dialog-keys';
import type { SearchPending } from './ProductSearch';

const w = es.sale;

export function PendingConfirm({ pending, onBack, onIssue }: { pending: SearchPending; onBack: () => void; onIssue: () => void }) {
  const back = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => back.current?.focus(), []);
  const { text, queue } = pending;
  const looking = queue.waiting.length + (queue.current ? 1 : 0);
  // Two buttons: Tab and Shift+Tab go from one to the other, never out of the question.
  const onKeyDown = dialogKeys(box, onBack);
  return (
    <div className="sale-backdrop">
      <div
        ref={box}
        className="sale-dialog card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="sale-pending-title"
        aria-describedby="sale-pending-text"
        onKeyDown={onKeyDown}
        data-testid="sale-pending"
      >
        <h2 id="sale-pending-title">{w.pendingTitle}</h2>
        <div id="sale-pending-text">
          <p>{w.pendingText}</p>
          <ul>
            {queue.stop && <li>{w.pendingStop(queue.stop.text)}</li>}
            {looking > 0 && <li>{w.pendingLooking(looking)}</li>}
            {text && text !== queue.stop?.text && <li>{w.pendingBox(text)}</li>}
          </ul>
          <p className="muted">{w.pendingHint}</p>
        </div>
        <div className="row actions">
          <button type="button" className="primary" ref={back} onClick={onBack}>
            {w.pendingBack}
          </button>
          <button type="button" onClick={onIssue}>
            {w.pendingIssue}
          </button>
        </div>
      </div>
    </div>
  );
}
