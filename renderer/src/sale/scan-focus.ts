// Where a counter's key goes when the focus is nowhere that takes text (docs/decisions/0074-price-overrides-and-scans.md):
// after a dialog closed the focus is on the page, after a click on a button it is on the button; a scanner's keys
// there would be dropped with no beep. ProductSearch.tsx moves such a key to the scan box.

/** A key that types one character (a scanner's digit or letter; not Space, which presses a button), with no Ctrl, Alt or Meta. */
export const typesText = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>): boolean =>
  e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.altKey && !e.metaKey;

const CHOICES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/**
 * Whether the focus is where a typed character would be lost: the page itself, a button, a checkbox or radio; and
 * no modal dialog is open (the lock, a question), whose keys are its own.
 */
export function takesNoText(at: Element | null): boolean {
  if (document.querySelector('[aria-modal="true"]')) return false;
  if (!at || at === document.body || at === document.documentElement) return true;
  if (at.closest('[inert]')) return false;
  if (at instanceof HTMLButtonElement) return true;
  return at instanceof HTMLInputElement && CHOICES.has(at.type);
}

/** Keys that are a person acting on the box, not typing into it (a scanner sends none of them; Shift is a scanner's too). */
export const interrupts = (e: Pick<KeyboardEvent, 'key'>): boolean =>
  /^(F\d{1,2}|Escape|Backspace|Delete|Arrow(Up|Down|Left|Right)|Home|End|Tab)$/.test(e.key);
