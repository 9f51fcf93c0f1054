// MH's homologation test set (docs/decisions/0017-homologation.md): the minimum sealed documents and events a
// company transmits in MH's TEST environment before it may issue for real. The run's request, what it shows
// while it works, and the report for MH's authorization request.
import { z } from 'zod';
import { DTE_KINDS, MH_TYPE, type DteKind } from './contract/kinds';
import { bilingual, described } from './contract/descriptions';
import { NORMATIVES, type Normative } from './normative';

/** MF2 §XXIV p.76 (docs/mh.md, Homologation minimums): the minimum successful tests per kind. */
export const HOMOLOGATION_MINIMUMS: Readonly<Record<DteKind, number>> = {
  FC: 90,
  CCF: 75,
  NC: 50,
  ND: 25,
  CR: 50,
  FEX: 90,
  FSE: 25,
  NR: 50,
  CL: 75,
  DCL: 50,
  CD: 25,
};

export const HOMOLOGATION_EVENTS = ['invalidation', 'contingency', 'retorno', 'operaciones'] as const;
export type HomologationEvent = (typeof HOMOLOGATION_EVENTS)[number];

/** Five of each event (MF2 §XXIV p.76). */
export const EVENT_MINIMUM = 5;

export const KIND_NAMES: Readonly<Record<DteKind, string>> = {
  FC: 'Factura',
  CCF: 'Comprobante de Crédito Fiscal',
  NC: 'Nota de Crédito',
  ND: 'Nota de Débito',
  CR: 'Comprobante de Retención',
  FEX: 'Factura de Exportación',
  FSE: 'Factura de Sujeto Excluido',
  NR: 'Nota de Remisión',
  CL: 'Comprobante de Liquidación',
  DCL: 'Documento Contable de Liquidación',
  CD: 'Comprobante de Donación',
};

export const EVENT_NAMES: Readonly<Record<HomologationEvent, string>> = {
  invalidation: 'Evento de Invalidación',
  contingency: 'Evento de Contingencia',
  retorno: 'Evento de Retorno',
  operaciones: 'Evento de Operaciones Especiales',
};

/** The kinds an Evento de Retorno covers (shared/retorno.ts RETURNABLE_KINDS). */
const RETURNABLE: readonly DteKind[] = ['FC', 'FEX', 'FSE'];

/**
 * The events a run must have sealed: retornos exist only under the Normativa v2.0, over FE, FEX or FSE; the
 * Evento de Operaciones Especiales (fe-eop-v1) only under the Normativa v2.0, whatever the kinds (it reports
 * vouchers that are no DTE).
 */
export function eventsFor(normative: Normative, kinds: readonly DteKind[]): HomologationEvent[] {
  if (normative === 'legacy') return ['invalidation', 'contingency'];
  const retorno = kinds.some((k) => RETURNABLE.includes(k));
  return retorno ? ['invalidation', 'contingency', 'retorno', 'operaciones'] : ['invalidation', 'contingency', 'operaciones'];
}

export const homologationStartBody = z
  .strictObject({
    kinds: described(
      z
        .array(z.enum(DTE_KINDS, { error: `Tipo de documento: ${DTE_KINDS.join(', ')}.` }))
        .min(1, 'Elija al menos un tipo de documento.')
        .max(DTE_KINDS.length),
      bilingual(
        'Los tipos de documento a probar, sin repetir; NC y ND piden también CCF.',
        'The document kinds to test, none repeated; NC and ND need CCF too.',
      ),
    ),
    normative: described(
      z.enum(NORMATIVES, { error: 'Normativa: "legacy" o "2026".' }),
      bilingual('La normativa de MH de la prueba: "legacy" o "2026".', 'The run\'s MH normative: "legacy" or "2026".'),
    ),
    /** Same seed, same documents: a run can be repeated exactly. Chosen at random when absent. */
    seed: described(
      z.number().int().min(1).max(2_147_483_647).optional(),
      bilingual(
        'Semilla: la misma da los mismos documentos; al azar si falta.',
        'Seed: the same one gives the same documents; random when absent.',
      ),
    ),
    /** Least time between two transmissions to MH, in milliseconds (default 1000). */
    paceMs: described(
      z.number().int().min(0).max(60_000).optional(),
      bilingual(
        'Tiempo mínimo entre dos envíos a MH, en milisegundos (por omisión 1000).',
        'Least time between two sends to MH, in milliseconds (default 1000).',
      ),
    ),
  })
  .superRefine((b, ctx) => {
    if (new Set(b.kinds).size !== b.kinds.length)
      ctx.addIssue({ code: 'custom', path: ['kinds'], message: 'Un tipo de documento está repetido.', params: { code: 'DUPLICATE' } });
    // Notes adjust a CCF (MH: documentoRelacionado of an NC or ND is a CCF or a CR); the run relates its own.
    if ((b.kinds.includes('NC') || b.kinds.includes('ND')) && !b.kinds.includes('CCF'))
      ctx.addIssue({
        code: 'custom',
        path: ['kinds'],
        message: 'Las notas de crédito y débito ajustan un CCF: incluya también el CCF.',
        params: { code: 'REQUIRED' },
      });
    // The legacy CR v1 has no contingency form: with only CR there is nothing to put in a contingency event.
    if (b.normative === 'legacy' && b.kinds.length === 1 && b.kinds[0] === 'CR')
      ctx.addIssue({
        code: 'custom',
        path: ['kinds'],
        message: 'Con la normativa anterior el CR no se emite en contingencia: agregue otro tipo para los eventos de contingencia.',
        params: { code: 'NOT_ALLOWED' },
      });
  });
