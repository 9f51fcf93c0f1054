// Which MH normative a station issues under: the legacy schemas (2023) or MH's Normativa DTE v2.0 (2026), and the
// moment an administrator chose to move from one to the other (docs/decisions/0014-normativa-2026.md).
import { z } from 'zod';

export const NORMATIVES = ['legacy', '2026'] as const;
export type Normative = (typeof NORMATIVES)[number];

export const NORMATIVE_NAMES: Record<Normative, string> = {
  legacy: 'Normativa anterior (esquemas 2023)',
  '2026': 'Normativa DTE v2.0 (2026)',
};

/**
 * `current` is in force now; with `switchAt`, the other normative takes over at that instant. A document takes
 * the normative in force when it is issued and keeps it for life.
 */
export const mhNormativeSetting = z.strictObject({
  current: z.enum(NORMATIVES, { error: 'Normativa: "legacy" o "2026".' }),
  switchAt: z.iso
    .datetime({ offset: true, error: 'Fecha y hora del cambio con zona horaria, p. ej. 2027-01-01T00:00:00-06:00.' })
    .nullish()
    .transform((v) => v ?? null),
});
export type MhNormativeSetting = z.output<typeof mhNormativeSetting>;

export const DEFAULT_NORMATIVE: MhNormativeSetting = { current: 'legacy', switchAt: null };

const other = (n: Normative): Normative => (n === 'legacy' ? '2026' : 'legacy');

/** The normative in force at `now`: `current` until `switchAt`, the other one from then on. */
export function normativeAt(setting: MhNormativeSetting | null | undefined, now: Date): Normative {
  const s = setting ?? DEFAULT_NORMATIVE;
  if (s.switchAt && now.getTime() >= Date.parse(s.switchAt)) return other(s.current);
  return s.current;
}

/** The switch still ahead, if any: what takes over and when. */
export function scheduledSwitch(setting: MhNormativeSetting | null | undefined, now: Date): { to: Normative; at: string } | null {
  const s = setting ?? DEFAULT_NORMATIVE;
  if (!s.switchAt || now.getTime() >= Date.parse(s.switchAt)) return null;
  return { to: other(s.current), at: s.switchAt };
}
