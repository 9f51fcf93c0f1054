// MH's contingency procedure (docs/mh.md, Contingency) over the store: the event's lifecycle, the documents it covers,
// and the lotes that carry them. Every function is one short synchronous transaction.
//   open (MH or the internet unreachable) → ended (the first successful probe, the "cese") → sealed (MH took
//   the event) → done (every document it lists has MH's answer); or rejected (24 h to correct and resend).
import type { KeyObject } from 'node:crypto';
import type { DteKind } from '../../../shared/contract';
import { audit } from '../audit';
import { isoLocal } from '../clock';
import { asContingencyDocument } from '../dte/mh/contingency-document';
import {
  queuedOutsideEvents,
  resignIntoEvent,
  setContingencyEvent,
  signedParts,
  stillUnsentOfEvent,
  moveToContingencyEvent,
  unsentOfEvent,
  unsettledOfEvents,
  unsettledOfEventsSealedBefore,
  type EventDocument,
} from '../dte/documents-repo';
import { normativeOfVersion } from '../dte/mh/serializers';
import { MAX_PER_EVENT, buildContingenciaV3, buildContingenciaV4, type ContingencyEventInput } from './contingency-event';
import type { Normative } from '../../../shared/normative';
import { moveStatus } from '../dte/status';
import { CLOCK_PUT_BACK_MS, outbox } from '../outbox/outbox';
import { lotesRepo } from './lotes-repo';
import { returnsRepo } from '../dte/retorno/returns-repo';
import { RETURN_EVENT_KIND } from './contingency-event';
import type { Logger } from '../logger';
import { signJson } from '../signing/jws';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import type { ContingencyEventsTable } from '../store/schema';

export type ContingencyType = 1 | 2 | 3 | 4 | 5;
export const EVENT_DEADLINE_MS = 24 * 3600_000;
export const DOCUMENTS_DEADLINE_MS = 72 * 3600_000;
/** Under this much time left before a deadline, the sync screen warns. */
export const DEADLINE_WARNING_MS = 2 * 3600_000;

/** MH's lotes carry at most 100 documents. */
export const MAX_PER_LOTE = 100;

const UUID = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/gi;

