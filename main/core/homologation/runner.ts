// Carries a homologation run out, one action at a time (plan.ts decides from the store). Every document goes
// through the create path and the sync engine like any other, so MH sees what a real counter sends; every
// step is written with its request in the transaction that makes it, or before the network call that makes it,
// so an interrupted run repeats a request (the create path replays an id it holds) and never makes another.
import type { KeyObject } from 'node:crypto';
import type { DteKind } from '../../../shared/contract';
import { normativeAt } from '../../../shared/normative';
import { isoLocal, localDateTime, type Clock } from '../clock';
import { CoreError } from '../errors';
import type { Logger } from '../logger';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import type { ContingencyStore } from '../sync/contingency';
import type { TimerHandle, Timers } from '../timers';
import { generateBody, rngFor } from './generate';
import type { CcfBody } from '../../../shared/contract/ccf';
import { nextAction, requestOf, type Action, type DocumentRequest, type RunState } from './plan';
import { homologationRepo, type RunDocument, type RunEvent, type RunRow } from './runs-repo';
import { documentsWithLiveNotes } from '../dte/documents-repo';
import { returnsRepo } from '../dte/retorno/returns-repo';
import { invalidationsRepo } from '../dte/invalidation/invalidations-repo';
import { specialOperationsRepo } from '../dte/operaciones-especiales/special-operations-repo';
import { generateEoe, generateEoeReReport } from './generate/special-operations';

export interface RunnerDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly timers: Timers;
  readonly newId: () => string;
  readonly station: () => StoredStation;
  readonly signingKey: () => KeyObject | null;
  readonly contingencies: ContingencyStore;
  /** The core's create path (it wakes the sync engine). */
  readonly create: (kind: DteKind, body: unknown, actor: string) => unknown;
  readonly invalidate: (body: unknown, actor: string) => Promise<{ readonly record: { readonly id: string } }>;
  readonly makeReturn: (body: unknown, actor: string) => Promise<{ readonly record: { readonly id: string } }>;
  /** POST /events/eoe's service: the Evento de Operaciones Especiales made, signed and sent once. */
  readonly reportEoe: (body: unknown, actor: string) => Promise<{ readonly record: { readonly id: string } }>;
  /** Subscribes to any document or sync change; returns the unsubscribe. */
  readonly onChange: (listener: () => void) => () => void;
}

export interface RunControl {
  readonly stopped: () => boolean;
  /** What the run does now, in Spanish; `waiting` when it cannot go on until something outside changes. */
  readonly show: (activity: string, waiting: boolean) => void;
}

/** How long a wait lasts before the run looks at the store again, even if nothing said it changed. */
const LOOK_AGAIN_MS = 2000;
/** Refusals by the station in a row before the run stops to wait (a generator fault must not spin). */
const REFUSALS_BEFORE_PAUSE = 3;
/** Waiting this long on MH, the run says so and where to look. */
const SLOW_MS = 30_000;

