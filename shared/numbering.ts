// Where the station's control numbers go on (docs/decisions/0029-numbering-never-collides-silently.md): what
// Ajustes → Numeración shows, what an ADMIN sends to confirm it, and the hub's answer to a station.
import { z } from 'zod';
import { DTE_KINDS, type DteKind } from './contract/kinds';
import { optional } from './contract/primitives';
import { bilingual, described } from './contract/descriptions';

/** The largest correlative a control number holds (15 digits). */
export const MAX_CONTROL_VALUE = 999_999_999_999_999;

const correlative = z.number().int().min(0).max(MAX_CONTROL_VALUE);

/**
 * An ADMIN's answer: `{newPointOfSale: true}` (a point of sale that never issued starts at 1, said on purpose),
 * or `{last: {FC: 120, …}}`, the last control number MH holds per kind, for `year` (this year when absent) and
 * `posNumber` (the station's when absent). Numbering goes on past both MH's last and this station's own.
 */
export const numberingConfirmation = z
  .strictObject({
    newPointOfSale: described(
      optional(z.literal(true)),
      bilingual('true: un punto de venta que nunca emitió empieza en 1.', 'true: a point of sale that never issued starts at 1.'),
    ),
    year: described(
      optional(z.number().int().min(2000).max(2100)),
      bilingual('Año de la numeración de `last`; por omisión el actual.', 'The year `last` numbers; default this year.'),
    ),
    posNumber: described(
      optional(z.number().int().min(1).max(999)),
      bilingual(
        'Punto de venta de `last`, 1 a 999; por omisión el de la estación.',
        "The point of sale `last` is for, 1 to 999; default the station's.",
      ),
    ),
    last: described(
      optional(z.partialRecord(z.enum(DTE_KINDS), correlative)),
      bilingual(
        'El último número de control que MH tiene por tipo (p. ej. {"FC": 120}); la numeración sigue después.',
        'The last control number MH holds per kind (e.g. {"FC": 120}); numbering goes on after it.',
      ),
    ),
    /** The numbers a restored copy lacks were looked for: the list and its alert are cleared. */
    lackingReviewed: described(
      optional(z.literal(true)),
      bilingual(
        'true: los números que le faltan a una copia restaurada fueron revisados.',
        'true: the numbers a restored copy lacks were reviewed.',
      ),
    ),
  })
  .refine((v) => (v.newPointOfSale ? 1 : 0) + (v.last ? 1 : 0) + (v.lackingReviewed ? 1 : 0) === 1, {
    message: 'Envíe newPointOfSale: true, last con el último número de MH por tipo de documento, o lackingReviewed: true; uno de los tres.',
    path: ['last'],
  });
export type NumberingConfirmation = z.output<typeof numberingConfirmation>;

export interface NumberingSequenceView {
  readonly year: number;
  readonly kind: DteKind;
  readonly branchCode: string;
  readonly posNumber: number;
  /** The last number this station took. */
  readonly last: number;
  /** MH holds another document under this correlative: the sequence is stopped until it moves past it. */
  readonly collision: {
    readonly value: number;
    readonly controlNumber: string;
    readonly mhMessage: string;
    readonly documents: number;
  } | null;
}

export interface NumberingView {
  /** True when creates may take numbers (no unconfirmed folder; blocked sequences still refuse theirs). */
  readonly confirmed: boolean;
  readonly unconfirmed: { readonly reason: 'new_folder' | 'restore'; readonly since: string; readonly hubProblem: string | null } | null;
  readonly hubConfigured: boolean;
  readonly sequences: readonly NumberingSequenceView[];
  /** Numbers a restored copy lacks (MH holds them past the copy's own last), until an ADMIN marks them reviewed. */
  readonly lacking: readonly {
    readonly year: number;
    readonly kind: DteKind;
    readonly branchCode: string;
    readonly posNumber: number;
    readonly from: number;
    readonly to: number;
    /** Who told MH's last: the hub, or an ADMIN. */
    readonly source: 'hub' | 'admin';
  }[];
}

/** The hub's answer to `GET /hub/v1/numbering?year=Y`: the last control number it saw per kind and point of sale. */
export interface HubNumberingAnswer {
  readonly year: number;
  readonly branchCode: string;
  readonly sequences: readonly {
    readonly kind: DteKind;
    readonly posNumber: number;
    readonly last: number;
    readonly controlNumber: string;
  }[];
}