/** `eventSize`: documents per event, MH's limit unless the sync simulation asks for a few (so every cese splits). */
export function contingencyStore(store: Store, logger: Logger, eventSize = MAX_PER_EVENT) {
  const q = store.q;
  const lotes = lotesRepo(store);
  const active = () =>
    store.all(
      q.selectFrom('contingency_events').selectAll().where('status', 'in', ['open', 'ended', 'sealed', 'rejected']).orderBy('created_at'),
    );

  /** The event needs nothing more from MH (or never will: it lists nothing). */
  const done = (id: string, at: string) =>
    store.run(q.updateTable('contingency_events').set({ status: 'done', updated_at: at }).where('id', '=', id));

  /** Rewrites a stored normal document as a contingency document and signs it again (it never reached MH). */
  function resign(documentId: string, type: ContingencyType, reason: string | null, eventId: string, key: KeyObject): boolean {
    const row = signedParts(store, documentId);
    if (!row?.mh_json) return false;
    const doc = asContingencyDocument(row.kind as DteKind, row.version, JSON.parse(row.mh_json) as { identificacion?: unknown }, {
      type,
      reason,
    });
    // CR v1 has no contingency form (v2 has): it waits and goes as a normal document once MH answers.
    if (!doc) return false;
    resignIntoEvent(store, documentId, JSON.stringify(doc), signJson(doc, key), eventId);
    return true;
  }

  /**
   * What these events list: their documents and their Eventos de Retorno (kind `ER`) MH has not settled yet, in
   * one issue order, each with its event (MF2 p.18: the ER is among what may be issued in contingency; decision 0050).
   */
  const listedBy = (eventIds: readonly string[]): (EventDocument & { contingency_id: string })[] => {
    const returns = eventIds.flatMap((eventId) =>
      returnsRepo(store)
        .unsettledOfEvent(eventId)
        .map((r) => ({ id: r.id, kind: RETURN_EVENT_KIND, version: 1, created_at: r.generated_at, contingency_id: eventId })),
    );
    const docs = unsettledOfEvents(store, eventIds);
    if (returns.length === 0) return docs;
    return [...docs, ...returns].sort((a, b) => Date.parse(a.created_at ?? '') - Date.parse(b.created_at ?? ''));
  };
  const eventDocuments = (eventId: string): EventDocument[] => listedBy([eventId]);

  /**
   * An event the cese is filling from the open one (`event`): split off it (same start), ended, not signed yet.
   * Only the cese makes an ended event without its JSON, and the engine sends only signed ones.
   */
  const forming = (event: ContingencyEventsTable) =>
    store.one(
      q
        .selectFrom('contingency_events')
        .selectAll()
        .where('status', '=', 'ended')
        .where('jws', 'is', null)
        .where('started_at', '=', event.started_at)
        .where('id', '!=', event.id)
        .orderBy('created_at'),
    ) ?? null;

  /**
   * The cese's chunks as one read found them (`end`): those still to split off, oldest first, and the chunk being
   * moved into its event, if any. Kept between steps of one cese; read again after a restart.
   */
  interface CesePlan {
    eventId: string;
    chunks: EventDocument[][];
    filling: { id: string; missing: EventDocument[] } | null;
  }
  let plan: CesePlan | null = null;

  /** The open event's documents and those of a chunk it was filling (a stop between steps), cut into chunks. */
  function readPlan(event: ContingencyEventsTable): CesePlan {
    const filling = forming(event);
    const listed = listedBy(filling ? [event.id, filling.id] : [event.id]);
    const chunks = chunked(listed, eventSize);
    if (!filling) return { eventId: event.id, chunks, filling: null };
    const inFilling = new Set(listed.filter((d) => d.contingency_id === filling.id));
    // The chunk that holds what the filling event already has goes on filling; if documents issued since (or an
    // older one adopted) moved the bounds, the event is signed with what it holds, still one normative and at
    // most a chunk.
    const at = chunks.findIndex((c) => c.some((d) => inFilling.has(d)));
    const target = at >= 0 ? chunks[at] : undefined;
    const fits = !!target && target.filter((d) => inFilling.has(d)).length === inFilling.size;
    if (at >= 0) chunks.splice(at, 1);
    return { eventId: event.id, chunks, filling: { id: filling.id, missing: fits ? target.filter((d) => !inFilling.has(d)) : [] } };
  }

  /** One step of the cese (`end`), in one transaction. */
  function ceseStep(p: CeseStep): 'moved' | 'split' | 'ended' {
    return store.tx(() => {
      const event = { ...p.event, ended_at: p.ceasedAt.toISOString() };
      const at = isoLocal(p.now);
      // The chunks are read once per cese and kept: the open event's thousands of documents read at every
      // step cost the counter more than the moves. Only the moves' own writes and the signing read the store.
      if (plan?.eventId !== event.id) plan = readPlan(event);
      if (!plan.filling) {
        if (plan.chunks.length <= 1) {
          // The last step: what the event holds now, sales issued during the cese included.
          const listed = eventDocuments(event.id);
          const chunks = chunked(listed, eventSize);
          // Those sales made it hold more than a chunk again: the newest starts filling in this same step.
          if (chunks.length > 1) plan = { eventId: event.id, chunks, filling: null };
          else {
            plan = null;
            const rest = chunks[0];
            if (rest) signAs(event, event.id, rest, p);
            else {
              // Nothing was issued during it: the contingency closes without an event for MH.
              store.run(
                q
                  .updateTable('contingency_events')
                  .set({ status: 'done', ended_at: event.ended_at, updated_at: at })
                  .where('id', '=', event.id),
              );
            }
            audit(store, at, 'sync', 'contingency.ended', event.id, { documents: listed.length, events: rest ? 1 : 0 });
            return 'ended';
          }
        }
        const id = p.newId();
        store.run(q.insertInto('contingency_events').values(splitOff(event, id, at)));
        plan.filling = { id, missing: plan.chunks.pop() ?? [] };
      }
      const { id, missing } = plan.filling;
      // Only documents still in the open event move: the chunk may be older than the store. A twentieth of MH's
      // 1,000 a step: 50 moves, about a millisecond of the request thread (decision 0060).
      moveInto(id, missing.splice(0, Math.max(1, Math.floor(eventSize / 20))), event.id);
      if (missing.length) return 'moved';
      // What the event holds, read from the store: the chunk's documents, one normative, at most 1,000.
      const members = eventDocuments(id);
      plan.filling = null;
      if (!members.length) {
        // Defensive (a chunk every document of which left meanwhile): an event listing nothing goes nowhere.
        done(id, at);
        return 'moved';
      }
      signAs(event, id, members, p);
      audit(store, at, 'sync', 'contingency.split', event.id, { event: id, documents: members.length });
      return 'split';
    });
  }

  /** Builds and signs an ended event's JSON with a fresh transmission time. */
  function sign(
    event: ContingencyEventsTable,
    id: string,
    docs: readonly EventDocument[],
    p: { now: Date; station: StoredStation; key: KeyObject },
  ) {
    const json = EVENT_JSON[eventNormative(docs)]({ id, event, now: p.now, station: p.station, docs });
    return { mh_json: JSON.stringify(json), jws: signJson(json, p.key) };
  }

  return {
    active,
    open: () => active().find((e) => e.status === 'open') ?? null,

    /** Enters contingency: opens the event and re-signs every queued document MH never received. */
    enter(p: { id: string; type: ContingencyType; reason: string | null; startedAt: Date; now: Date; key: KeyObject }): number {
      return store.tx(() => {
        const at = isoLocal(p.now);
        store.run(
          q.insertInto('contingency_events').values({
            id: p.id,
            type: p.type,
            reason: p.reason,
            started_at: p.startedAt.toISOString(),
            ended_at: null,
            status: 'open',
            mh_json: null,
            jws: null,
            seal: null,
            mh_response: null,
            sealed_at: null,
            attempts: 0,
            next_attempt_at: null,
            created_at: at,
            updated_at: at,
          }),
        );
        let converted = 0;
        for (const id of queuedOutsideEvents(store)) if (resign(id, p.type, p.reason, p.id, p.key)) converted += 1;
        audit(store, at, 'sync', 'contingency.entered', p.id, { type: p.type, converted });
        return converted;
      });
    },

    /** A document issued during contingency joins the open event (the create path signs it as such). */
    attach: (documentId: string, eventId: string) => setContingencyEvent(store, documentId, eventId),

    /** MH turned out not to have a document sent before the contingency: it joins the event, re-signed. */
    adopt(documentId: string, event: ContingencyEventsTable, key: KeyObject, now: Date): boolean {
      return store.tx(() => {
        const ok = resign(documentId, event.type as ContingencyType, event.reason, event.id, key);
        if (ok) {
          // Not handed to MH after all: queued again as a contingency document.
          outbox(store, logger).backToPending(documentId);
          moveStatus(store, logger, { id: documentId, to: 'CREATED', at: isoLocal(now), cause: 'joins the contingency event' });
        }
        return ok;
      });
    },

    /**
     * One step of the cese. An event lists at most 1,000 documents of one normative (the schema's limit): while
     * the contingency's own event holds more, its newest chunk goes into a further event over the same period,
     * a twentieth of MH's 1,000 per step (`moved`); the step that completes the chunk signs that event (`split`).
     * The last step ends and signs the contingency's own event with what is left, its oldest chunk (`ended`). Between steps
     * the counter's sales go on (docs/decisions/0055-cese-one-event-per-transaction.md, 0056): a sale issued
     * meanwhile joins the still-open event. A crash between steps leaves every document in exactly one event and
     * the chunk being filled unsigned, which nothing sends; the next cese goes on with it.
     */
    end(p: CeseStep): 'moved' | 'split' | 'ended' {
      try {
        return ceseStep(p);
      } catch (e) {
        // The step's transaction rolled back: the plan is read again from the store.
        plan = null;
        throw e;
      }
    },

    /**
     * Ended events nobody will sign: unsigned (a cese's chunk being filled) while no contingency is open to finish
     * them. The cese never leaves one (decision 0056); should one appear, it is signed with what it holds, in
     * chunks of one normative and at most 1,000, rather than waiting silently. Returns how many events were signed.
     */
    signLeftOver(p: { now: Date; station: StoredStation; key: KeyObject; newId: () => string }): number {
      // Read first, outside a transaction: the engine calls this on every run, and almost always finds nothing.
      const events = active();
      const left = events.some((e) => e.status === 'open') ? [] : events.filter((e) => e.status === 'ended' && !e.jws);
      if (!left.length) return 0;
      return store.tx(() => {
        let signed = 0;
        for (const e of left) {
          const docs = eventDocuments(e.id);
          if (docs.length) signed += splitInto(e, docs, p);
          else done(e.id, isoLocal(p.now));
          // `done` when it listed nothing: an event with no documents goes nowhere.
          audit(store, isoLocal(p.now), 'sync', 'contingency.left-over', e.id, { documents: docs.length, signed: docs.length > 0 });
        }
        return signed;
      });
    },

    sealed(id: string, now: Date, seal: string, response: unknown): void {
      store.tx(() => {
        store.run(
          q
            .updateTable('contingency_events')
            .set({
              status: 'sealed',
              seal,
              sealed_at: now.toISOString(),
              mh_response: JSON.stringify(response),
              next_attempt_at: null,
              updated_at: isoLocal(now),
            })
            .where('id', '=', id)
            .where('status', '=', 'ended'),
        );
        audit(store, isoLocal(now), 'sync', 'contingency.sealed', id, { seal });
      });
    },

    /** MH refused the event: it is corrected and sent again at `next` (MH gives 24 hours). */
    rejected(id: string, now: Date, response: unknown, next: Date): void {
      store.tx(() => {
        store.run(
          q
            .updateTable('contingency_events')
            .set((eb) => ({
              status: 'rejected',
              mh_response: JSON.stringify(response),
              attempts: eb('attempts', '+', 1),
              next_attempt_at: next.toISOString(),
              updated_at: isoLocal(now),
            }))
            .where('id', '=', id)
            .where('status', '=', 'ended'),
        );
        audit(store, isoLocal(now), 'sync', 'contingency.rejected', id, { response });
      });
    },

    /** Rejected events due for another try. */
    dueRejected: (now: Date) =>
      store.all(
        q
          .selectFrom('contingency_events')
          .selectAll()
          .where('status', '=', 'rejected')
          .where((eb) =>
            eb.or([
              eb('next_attempt_at', 'is', null),
              eb('next_attempt_at', '<=', now.toISOString()),
              // Set by a clock since put back (decision 0028): due now.
              eb('next_attempt_at', '>', new Date(now.getTime() + CLOCK_PUT_BACK_MS).toISOString()),
            ]),
          )
          .orderBy('created_at'),
      ),

    /**
     * Corrects a rejected event for its next try: signed again with today's transmission time and the list of
     * its documents MH still lacks (at most 1,000 per event). Documents MH named in its answer go into an event
     * of their own; after a second refusal that names none, the event is split in halves, so whatever MH
     * objects to ends up alone and the rest go through.
     */
    correct(p: { event: ContingencyEventsTable; now: Date; station: StoredStation; key: KeyObject; newId: () => string }): void {
      store.tx(() => {
        const docs = eventDocuments(p.event.id);
        const named = new Set((p.event.mh_response?.match(UUID) ?? []).map((x) => x.toLowerCase()).filter((x) => x !== p.event.id));
        const offending = docs.filter((d) => named.has(d.id));
        const rest = docs.filter((d) => !named.has(d.id));
        let groups: EventDocument[][];
        if (offending.length && rest.length) groups = [rest, offending];
        else if (p.event.attempts >= 2 && docs.length > 1)
          groups = [docs.slice(0, Math.ceil(docs.length / 2)), docs.slice(Math.ceil(docs.length / 2))];
        else groups = [docs];
        let first = true;
        let made = 0;
        for (const group of groups) {
          made += splitInto(p.event, group, p, first);
          first = false;
        }
        if (made === 0) done(p.event.id, isoLocal(p.now));
        audit(store, isoLocal(p.now), 'sync', 'contingency.corrected', p.event.id, { documents: docs.length, events: made });
      });
    },

    /** Documents of a sealed event not yet in a lote, at most `limit`, by id. */
    unsent: (eventId: string, limit: number) => unsentOfEvent(store, eventId, limit),
    /** Which of these documents of the event are still unsent (as `unsent` says), with their JWS, in that order. */
    stillUnsent: (eventId: string, ids: readonly string[]) => stillUnsentOfEvent(store, eventId, ids),
    loteLeaving: lotes.leaving,
    loteSubmitted: lotes.submitted,
    /** The lote did not reach MH (`failed`) or may have without a code to ask with (`lost`). */
    loteEnded: lotes.ended,
    recoverLotes: lotes.recover,
    submittedLotes: lotes.submittedLotes,

    /** An event is done when none of its documents waits for MH any more. */
    closeFinished(now: Date): void {
      store.tx(() => {
        const sealed = store.all(q.selectFrom('contingency_events').select('id').where('status', '=', 'sealed')).map((e) => e.id);
        if (!sealed.length) return;
        // One read for all of them: the events that still list a document (or an ER) MH has not settled.
        const waiting = new Set([
          ...store
            .all(
              q
                .selectFrom('documents')
                .select('contingency_id')
                .distinct()
                .where('contingency_id', 'in', sealed)
                .where('status', 'in', ['CREATED', 'PROCESSING']),
            )
            .map((r) => r.contingency_id),
          ...returnsRepo(store).eventsWaiting(sealed),
        ]);
        for (const id of sealed) {
          if (!waiting.has(id)) {
            done(id, isoLocal(now));
            audit(store, isoLocal(now), 'sync', 'contingency.done', id);
          }
        }
      });
    },

    /** Contingency documents whose 72 hours after their event's seal ran out while MH still lacks them. */
    overdue(now: Date) {
      const limit = new Date(now.getTime() - DOCUMENTS_DEADLINE_MS).toISOString();
      return unsettledOfEventsSealedBefore(store, limit, 200);
    },
  };

  /**
   * Ends `event` with `docs` (a first chunk keeps the event's id unless `keepFirst` is false), further chunks of
   * 1,000 in new events over the same period; returns how many events were signed.
   */
  function splitInto(
    event: ContingencyEventsTable,
    docs: readonly EventDocument[],
    p: { now: Date; station: StoredStation; key: KeyObject; newId: () => string },
    keepFirst = true,
  ): number {
    const chunks = chunked(docs, eventSize);
    for (const [n, chunk] of chunks.entries()) place(event, n === 0 && keepFirst ? event.id : p.newId(), chunk, p);
    return chunks.length;
  }

  /** `chunk` as the ended, signed event `id`: `event` itself, or a new event over its period the chunk moves to. */
  function place(
    event: ContingencyEventsTable,
    id: string,
    chunk: readonly EventDocument[],
    p: { now: Date; station: StoredStation; key: KeyObject },
  ): void {
    if (id !== event.id) {
      store.run(q.insertInto('contingency_events').values(splitOff(event, id, isoLocal(p.now))));
      moveInto(id, chunk);
    }
    signAs(event, id, chunk, p);
  }

  /** These documents (and ERs) move to the event `id`; with `from`, only those still in that event. */
  function moveInto(id: string, docs: readonly EventDocument[], from?: string): void {
    returnsRepo(store).moveToEvent(
      docs.filter((d) => d.kind === RETURN_EVENT_KIND).map((d) => d.id),
      id,
      from,
    );
    moveToContingencyEvent(
      store,
      docs.filter((d) => d.kind !== RETURN_EVENT_KIND).map((d) => d.id),
      id,
      from,
    );
  }

  /** The event `id` ends, signed, listing `docs`. */
  function signAs(
    event: ContingencyEventsTable,
    id: string,
    docs: readonly EventDocument[],
    p: { now: Date; station: StoredStation; key: KeyObject },
  ): void {
    const signed = sign(event, id, docs, p);
    store.run(
      q
        .updateTable('contingency_events')
        .set({ status: 'ended', ended_at: event.ended_at ?? p.now.toISOString(), ...signed, updated_at: isoLocal(p.now) })
        .where('id', '=', id),
    );
  }
}

