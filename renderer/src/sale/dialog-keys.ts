// The counter's small dialogs (PendingConfirm.tsx, PrinterStrip.tsx): Esc closes, and Tab / Shift+Tab go round
// their buttons, never out of the dialog.
import type { KeyboardEvent, RefObject } from 'react';

export function dialogKeys(box: RefObject<HTMLElement | null>, onClose: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
      e.preventDefault();
      buttons[(i + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
    }
  };
}
