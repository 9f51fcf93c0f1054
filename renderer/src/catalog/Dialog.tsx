// A modal panel over the Productos screen: Tab stays inside, Esc closes it, and focus goes back to where it was.
// Not the native <dialog>: its top layer would paint over the lock screen (Session's backdrop), which must cover it.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function Dialog({
  titleId,
  onClose,
  wide = false,
  testId,
  children,
}: {
  titleId: string;
  /** Esc; the dialog decides nothing itself (an import under way may refuse to close). */
  onClose: () => void;
  wide?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Read while rendering: the content's own effects (focusing its first field) run before this component's.
  const [back] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    // The content focuses its own first field; otherwise the dialog itself, so Esc and Tab work at once.
    if (!box.current?.contains(document.activeElement)) box.current?.focus();
    return () => {
      if (back?.isConnected) back.focus();
    };
  }, [back]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const at = document.activeElement;
    if (e.shiftKey && (at === first || at === box.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && at === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="catalog-backdrop">
      <div
        ref={box}
        className={`catalog-dialog card${wide ? ' wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}
