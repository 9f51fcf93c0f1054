// What the simulated MH remembers: tokens, registered certificates, received documents, lotes, events.
import type { KeyObject } from 'node:crypto';
import type { Normative } from '../../shared/normative';
import type { SealedEop } from './special-operations';

export const SIM_MODES = ['normal', 'down', 'slow', 'flaky', 'reject', 'drop', 'observations'] as const;
export type SimMode = (typeof SIM_MODES)[number];

/**
 * How MH refuses an invalidation of a document it already invalidated. MH does not publish it (docs/mh.md,
 * Invalidation), so the simulator answers each way a station must survive: "already invalidated" (014), "already
 * exists" for the same event's code (004), or "not processed" (012: MH finds no document valid to invalidate).
 */
export const REPEAT_INVALIDATION_ANSWERS = ['invalidated', 'duplicate', 'not-processed'] as const;
export type RepeatInvalidationAnswer = (typeof REPEAT_INVALIDATION_ANSWERS)[number];

/**
 * What consultadte answers of a document MH holds invalidated. MH does not publish it (docs/mh.md, Invalidation;
 * its public consultation shows INVALIDADO): an estado INVALIDADO with the seal, a refusal saying so, or the
 * document's own PROCESADO answer as if nothing happened. A hub or station must survive each.
 */
export const CONSULT_INVALIDATED_ANSWERS = ['invalidado', 'rechazado', 'procesado'] as const;
export type ConsultInvalidatedAnswer = (typeof CONSULT_INVALIDATED_ANSWERS)[number];

/**
 * What consultadte says of a code MH refused because another document holds its control number (004 on
 * numeroControl). Not published: "not found" (it stored nothing under the code), the refusal it gave (issue 54:
 * implementers report it), or an error (HTTP 500). A station must end each without a resend loop.
 */
export const DUPLICATE_QUERY_ANSWERS = ['not-found', 'rejected', 'error'] as const;
export type DuplicateQueryAnswer = (typeof DUPLICATE_QUERY_ANSWERS)[number];

export interface StoredAnswer {
  /** MH's answer body, replayed by consultadte. */
  readonly body: Record<string, unknown>;
  readonly nit: string;
  readonly tipoDte: string;
  readonly numeroControl: string | null;
  readonly accepted: boolean;
  readonly fecEmi: string | null;
  readonly jws: string;
  /** The document's MH schema version, and when MH answered (its seal, when accepted). */
  readonly version: number;
  readonly receivedAt: number;
}

export interface LoteState {
  readonly nit: string;
  readonly readyAt: number;
  readonly procesados: Record<string, unknown>[];
  readonly rechazados: Record<string, unknown>[];
}

export interface SimState {
  mode: SimMode;
  slowMs: number;
  /** How long a lote takes to process (MH: 1–3 minutes); adjustable at run time. */
  loteDelayMs: number;
  /** A related document this simulator never saw passes: tests that give each branch its own MH set it. */
  relatedMayBeElsewhere: boolean;
  requests: number;
  /** Every login refused (as after the taxpayer changed the API password at MH). */
  refuseLogins: boolean;
  /** How a repeated invalidation is refused (REPEAT_INVALIDATION_ANSWERS). */
  repeatInvalidation: RepeatInvalidationAnswer;
  /** How consultadte speaks of an invalidated document (CONSULT_INVALIDATED_ANSWERS). */
  consultInvalidated: ConsultInvalidatedAnswer;
  /** How consultadte speaks of a code refused for a taken control number (DUPLICATE_QUERY_ANSWERS). */
  duplicateQuery: DuplicateQueryAnswer;
  /** Codes refused for a taken control number, answered with HTTP 500 while duplicateQuery is 'error'. */
  readonly duplicateRefused: Set<string>;
  /** The next documents to refuse whatever they hold (of one tipoDte, or any; 'anulacion': invalidations). */
  rejectNext: { count: number; tipoDte: string | null };
  lastUserAgent: string | null;
  readonly tokens: Map<string, { nit: string; expiresAt: number }>;
  readonly keys: Map<string, KeyObject>;
  /** By codigoGeneracion. */
  readonly documents: Map<string, StoredAnswer>;
  readonly controlNumbers: Map<string, string>;
  readonly lotes: Map<string, LoteState>;
  /** Generation codes listed in a sealed contingency event, with the deadline to receive them. */
  readonly contingencyAllowed: Map<string, number>;
  /** The normative of the event that listed each code (contingencia v3: legacy, v4: 2026). */
  readonly contingencyNormative: Map<string, Normative>;
  readonly events: Map<string, Record<string, unknown>>;
  readonly invalidated: Map<string, Record<string, unknown>>;
  /** Eventos de Retorno this MH sealed, by codigoGeneracion (tipoDte '18'); an invalidation may name one. */
  readonly returns: Map<string, StoredAnswer>;
  /** Eventos de Operaciones Especiales this MH sealed, by codigoGeneracion, with their items (special-operations.ts). */
  readonly specialOperations: Map<string, SealedEop & { readonly body: Record<string, unknown> }>;
  /** How many times each generation code reached MH (single sends and lotes). */
  readonly received: Map<string, number>;
  /** Documents handed to MH again after MH had accepted them (a station that resends without asking). */
  receivedAfterAccepted: number;
  /** Generation codes in the order MH accepted them. */
  readonly accepted: string[];
  /** How many times each operation was called, for tests ("reaches MH once"). */
  readonly counts: Record<string, number>;
}

export function newSimState(): SimState {
  return {
    mode: 'normal',
    slowMs: 10_000,
    loteDelayMs: 2000,
    relatedMayBeElsewhere: false,
    requests: 0,
    refuseLogins: false,
    repeatInvalidation: 'invalidated',
    consultInvalidated: 'invalidado',
    duplicateQuery: 'not-found',
    duplicateRefused: new Set(),
    rejectNext: { count: 0, tipoDte: null },
    lastUserAgent: null,
    tokens: new Map(),
    keys: new Map(),
    documents: new Map(),
    controlNumbers: new Map(),
    lotes: new Map(),
    contingencyAllowed: new Map(),
    contingencyNormative: new Map(),
    events: new Map(),
    invalidated: new Map(),
    returns: new Map(),
    specialOperations: new Map(),
    received: new Map(),
    accepted: [],
    receivedAfterAccepted: 0,
    counts: {},
  };
}