/** A new event over `event`'s period, ended and not signed yet: a chunk of its documents is moving to it. */
const splitOff = (event: ContingencyEventsTable, id: string, at: string): ContingencyEventsTable => ({
  ...event,
  id,
  status: 'ended',
  mh_json: null,
  jws: null,
  attempts: 0,
  next_attempt_at: null,
  mh_response: null,
  created_at: at,
  updated_at: at,
});

/** An event's documents as MH's events take them: one normative each, at most `size` (MH: 1,000, MAX_PER_EVENT). */
function chunked<T extends EventDocument>(docs: readonly T[], size: number): T[][] {
  // One MH event lists documents of one normative: its schema version is theirs (docs/decisions/0014-normativa-2026.md).
  return byNormative(docs).flatMap((group) => {
    const out: T[][] = [];
    for (let i = 0; i < group.length; i += size) out.push(group.slice(i, i + size));
    return out;
  });
}

export type ContingencyStore = ReturnType<typeof contingencyStore>;

/** What one step of the cese needs (`end`). */
interface CeseStep {
  readonly event: ContingencyEventsTable;
  /** When the cese happened: every event it makes ends then, whenever its step runs. */
  readonly ceasedAt: Date;
  readonly now: Date;
  readonly station: StoredStation;
  readonly key: KeyObject;
  readonly newId: () => string;
}

/** The documents of each normative, in their order; the normative's groups in order of their first document. */
function byNormative<T extends EventDocument>(docs: readonly T[]): T[][] {
  const groups = new Map<Normative, T[]>();
  for (const d of docs) {
    const n = normativeOfItem(d);
    const group = groups.get(n);
    if (group) group.push(d);
    else groups.set(n, [d]);
  }
  return [...groups.values()];
}

/** The normative of an event's documents (byNormative makes them all one). */
const eventNormative = (docs: readonly EventDocument[]): Normative => (docs[0] ? normativeOfItem(docs[0]) : 'legacy');

/** A listed item's normative: a document's by its version; the ER exists only in the Normativa DTE v2.0. */
const normativeOfItem = (d: EventDocument): Normative =>
  d.kind === RETURN_EVENT_KIND ? '2026' : normativeOfVersion(d.kind as DteKind, d.version);

/** contingencia-schema-v3 for legacy documents, v4 for those of the 2026 normative. */
const EVENT_JSON: Record<Normative, (p: ContingencyEventInput) => object> = {
  legacy: buildContingenciaV3,
  '2026': buildContingenciaV4,
};
