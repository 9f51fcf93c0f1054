// The hub asks MH about each APPROVED document it holds (decision 0031): consultadte, one at a time, at a pace MH
// tolerates, and records whether MH's seal is the one the station sent. A station holding the company's key could
// send an APPROVED document with an invented seal; only MH can say it never sealed it. It asks again of a document
// once the hub holds its verified invalidation, whether MH shows it invalidated (decision 0064).
import { MH_TYPE, isDteKind } from '../../shared/contract/kinds';
import type { Clock } from '../core/clock';
import { rateLimited, type Logger } from '../core/logger';
import { MhLoginError, type MhClient } from '../core/mh/client';
import type { Outcome } from '../core/mh/classify';
import type { DueDocument, HubSealChecks, SealVerdict } from './seal-checks';

export interface SealCheckerOptions {
  readonly checks: HubSealChecks;
  readonly client: MhClient;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Questions to MH per minute at most (20 by default: one every 3 s, far below what a station's sync asks). */
  readonly perMinute?: number;
  /** A document MH did not know is asked about again after this long (6 h by default). */
  readonly recheckUnknownMs?: number;
  /** Nothing to ask: look again after this long (60 s by default). */
  readonly idleMs?: number;
  /** MH unavailable, busy (429/503) or refusing the login: wait this long, doubling up to maxBackoffMs. */
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** A repeated warning about MH is logged at most once per this long (10 min by default). */
  readonly logEveryMs?: number;
}

export interface SealCheckerStatus {
  readonly lastCheckedAt: string | null;
  /** Why the checker waits, in Spanish; null while MH answers. */
  readonly blockedBy: string | null;
  readonly retryAt: string | null;
}

/** What one step did: asked MH about a document, found nothing to ask, or could not get an answer. */
export type SealStep =
  | { readonly kind: 'asked'; readonly document: DueDocument; readonly verdict: SealVerdict }
  | { readonly kind: 'idle' }
  | { readonly kind: 'blocked'; readonly reason: string };

export interface SealChecker {
  /** Starts the loop on real timers; a second call does nothing. */
  start(): void;
  /** Ends the loop once the question in flight (if any, at most MH's timeout) has its answer. */
  stop(): Promise<void>;
  /** One question to MH, outside the loop (tests, and the loop itself). */
  step(): Promise<SealStep>;
  status(): SealCheckerStatus;
  /** New APPROVED documents arrived: an idle checker looks now (a pause for the pace or a backoff stays). */
  nudge(): void;
}

/** A date as El Salvador writes it: 2026-12-05 → 05/12/2026. */
const dayOf = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** What MH's answer to consultadte says of `doc`, or why it says nothing (MH busy, down, an odd answer). */
export function verdictOf(doc: DueDocument, o: Outcome): SealVerdict | { readonly blocked: string } {
  const invalidated = doc.invalidatedOn !== null && doc.invalidatedOn !== undefined;
  switch (o.outcome) {
    case 'accepted':
    case 'accepted_with_observations':
      if (o.seal !== doc.seal)
        return { state: 'seal_mismatch', mhSeal: o.seal, detail: `MH selló este documento con otro sello (${o.seal}).` };
      // The hub holds a verified invalidation and MH shows the document standing: not subtracted until MH shows it
      // (decision 0064); asked again later, since MH may not say it in consultadte at all.
      return invalidated
        ? {
            state: 'confirmed',
            mhSeal: o.seal,
            detail: `La sucursal lo invalidó el ${dayOf(doc.invalidatedOn)}, pero MH lo muestra vigente: verifíquelo en la consulta pública de MH.`,
            invalidation: 'not_shown',
          }
        : { state: 'confirmed', mhSeal: o.seal, detail: null };
    case 'invalidated':
      // MH holds it invalidated: it sealed it (with the seal the station sent, when MH repeats one) and took the event.
      if (o.seal !== null && o.seal !== doc.seal)
        return { state: 'seal_mismatch', mhSeal: o.seal, detail: `MH selló este documento con otro sello (${o.seal}).` };
      return {
        state: 'confirmed',
        mhSeal: o.seal ?? doc.seal,
        detail: invalidated
          ? `MH lo tiene invalidado: ${o.message}`
          : `MH lo tiene invalidado (${o.message}); la central aún no recibió la invalidación firmada y lo cuenta como vigente.`,
        invalidation: 'shown',
      };
    case 'not_found':
      return { state: 'mh_unknown', mhSeal: null, detail: o.message || 'MH no tiene un documento con ese código de generación.' };
    case 'rejected':
      // MH holds the code but refused the document: no seal of MH's can be the one the station sent.
      return { state: 'seal_mismatch', mhSeal: null, detail: `MH rechazó este documento: ${o.code} ${o.message}`.trim() };
    case 'duplicate':
      return { blocked: `respuesta inesperada de MH a la consulta: ${o.message}` };
    case 'retry':
    case 'unknown':
      return { blocked: `MH no respondió la consulta (${o.reason})` };
    case 'auth':
      return { blocked: `MH no aceptó la sesión de la central (${o.reason})` };
    default: {
      const never: never = o;
      return never;
    }
  }
}

export function sealChecker(o: SealCheckerOptions): SealChecker {
  const spacingMs = Math.ceil(60_000 / Math.max(1, o.perMinute ?? 20));
  const recheckMs = o.recheckUnknownMs ?? 6 * 3_600_000;
  const idleMs = o.idleMs ?? 60_000;
  const minBackoffMs = o.minBackoffMs ?? 30_000;
  const maxBackoffMs = Math.max(minBackoffMs, o.maxBackoffMs ?? 15 * 60_000);
  // MH's outages repeat the same lines for hours: one line per interval, with how many were left out.
  const outageLog = rateLimited(o.logger, { now: () => o.clock.now().getTime(), intervalMs: o.logEveryMs ?? 10 * 60_000 });
  let failures = 0;
  let lastCheckedAt: Date | null = null;
  let blockedBy: string | null = null;
  let retryAt: Date | null = null;
  let running: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;
  let idle = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        wake = null;
        resolve();
      };
    });

  async function ask(doc: DueDocument): Promise<SealVerdict | { readonly blocked: string }> {
    if (!isDteKind(doc.kind)) return { state: 'seal_mismatch', mhSeal: null, detail: `Tipo de documento desconocido: ${doc.kind}.` };
    try {
      const call = await o.client.queryDte({ tipoDte: MH_TYPE[doc.kind], codigoGeneracion: doc.id.toUpperCase() });
      return verdictOf(doc, call.outcome);
    } catch (e) {
      if (e instanceof MhLoginError)
        return {
          blocked: `MH rechaza las credenciales de la central: un administrador debe corregirlas y reiniciar la central (${e.message})`,
        };
      throw e;
    }
  }

  async function step(): Promise<SealStep> {
    let doc: DueDocument | null;
    let answer: SealVerdict | { readonly blocked: string };
    try {
      doc = await o.checks.nextDue();
      if (!doc) return { kind: 'idle' };
      answer = await ask(doc);
      if (!('blocked' in answer)) await o.checks.record(doc, answer, recheckMs);
    } catch (e) {
      // The hub's database away (decision 0023) or anything unforeseen: the loop waits, it never dies.
      answer = { blocked: `error de la central: ${e instanceof Error ? e.message : String(e)}` };
      doc = null;
    }
    if ('blocked' in answer) return { kind: 'blocked', reason: answer.blocked };
    lastCheckedAt = o.clock.now();
    if (answer.state !== 'confirmed' || answer.invalidation === 'not_shown')
      o.logger.warn('hub seal check: MH did not confirm a document', {
        document: doc!.id,
        station: doc!.stationId,
        state: answer.state,
        invalidation: answer.invalidation ?? null,
        detail: answer.detail,
      });
    return { kind: 'asked', document: doc!, verdict: answer };
  }

  /** How long to wait after `r`, and the checker's state meanwhile. */
  function after(r: SealStep): number {
    if (r.kind === 'blocked') {
      failures += 1;
      const wait = Math.min(maxBackoffMs, minBackoffMs * 2 ** (failures - 1));
      blockedBy = r.reason;
      retryAt = new Date(o.clock.now().getTime() + wait);
      outageLog.warn('hub seal check: waiting for MH', { reason: r.reason, failures, waitMs: wait });
      return wait;
    }
    if (failures > 0) o.logger.info('hub seal check: MH answers again', { after: failures });
    failures = 0;
    blockedBy = null;
    retryAt = null;
    return r.kind === 'asked' ? spacingMs : idleMs;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      const r = await step();
      const wait = after(r);
      if (stopping) break;
      idle = r.kind === 'idle';
      await sleep(wait);
      idle = false;
    }
  }

  return {
    start() {
      if (running) return;
      stopping = false;
      running = loop();
    },
    async stop() {
      stopping = true;
      wake?.();
      await running;
      running = null;
    },
    step,
    nudge() {
      if (idle) wake?.();
    },
    status: () => ({
      lastCheckedAt: lastCheckedAt?.toISOString() ?? null,
      blockedBy,
      retryAt: retryAt?.toISOString() ?? null,
    }),
  };
}
