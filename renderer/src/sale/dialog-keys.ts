// The counter's small dialogs (PendingConfirm.tsx, PrinterStrip.tsx, PriceApprovalDialog.tsx): Esc closes, and
// Tab / Shift+Tab go round their fields and buttons, never out of the dialog.
import type { KeyboardEvent, RefObject } from 'react';

export function dialogKeys(box: RefObject<HTMLElement | null>, onClose: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      const buttons = [...(box.current?.querySelectorAll<HTMLElement>('input, button:not([disabled])') ?? [])];
      const i = buttons.indexOf(document.activeElement as HTMLElement);
      e.preventDefault();
      buttons[(i + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
    }
  };
}
