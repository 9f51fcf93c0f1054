// The full forms' keys: Enter walks to the next field and never sends (a cashier's stray Enter must not issue a
// document), F12 or Ctrl+Enter sends. Buttons, text areas and pickers keep their own Enter.

export type KeyIntent = 'submit' | 'next' | 'previous' | null;

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

/** What the key was aimed at: a one-line field, a text area (Enter is a new line there), anything else. */
export type KeyTarget = 'field' | 'multiline' | 'other';

/** What a key press asks of the form; `submitKeys` is false where F12 and Ctrl+Enter mean nothing. */
export function keyIntent(e: KeyPress, target: KeyTarget, submitKeys = true): KeyIntent {
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  if (submitKeys && e.key === 'F12' && plain && !e.shiftKey) return 'submit';
  if (submitKeys && e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey) return 'submit';
  if (e.key !== 'Enter' || !plain || target !== 'field') return null;
  return e.shiftKey ? 'previous' : 'next';
}
