// The full forms' keys in the page: what a key was aimed at, and the walk from field to field (keys.ts decides).
import type { KeyboardEvent } from 'react';
import { keyIntent, type KeyTarget } from './keys';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'password', 'url']);
// Input types that are buttons: Enter presses them.
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image', 'file']);

export function keyTarget(el: EventTarget | null): KeyTarget {
  if (el instanceof HTMLTextAreaElement) return 'multiline';
  if (el instanceof HTMLSelectElement) return 'field';
  if (el instanceof HTMLInputElement) return BUTTON_INPUTS.has(el.type) ? 'other' : 'field';
  return 'other';
}

/** The form's fields a person can reach now, in order: shown, enabled, one radio per group (the checked one). */
function reachable(form: HTMLElement): HTMLElement[] {
  const seen = new Set<string>();
  return [...form.querySelectorAll<HTMLElement>('input, select, textarea')].filter((el) => {
    if (keyTarget(el) === 'other' || el.tabIndex < 0 || el.matches(':disabled') || el.getClientRects().length === 0) return false;
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      const group = form.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`);
      const chosen = [...group].find((r) => r.checked) ?? group[0];
      if (chosen !== el || seen.has(el.name)) return false;
      seen.add(el.name);
    }
    return true;
  });
}

/** Moves the focus to the next (or previous) field; at the last one it stays, so Enter never reaches the button. */
export function focusField(form: HTMLElement, from: HTMLElement, step: 1 | -1): void {
  const fields = reachable(form);
  const at = fields.indexOf(from);
  const next = at < 0 ? undefined : fields[at + step];
  if (!next) return;
  next.focus();
  // As Tab does: what was typed there is selected, so typing replaces it.
  if (next instanceof HTMLInputElement && TEXT_INPUTS.has(next.type)) next.select();
}

/** The form's own key handler: Enter and Shift+Enter walk the fields (the submit keys are the caller's). */
export function onFieldKeys(e: KeyboardEvent<HTMLElement>): void {
  if (e.defaultPrevented) return;
  const intent = keyIntent(e, keyTarget(e.target), false);
  if (intent !== 'next' && intent !== 'previous') return;
  const from = e.target;
  if (!(from instanceof HTMLElement)) return;
  e.preventDefault();
  focusField(e.currentTarget, from, intent === 'next' ? 1 : -1);
}
