// The drawer's two amounts as typed (Fondo inicial, Efectivo contado): checked the way the server checks them
// (shared/close.ts `drawerCount`), and sent as typed so no float ever rounds them.
import type { DrawerCount } from '../../../shared/close';

export type DrawerText = Readonly<Record<keyof DrawerCount, string>>;

const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/;

/** Each amount typed that is not dollars and cents; with `both`, the one left empty while the other is typed. */
export function drawerProblems(d: DrawerText, words: { bad: string; both: string | null }): Partial<Record<keyof DrawerCount, string>> {
  const out: Partial<Record<keyof DrawerCount, string>> = {};
  for (const k of ['openingFloat', 'counted'] as const) if (d[k].trim() && !DOLLARS.test(d[k].trim())) out[k] = words.bad;
  if (words.both) {
    const typed = (['openingFloat', 'counted'] as const).filter((k) => d[k].trim());
    if (typed.length === 1) out[typed[0] === 'openingFloat' ? 'counted' : 'openingFloat'] = words.both;
  }
  return out;
}

/**
 * The request's `drawer`: both amounts, or nothing when neither was typed. With a float recorded at the shift's
 * start (`recorded`), only the count: the server takes the recorded float.
 */
export const drawerRequest = (d: DrawerText, recorded = false): DrawerCount | null =>
  recorded
    ? d.counted.trim()
      ? { counted: d.counted.trim() }
      : null
    : d.openingFloat.trim() || d.counted.trim()
      ? { openingFloat: d.openingFloat.trim(), counted: d.counted.trim() }
      : null;
