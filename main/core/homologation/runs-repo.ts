// The one owner of `homologation_runs` and `homologation_steps` (migration 020), and the run's reading of what MH
// answered, which stays in the tables of the documents and events themselves (joined here, never written).
import type { DteKind } from '../../../shared/contract';
import type { Normative } from '../../../shared/normative';
import type { Store } from '../store/database';
import type { HomologationRunsTable, HomologationStepsTable } from '../store/schema';

export type StepKind = 'document' | 'invalidation' | 'contingency' | 'retorno' | 'operaciones';

export interface RunRow {
  readonly id: string;
  readonly normative: Normative;
  readonly kinds: readonly DteKind[];
  readonly seed: number;
  readonly paceMs: number;
  readonly status: 'running' | 'done';
  readonly startedBy: string;
  readonly startedAt: string;
  readonly finishedAt: string | null;
}

/** A document the run issued (or tried to), with where MH's verdict on it stands. */
export interface RunDocument {
  readonly seq: number;
  readonly id: string;
  readonly kind: DteKind;
  /** The station refused the generated body (no document exists): its message. */
  readonly error: string | null;
  /** The document's status; null when the station refused it. */
  readonly status: string | null;
  readonly controlNumber: string | null;
  readonly contingencyId: string | null;
  readonly request: string;
  readonly createdAt: string;
  readonly updatedAt: string | null;
  readonly mhResponse: string | null;
}

/** An event step and its record's state: PENDING, APPROVED (sealed) or REJECTED. */
export interface RunEvent {
  readonly seq: number;
  readonly step: Exclude<StepKind, 'document'>;
  readonly ref: string;
  readonly request: string;
  readonly done: boolean;
  readonly state: 'PENDING' | 'APPROVED' | 'REJECTED';
  readonly mhResponse: string | null;
  readonly createdAt: string;
  /** The event's own generation code (the invalidation's, the retorno's, the contingency event's, the EOE's); null before it exists. */
  readonly recordId: string | null;
  readonly seal: string | null;
  readonly sealedAt: string | null;
}

type EventRecordState = Pick<RunEvent, 'state' | 'mhResponse' | 'recordId' | 'seal' | 'sealedAt'>;

/** MH's seal and processing time from its answer. */
function sealOf(response: string | null): { seal: string | null; sealedAt: string | null } {
  if (!response) return { seal: null, sealedAt: null };
  const r = JSON.parse(response) as { selloRecibido?: string | null; fhProcesamiento?: string | null };
  return { seal: r.selloRecibido ?? null, sealedAt: r.fhProcesamiento ?? null };
}