export type HomologationStartBody = z.output<typeof homologationStartBody>;

export const HOMOLOGATION_STATUSES = ['RUNNING', 'WAITING', 'STOPPED', 'DONE'] as const;
/** RUNNING: working; WAITING: MH or the station cannot go on now (the reason says why); STOPPED: no process is
 * running it (it goes on when Sello starts again, or from Ajustes); DONE: every count reached. */
export type HomologationStatus = (typeof HOMOLOGATION_STATUSES)[number];

export interface HomologationLine {
  /** A document kind or an event. */
  readonly key: DteKind | HomologationEvent;
  readonly label: string;
  readonly required: number;
  /** Sealed by MH and still valid (an invalidated document no longer counts). */
  readonly sealed: number;
  /** Sent or about to be, no answer yet. */
  readonly pending: number;
  readonly rejected: number;
}

export interface HomologationRejection {
  readonly at: string;
  readonly key: DteKind | HomologationEvent;
  /** The document's or event's generation code. */
  readonly id: string;
  readonly controlNumber: string | null;
  readonly message: string;
  readonly observations: readonly string[];
}

export interface HomologationRunView {
  readonly id: string;
  readonly seed: number;
  readonly normative: Normative;
  readonly kinds: readonly DteKind[];
  readonly paceMs: number;
  readonly status: HomologationStatus;
  /** In Spanish: what it does now, or why it waits. */
  readonly activity: string;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly startedBy: string;
  readonly lines: readonly HomologationLine[];
  /** Units sealed (capped at each line's minimum) of `total`. */
  readonly done: number;
  readonly total: number;
  /** Seconds left at the pace seen so far; null before there is a pace to go by. */
  readonly etaSeconds: number | null;
  readonly rejections: readonly HomologationRejection[];
}

export interface HomologationView {
  /** The run under way, else the last one; null before the first. */
  readonly run: HomologationRunView | null;
  /** Why this station may not run one now (a LIVE station, no certificate); null when it may. */
  readonly refused: string | null;
  readonly environment: 'TEST' | 'LIVE';
  /** The normative in force now, the form's default. */
  readonly normative: Normative;
}

/** One sealed (or once sealed) document in the report. */
export interface ReportDocument {
  readonly codigoGeneracion: string;
  readonly controlNumber: string;
  readonly generatedAt: string;
  readonly sealedAt: string | null;
  readonly seal: string | null;
  readonly status: 'APPROVED' | 'INVALIDATED';
  readonly contingency: boolean;
}

export interface ReportKind {
  readonly kind: DteKind;
  /** MH's tipoDte (CAT-002). */
  readonly mhCode: string;
  readonly name: string;
  readonly version: number;
  readonly required: number;
  /** Sealed and still valid. */
  readonly sealed: number;
  /** The first and last seal, El Salvador time; null when none. */
  readonly from: string | null;
  readonly to: string | null;
  readonly documents: readonly ReportDocument[];
}

export interface ReportEventItem {
  readonly codigoGeneracion: string;
  readonly sealedAt: string | null;
  readonly seal: string | null;
  /** In Spanish: what it did (the document invalidated and its replacement, the documents in contingency...). */
  readonly detail: string;
}

export interface ReportEvent {
  readonly event: HomologationEvent;
  readonly name: string;
  readonly required: number;
  readonly sealed: number;
  readonly items: readonly ReportEventItem[];
}

export interface HomologationReport {
  readonly runId: string;
  readonly company: { readonly name: string; readonly nit: string; readonly nrc: string };
  readonly branch: { readonly mhCode: string; readonly posNumber: number };
  readonly environment: 'TEST';
  readonly normative: Normative;
  readonly seed: number;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  /** When this report was made. */
  readonly generatedAt: string;
  readonly complete: boolean;
  readonly kinds: readonly ReportKind[];
  readonly events: readonly ReportEvent[];
  readonly rejections: readonly HomologationRejection[];
}

export const mhCodeOf = (kind: DteKind): string => MH_TYPE[kind];