export async function runHomologation(run: RunRow, d: RunnerDeps, control: RunControl): Promise<'done' | 'stopped'> {
  const repo = homologationRepo(d.store);
  const actor = run.startedBy;
  let lastSend = 0;
  let waitingSince: number | null = null;
  let refusedInARow = 0;
  /** Steps the station itself refused so far (no document or event made). */
  const refusals = () =>
    d.store.one(
      d.store.q
        .selectFrom('homologation_steps')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('run_id', '=', run.id)
        .where('error', 'is not', null),
    )?.n ?? 0;

  /** Resolves at the next change the engine reports, or after `ms`. */
  const changeOrAfter = (ms: number) =>
    new Promise<void>((resolve) => {
      let t: TimerHandle | null = null;
      const off = d.onChange(() => finish());
      function finish() {
        if (t) d.timers.clear(t);
        off();
        resolve();
      }
      t = d.timers.set(finish, ms);
    });
  const sleep = (ms: number) => new Promise<void>((resolve) => d.timers.set(resolve, ms));
  /** MH's pace: at least `paceMs` between two requests that reach MH. */
  async function paced(): Promise<void> {
    const wait = lastSend + run.paceMs - d.clock.now().getTime();
    if (wait > 0) await sleep(wait);
    lastSend = d.clock.now().getTime();
  }

  function state(): RunState {
    // One read each for the whole run, not one per document: the run asks before every step.
    const documents = repo.documents(run.id);
    const noted = documentsWithLiveNotes(d.store);
    const withReturns = returnsRepo(d.store).liveDocuments();
    const ccfsWithNotes = new Set(documents.filter((x) => x.kind === 'CCF' && noted.has(x.id)).map((x) => x.id));
    const returned = new Set(documents.filter((x) => x.status === 'APPROVED' && withReturns.has(x.id)).map((x) => x.id));
    return {
      run,
      documents,
      events: repo.events(run.id),
      contingencyOpen: d.contingencies.open() !== null,
      ccfsWithNotes,
      returned,
    };
  }

  /** Why the station cannot go on now; null when it can. */
  function blocked(): string | null {
    const station = d.station();
    if (station.environment !== 'TEST')
      return 'Esta estación emite en producción (LIVE): las pruebas de homologación solo se hacen en el ambiente de pruebas.';
    if (!d.signingKey()) return 'La estación no tiene certificado de firma de MH: impórtelo en Ajustes y la corrida sigue sola.';
    const inForce = normativeAt(station.mhNormative, d.clock.now());
    if (inForce !== run.normative)
      return `La normativa de la estación cambió: esta corrida es de la normativa ${run.normative === '2026' ? 'DTE v2.0 (2026)' : 'anterior'}. Vuelva a ella en Ajustes → Normativa MH para continuar.`;
    return null;
  }

  const today = () => localDateTime(d.clock.now()).date;
  /** The run's next document's number, which draws its body from the seed. */
  const docIndex = (s: RunState) => s.documents.length + 1;

  function bodyFor(s: RunState, kind: DteKind, id: string, related: string | undefined): Record<string, unknown> {
    const relatedDoc = related ? s.documents.find((x) => x.id === related) : undefined;
    return generateBody(kind, id, rngFor(run.seed, docIndex(s)), {
      normative: run.normative,
      today: today(),
      ...(relatedDoc ? { related: { id: relatedDoc.id, body: requestOf(relatedDoc).body as unknown as CcfBody } } : {}),
    });
  }

  /** Issues one document with its step in one transaction; a refusal is recorded as a step without a document. */
  function issue(kind: DteKind, request: DocumentRequest): void {
    const id = String(request.body.id);
    const at = isoLocal(d.clock.now());
    try {
      d.store.tx(() => {
        repo.addStep({ runId: run.id, step: 'document', kind, ref: id, request, done: true, at });
        d.create(kind, request.body, actor);
      });
    } catch (e) {
      if (!(e instanceof CoreError)) throw e;
      d.logger.warn('homologation document refused by the station', { kind, code: e.code });
      repo.addStep({ runId: run.id, step: 'document', kind, ref: id, request, done: true, at, error: describe(e) });
    }
  }

  async function act(a: Exclude<Action, { do: 'wait' } | { do: 'done' }>, s: RunState): Promise<void> {
    switch (a.do) {
      case 'document': {
        const id = d.newId();
        control.show(`Emitiendo ${a.kind}`, false);
        await paced();
        issue(a.kind, { body: bodyFor(s, a.kind, id, a.related) });
        return;
      }
      case 'replacement': {
        // The corrected document: the same operation under a new generation code (MF2 §VII pp.13–17).
        const body = { ...requestOf(a.target).body, id: d.newId() };
        control.show(`Emitiendo el documento que reemplaza al ${a.target.controlNumber ?? a.target.kind}`, false);
        await paced();
        issue(a.target.kind, { body, replaces: { dteId: a.target.id, type: a.type } });
        return;
      }
      case 'contingency':
        control.show(`Evento de contingencia ${a.index} de 5: emitiendo sus documentos`, false);
        await paced();
        contingency(s, a.kinds, a.index);
        return;
      case 'invalidation': {
        const body = {
          dteId: a.target.id,
          type: a.type,
          ...(a.replacement ? { dteReplaceId: a.replacement } : {}),
          reason: INVALIDATION_REASONS[a.type],
        };
        return eventStep('invalidation', a.target, body, 'Invalidando el');
      }
      case 'retorno': {
        const quantity = firstQuantity(requestOf(a.target).body);
        const body = {
          lines: [{ dteId: a.target.id, item: 1, quantity }],
          reason: 'Devolución de mercadería por producto dañado (prueba de homologación)',
        };
        return eventStep('retorno', a.target, body, 'Evento de retorno sobre el');
      }
      case 'operaciones':
        return operaciones(a);
      case 'finish-event':
        await finishEvent(a.event);
        return;
      default: {
        const never: never = a;
        return never;
      }
    }
  }

  /** An invalidation or retorno on `target`: its step written with the request, then the request made once. */
  async function eventStep(step: 'invalidation' | 'retorno', target: RunDocument, body: object, doing: string): Promise<void> {
    control.show(`${doing} ${target.kind} ${target.controlNumber ?? ''}`.trim(), false);
    await paced();
    const at = isoLocal(d.clock.now());
    const seq = repo.addStep({ runId: run.id, step, kind: target.kind, ref: target.id, request: body, done: false, at });
    await (step === 'invalidation' ? finishInvalidation : finishReturn)(seq, target.id, body);
  }

  /**
   * An Evento de Operaciones Especiales: its body drawn from the seed and the turn, its step written with it, then
   * the event made and sent once. A re-report whose earlier event is of another month (the run crossed one) reports
   * single vouchers instead: the re-report must be of the earlier event's period.
   */
  async function operaciones(a: Extract<Action, { do: 'operaciones' }>): Promise<void> {
    const rng = rngFor(run.seed, OPERATIONS_SEQ + a.turn);
    const context = { tag: run.id.slice(0, 8).toUpperCase(), turn: a.turn + 1, today: today() };
    const earlier = a.earlier?.recordId ? { id: a.earlier.recordId, body: JSON.parse(a.earlier.request) as EoeRequest } : null;
    const reReport = earlier !== null && earlier.body.period === today().slice(0, 7);
    const body = reReport ? generateEoeReReport(rng, earlier) : generateEoe(a.mode === 'ranges' ? 'ranges' : 'singles', rng, context);
    const first = body.items[0]!;
    control.show(
      `Evento de operaciones especiales ${a.index} de 5: ${reReport ? 'un comprobante anulado reportado de nuevo' : a.mode === 'ranges' ? 'por rangos' : 'comprobantes uno a uno'}`,
      false,
    );
    await paced();
    const at = isoLocal(d.clock.now());
    const seq = repo.addStep({
      runId: run.id,
      step: 'operaciones',
      kind: null,
      ref: String(first.number ?? first.from),
      request: body,
      done: false,
      at,
    });
    await finishOperaciones(seq, body);
  }

  /** The event, its documents and the steps naming them, in one transaction: all of it or none. */
  function contingency(s: RunState, kinds: readonly DteKind[], index: number): void {
    const key = d.signingKey();
    if (!key) return;
    const eventId = d.newId();
    const reason = `Pruebas de homologación en el ambiente de pruebas de MH: documentos emitidos en contingencia a propósito (evento ${index} de 5).`;
    const bodies = kinds.map((kind, i) => ({
      kind,
      body: { body: generateBody(kind, d.newId(), rngFor(run.seed, docIndex(s) + i), { normative: run.normative, today: today() }) },
    }));
    const at = isoLocal(d.clock.now());
    try {
      d.store.tx(() => {
        // The engine may have entered a contingency of its own while the run waited its pace: this one waits.
        if (d.contingencies.open()) return;
        repo.addStep({
          runId: run.id,
          step: 'contingency',
          kind: null,
          ref: eventId,
          request: { type: 5, reason, documents: bodies.map((b) => b.body.body.id) },
          done: true,
          at,
        });
        const now = d.clock.now();
        d.contingencies.enter({ id: eventId, type: 5, reason, startedAt: now, now, key });
        for (const b of bodies) {
          repo.addStep({ runId: run.id, step: 'document', kind: b.kind, ref: String(b.body.body.id), request: b.body, done: true, at });
          d.create(b.kind, b.body.body, actor);
        }
      });
    } catch (e) {
      if (!(e instanceof CoreError)) throw e;
      // A generated document the station refused: recorded, and the next event is built from other bodies.
      repo.addStep({
        runId: run.id,
        step: 'contingency',
        kind: null,
        ref: eventId,
        request: { type: 5, reason },
        done: true,
        at,
        error: describe(e),
      });
    }
  }

  /**
   * Makes the step's request once. A stop may have cut it short after the record was made: a document is only
   * ever tried once (plan.ts), so a record on it is this step's, whatever MH said, and nothing is sent again.
   */
  async function finishOnce(seq: number, made: () => string | undefined, call: () => Promise<{ record: { id: string } }>) {
    const earlier = made();
    if (earlier) return void repo.markDone(run.id, seq, { recordId: earlier });
    try {
      const { record } = await call();
      repo.markDone(run.id, seq, { recordId: record.id });
    } catch (e) {
      if (!(e instanceof CoreError)) throw e;
      repo.markDone(run.id, seq, { error: describe(e) });
    }
  }
  const finishInvalidation = (seq: number, dteId: string, body: unknown) =>
    finishOnce(
      seq,
      () => invalidationsRepo(d.store).ofDocument(dteId).at(-1)?.id,
      () => d.invalidate(body, actor),
    );
  const finishReturn = (seq: number, dteId: string, body: unknown) =>
    finishOnce(
      seq,
      () => returnsRepo(d.store).ofDocument(dteId).at(-1)?.id,
      () => d.makeReturn(body, actor),
    );

  /**
   * The EOE a cut-short step made is the one reporting its first voucher (numbers are the run's and the turn's)
   * that no other step claims: a re-report refused before names the same voucher.
   */
  const finishOperaciones = (seq: number, body: EoeRequest) => {
    const first = body.items[0]!;
    const made = () => {
      const claimed = new Set(repo.events(run.id).map((e) => e.recordId));
      return specialOperationsRepo(d.store)
        .reporting(first.type, String(first.number ?? first.from), first.reportedIn ? first.reportedIn.toLowerCase() : null)
        .filter((id) => !claimed.has(id))
        .at(-1);
    };
    return finishOnce(seq, made, () => d.reportEoe(body, actor));
  };

  async function finishEvent(e: RunEvent): Promise<void> {
    switch (e.step) {
      case 'invalidation':
        return finishInvalidation(e.seq, e.ref, JSON.parse(e.request));
      case 'retorno':
        return finishReturn(e.seq, e.ref, JSON.parse(e.request));
      case 'operaciones':
        return finishOperaciones(e.seq, JSON.parse(e.request) as EoeRequest);
      case 'contingency':
        // Written done with its documents in one transaction: never left unfinished.
        repo.markDone(run.id, e.seq);
        return;
      default: {
        const never: never = e.step;
        return never;
      }
    }
  }

  while (!control.stopped()) {
    const why = blocked();
    if (why) {
      control.show(why, true);
      await changeOrAfter(LOOK_AGAIN_MS * 5);
      continue;
    }
    const current = state();
    const action = nextAction(current);
    if (action.do === 'done') {
      repo.finish(run.id, isoLocal(d.clock.now()));
      control.show('Todas las pruebas mínimas tienen sello de MH.', false);
      return 'done';
    }
    if (action.do === 'wait') {
      const now = d.clock.now().getTime();
      waitingSince ??= now;
      const slow = now - waitingSince > SLOW_MS;
      control.show(
        slow ? `${action.why}. MH tarda en responder: la corrida sigue sola cuando responda (vea Sincronización).` : action.why,
        slow,
      );
      await changeOrAfter(LOOK_AGAIN_MS);
      continue;
    }
    waitingSince = null;
    const before = refusals();
    await act(action, current);
    // The station refused what the run generated again and again: a fault of the run, not MH's; say so and wait.
    refusedInARow = refusals() > before ? refusedInARow + 1 : 0;
    if (refusedInARow >= REFUSALS_BEFORE_PAUSE) {
      control.show(
        `La estación rechazó ${refusedInARow} documentos o eventos generados seguidos; vea la lista de rechazos. La corrida lo intenta de nuevo en un minuto.`,
        true,
      );
      await changeOrAfter(60_000);
      refusedInARow = 0;
    }
    // A turn for everything else (the engine, the HTTP server) even when nothing above waited on a timer.
    await sleep(0);
  }
  return 'stopped';
}

/** The EOEs draw from their own streams, far from the documents' (seq = the document's number). */
const OPERATIONS_SEQ = 1_000_000;

type EoeRequest = ReturnType<typeof generateEoe>;

const INVALIDATION_REASONS: Record<1 | 2 | 3, string> = {
  1: 'Error en los datos del receptor (prueba de homologación)',
  2: 'Operación rescindida por el cliente (prueba de homologación)',
  3: 'Cambio de bienes solicitado por el cliente (prueba de homologación)',
};

/** The quantity of a document's first line, given back whole by the retorno (at most what was sold). */
function firstQuantity(body: Record<string, unknown>): number {
  const items = body.items as { quantity?: number }[] | undefined;
  const q = items?.[0]?.quantity ?? 1;
  return q >= 1 ? 1 : q;
}

function describe(e: CoreError): string {
  const fields = (e.errors ?? []).map((f) => `${f.path}: ${f.message}`).join('; ');
  return fields ? `${e.message} (${fields})` : e.message;
}