const toRun = (r: HomologationRunsTable): RunRow => ({
  id: r.id,
  normative: r.normative as Normative,
  kinds: JSON.parse(r.kinds) as DteKind[],
  seed: r.seed,
  paceMs: r.pace_ms,
  status: r.status as RunRow['status'],
  startedBy: r.started_by,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export function homologationRepo(store: Store) {
  const q = store.q;
  const nextSeq = (runId: string) =>
    (store.one(
      q
        .selectFrom('homologation_steps')
        .select((e) => e.fn.max('seq').as('m'))
        .where('run_id', '=', runId),
    )?.m ?? 0) + 1;

  /** The state of each event step's record, read from its owner's table. */
  function eventState(s: HomologationStepsTable): EventRecordState {
    if (s.error !== null)
      return { state: 'REJECTED', mhResponse: JSON.stringify({ descripcionMsg: s.error }), recordId: null, seal: null, sealedAt: null };
    switch (s.step as Exclude<StepKind, 'document'>) {
      case 'invalidation':
      case 'retorno': {
        // The record this step made (another step's on the same document is that step's), from its owner's table.
        const table = s.step === 'invalidation' ? 'invalidations' : 'returns';
        const r = s.record_id
          ? store.one(q.selectFrom(table).select(['id', 'status', 'mh_response']).where('id', '=', s.record_id))
          : undefined;
        const state = (r?.status as RunEvent['state'] | undefined) ?? 'PENDING';
        return {
          state,
          mhResponse: r?.mh_response ?? null,
          recordId: r?.id ?? null,
          ...sealOf(state === 'APPROVED' ? (r?.mh_response ?? null) : null),
        };
      }
      case 'operaciones': {
        // The Evento de Operaciones Especiales this step made (special_operations, its owner special-operations-repo.ts).
        const r = s.record_id
          ? store.one(q.selectFrom('special_operations').select(['id', 'status', 'mh_response']).where('id', '=', s.record_id))
          : undefined;
        const state = (r?.status as RunEvent['state'] | undefined) ?? 'PENDING';
        return {
          state,
          mhResponse: r?.mh_response ?? null,
          recordId: r?.id ?? null,
          ...sealOf(state === 'APPROVED' ? (r?.mh_response ?? null) : null),
        };
      }
      case 'contingency': {
        const r = store.one(
          q.selectFrom('contingency_events').select(['id', 'status', 'seal', 'sealed_at', 'mh_response']).where('id', '=', s.ref),
        );
        // MH took it when it is sealed or done with a seal (an empty one: MH already held it when asked again); an
        // event closed without a seal (no documents left to list) or refused is not one of the five.
        const sealed = r?.seal != null && (r.status === 'sealed' || r.status === 'done');
        const state = sealed ? 'APPROVED' : r?.status === 'rejected' || r?.status === 'done' ? 'REJECTED' : 'PENDING';
        return {
          state,
          mhResponse: r?.mh_response ?? null,
          recordId: r?.id ?? null,
          seal: r?.seal ?? null,
          sealedAt: r?.sealed_at ?? null,
        };
      }
      default: {
        const never: never = s.step as never;
        return never;
      }
    }
  }

  return {
    insertRun(r: RunRow): void {
      store.run(
        q.insertInto('homologation_runs').values({
          id: r.id,
          normative: r.normative,
          kinds: JSON.stringify(r.kinds),
          seed: r.seed,
          pace_ms: r.paceMs,
          status: r.status,
          started_by: r.startedBy,
          started_at: r.startedAt,
          finished_at: null,
        }),
      );
    },
    /** The unfinished run, if any (there is at most one). */
    running: (): RunRow | undefined => {
      const r = store.one(q.selectFrom('homologation_runs').selectAll().where('status', '=', 'running'));
      return r && toRun(r);
    },
    /** The newest run. */
    latest: (): RunRow | undefined => {
      const r = store.one(q.selectFrom('homologation_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc'));
      return r && toRun(r);
    },
    byId: (id: string): RunRow | undefined => {
      const r = store.one(q.selectFrom('homologation_runs').selectAll().where('id', '=', id));
      return r && toRun(r);
    },
    finish: (id: string, at: string) =>
      store.run(
        q.updateTable('homologation_runs').set({ status: 'done', finished_at: at }).where('id', '=', id).where('status', '=', 'running'),
      ),

    /** Writes a step with its request; `done` when the request is made in the same transaction. */
    addStep(p: {
      runId: string;
      step: StepKind;
      kind: DteKind | null;
      ref: string;
      request: unknown;
      done: boolean;
      at: string;
      error?: string;
    }): number {
      const seq = nextSeq(p.runId);
      store.run(
        q.insertInto('homologation_steps').values({
          run_id: p.runId,
          seq,
          step: p.step,
          kind: p.kind,
          ref: p.ref,
          request: JSON.stringify(p.request),
          done: p.done ? 1 : 0,
          error: p.error ?? null,
          record_id: null,
          created_at: p.at,
        }),
      );
      return seq;
    },
    /** The request was made: the record it made (an invalidation's or retorno's id), or the station's refusal. */
    markDone: (runId: string, seq: number, outcome: { recordId?: string; error?: string } = {}) =>
      store.run(
        q
          .updateTable('homologation_steps')
          .set({ done: 1, error: outcome.error ?? null, record_id: outcome.recordId ?? null })
          .where('run_id', '=', runId)
          .where('seq', '=', seq),
      ),

    /** Every document step with its document's state, in the order the run made them. */
    documents(runId: string): RunDocument[] {
      return store
        .all(
          q
            .selectFrom('homologation_steps as s')
            .leftJoin('documents as d', 'd.id', 's.ref')
            .select([
              's.seq',
              's.ref',
              's.kind',
              's.request',
              's.created_at',
              's.error',
              'd.status',
              'd.control_number',
              'd.contingency_id',
              'd.updated_at',
              'd.mh_response',
            ])
            .where('s.run_id', '=', runId)
            .where('s.step', '=', 'document')
            .orderBy('s.seq'),
        )
        .map((r) => {
          return {
            seq: r.seq,
            id: r.ref,
            kind: r.kind as DteKind,
            error: r.status == null ? (r.error ?? 'La estación no emitió el documento.') : null,
            status: r.status,
            controlNumber: r.control_number,
            contingencyId: r.contingency_id,
            request: r.request,
            createdAt: r.created_at,
            updatedAt: r.updated_at,
            mhResponse: r.mh_response,
          };
        });
    },
    /** The run's documents MH sealed (still valid or invalidated since), with their seals, in the order made. */
    sealed: (runId: string) =>
      store.all(
        q
          .selectFrom('homologation_steps as s')
          .innerJoin('documents as d', 'd.id', 's.ref')
          .select([
            'd.id',
            'd.kind',
            'd.version',
            'd.status',
            'd.control_number',
            'd.generated_at',
            'd.sealed_at',
            'd.seal',
            'd.contingency_id',
          ])
          .where('s.run_id', '=', runId)
          .where('s.step', '=', 'document')
          .where('d.status', 'in', ['APPROVED', 'INVALIDATED'])
          .orderBy('s.seq'),
      ),
    /** Every event step with its record's state. */
    events(runId: string): RunEvent[] {
      return store
        .all(q.selectFrom('homologation_steps').selectAll().where('run_id', '=', runId).where('step', '!=', 'document').orderBy('seq'))
        .map((s) => ({
          seq: s.seq,
          step: s.step as RunEvent['step'],
          ref: s.ref,
          request: s.request,
          done: s.done === 1,
          createdAt: s.created_at,
          ...eventState(s),
        }));
    },
  };
}

export type HomologationRepo = ReturnType<typeof homologationRepo>;
