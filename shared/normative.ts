// Which MH normative a station issues under: the legacy schemas (2023) or MH's Normativa DTE v2.0 (2026), and the
// moment an administrator chose to move from one to the other (docs/decisions/0014-normativa-2026.md).
import { z } from 'zod';
import type { DteKind } from './contract/kinds';
import { bilingual, described } from './contract/descriptions';

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
  current: described(
    z.enum(NORMATIVES, { error: 'Normativa: "legacy" o "2026".' }),
    bilingual(
      'Normativa de MH en vigor ahora: "legacy" (la anterior) o "2026" (Normativa DTE v2.0).',
      'MH\'s normative in force now: "legacy" (the earlier one) or "2026" (Normativa DTE v2.0).',
    ),
  ),
  switchAt: described(
    z.iso
      .datetime({ offset: true, error: 'Fecha y hora del cambio con zona horaria, p. ej. 2027-01-01T00:00:00-06:00.' })
      .nullish()
      .transform((v) => v ?? null),
    bilingual(
      'Cuándo entra la otra normativa, ISO 8601 con zona (p. ej. 2027-01-01T00:00:00-06:00); null: ningún cambio programado.',
      'When the other normative takes over, ISO 8601 with offset (e.g. 2027-01-01T00:00:00-06:00); null: no change scheduled.',
    ),
  ),
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

/** The setting as an administrator edits it, and what it means now. */
export interface NormativeView {
  /** As it stands now: a switch already past reads as the normative it moved to. */
  readonly setting: MhNormativeSetting;
  readonly status: NormativeStatus;
}

/** What the sync screen shows: the normative in force and the switch still ahead. */
export interface NormativeStatus {
  readonly inForce: Normative;
  readonly scheduled: { readonly to: Normative; readonly at: string } | null;
}

export const normativeStatus = (setting: MhNormativeSetting | null | undefined, now: Date): NormativeStatus => ({
  inForce: normativeAt(setting, now),
  scheduled: scheduledSwitch(setting, now),
});

/** The normative in force at `now` as a status read earlier says: its scheduled switch may have passed since. */
export const inForceAt = (status: NormativeStatus, now: Date): Normative =>
  status.scheduled && now.getTime() >= Date.parse(status.scheduled.at) ? status.scheduled.to : status.inForce;

/** MH's schema version of each kind under each normative (docs/mh.md, Schema versions); serializers.ts agrees. */
export const MH_VERSIONS: Record<Normative, Record<DteKind, number>> = {
  legacy: { FC: 1, CCF: 3, NC: 3, ND: 3, CR: 1, FSE: 1, FEX: 1, NR: 3, CL: 1, DCL: 1, CD: 1 },
  '2026': { FC: 2, CCF: 4, NC: 4, ND: 4, CR: 2, FSE: 2, FEX: 3, NR: 4, CL: 2, DCL: 2, CD: 2 },
};

/** The normative a document of `kind` issued as MH `version` belongs to (versions never repeat within a kind). */
export const normativeOf = (kind: DteKind, version: number): Normative => (MH_VERSIONS['2026'][kind] === version ? '2026' : 'legacy');

/**
 * When the replacement of an invalidated document is issued (MF2 §VII pp.13–17): `before` the event, which names
 * it (types 1 and 3); or `after` it, never named (an NC under v2.0: invalidated first, then issued again).
 */
export const REPLACEMENT_ORDER: Record<Normative, Record<DteKind, 'before' | 'after'>> = {
  legacy: {
    FC: 'before',
    CCF: 'before',
    NC: 'before',
    ND: 'before',
    CR: 'before',
    FSE: 'before',
    FEX: 'before',
    NR: 'before',
    CL: 'before',
    DCL: 'before',
    CD: 'before',
  },
  // MF2 pp.13, 15–16: an NC and a CL are invalidated first and issued again after.
  '2026': {
    FC: 'before',
    CCF: 'before',
    NC: 'after',
    ND: 'before',
    CR: 'before',
    FSE: 'before',
    FEX: 'before',
    NR: 'before',
    CL: 'after',
    DCL: 'before',
    CD: 'before',
  },
};
