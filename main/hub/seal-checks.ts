// The hub_seal_checks table's one owner (migrations 006 and 008, decisions 0031 and 0064): which documents MH is
// asked about next, what it said of their seal and of their invalidation, and what it did not confirm, for the
// health page.
import { sql } from 'kysely';
import { ISSUER_NIT } from '../core/mh-read/event-maps';
import { jsonText } from './mh-json-sql';
import type { HubSealProblem, HubSealState } from '../../shared/hub';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';

/** A document the checker asks MH about. */
export interface DueDocument {
  readonly id: string;
  readonly issueDate: string;
  readonly stationId: string;
  readonly kind: string;
  readonly controlNumber: string;
  readonly seal: string | null;
  /** The emisor's NIT in the signed document: MH is asked under that NIT. */
  readonly nit: string | null;
  /** APPROVED, or INVALIDATED (MH may then answer that it holds it invalidated: seal-checker.ts). */
  readonly status?: string;
  /** The date of the verified invalidation the hub holds (station-records.ts), if any: MH is asked to show it. */
  readonly invalidatedOn?: string | null;
}

export interface SealVerdict {
  readonly state: HubSealState;
  readonly mhSeal: string | null;
  readonly detail: string | null;
  /** What MH shows of an invalidation: 'shown' (it holds it invalidated), 'not_shown' (the hub holds one, MH shows it standing). */
  readonly invalidation?: 'shown' | 'not_shown' | null;
}

export type SealProblem = HubSealProblem;

/** The documents MH did not confirm: how many of each kind, and the first of them by name. */
export interface SealProblems {
  readonly unknown: number;
  readonly mismatch: number;
  /** Documents a verified invalidation removes that MH still shows standing. */
  readonly notShown: number;
  readonly listed: readonly SealProblem[];
}

/** The most problems the health page lists by name (the alert still counts them all). */
export const MAX_LISTED_PROBLEMS = 50;

export function hubSealChecks(db: HubDb, clock: Clock) {
  return {
    /**
     * The next document to ask about: never asked first (oldest first), then one whose seal changed since it was
     * asked, one the hub holds a verified invalidation of that MH was not asked to show, then one MH did not know
     * (or showed standing though invalidated) whose time to ask again has come. Null when there is none.
     */
    async nextDue(): Promise<DueDocument | null> {
      const now = clock.now();
      const r = await db
        .selectFrom('documents as d')
        .leftJoin('hub_seal_checks as c', (j) => j.onRef('c.id', '=', 'd.id').onRef('c.issue_date', '=', 'd.issue_date'))
        .select([
          'd.id',
          'd.issue_date',
          'd.station_id',
          'd.kind',
          'd.control_number',
          'd.seal',
          'd.status',
          'd.invalidated_on',
          jsonText('d.mh_json', ISSUER_NIT).as('nit'),
        ])
        // An INVALIDATED one too: a forged sale sent straight as invalidated must not subtract unasked (decision 0063).
        .where('d.status', 'in', ['APPROVED', 'INVALIDATED'])
        .where((eb) =>
          eb.or([
            eb('c.id', 'is', null),
            sql<boolean>`c.seal IS DISTINCT FROM d.seal`,
            eb.and([eb('c.state', '=', 'mh_unknown'), eb('c.next_check_at', '<=', now)]),
            // Only over a seal MH confirmed: one it refuted is asked again on its own schedule (decision 0064).
            eb.and([eb('d.invalidated_on', 'is not', null), eb('c.state', '=', 'confirmed'), eb('c.invalidation', 'is', null)]),
            eb.and([eb('d.invalidated_on', 'is not', null), eb('c.invalidation', '=', 'not_shown'), eb('c.next_check_at', '<=', now)]),
          ]),
        )
        .orderBy(sql`c.id IS NULL`, 'desc')
        .orderBy('d.issue_date')
        .orderBy('d.id')
        .limit(1)
        .executeTakeFirst();
      return r
        ? {
            id: r.id,
            issueDate: r.issue_date,
            stationId: r.station_id,
            kind: r.kind,
            controlNumber: r.control_number,
            seal: r.seal,
            nit: r.nit,
            status: r.status,
            invalidatedOn: r.invalidated_on,
          }
        : null;
    },
    /** MH's answer about `doc`; `recheckMs`: when to ask again about a document MH did not know. */
    async record(doc: DueDocument, verdict: SealVerdict, recheckMs: number): Promise<void> {
      const now = clock.now();
      const next = verdict.state === 'mh_unknown' || verdict.invalidation === 'not_shown' ? new Date(now.getTime() + recheckMs) : null;
      await db
        .insertInto('hub_seal_checks')
        .values({
          id: doc.id,
          issue_date: doc.issueDate,
          station_id: doc.stationId,
          state: verdict.state,
          seal: doc.seal,
          mh_seal: verdict.mhSeal,
          detail: verdict.detail,
          checked_at: now,
          next_check_at: next,
          attempts: 1,
          invalidation: verdict.invalidation ?? null,
        })
        .onConflict((oc) =>
          oc.columns(['id', 'issue_date']).doUpdateSet((eb) => ({
            state: eb.ref('excluded.state'),
            seal: eb.ref('excluded.seal'),
            mh_seal: eb.ref('excluded.mh_seal'),
            detail: eb.ref('excluded.detail'),
            checked_at: eb.ref('excluded.checked_at'),
            next_check_at: eb.ref('excluded.next_check_at'),
            // A later answer about the seal alone keeps what MH showed of the invalidation.
            invalidation: sql<'shown' | 'not_shown' | null>`coalesce(excluded.invalidation, hub_seal_checks.invalidation)`,
            attempts: sql<number>`hub_seal_checks.attempts + 1`,
          })),
        )
        .execute();
    },
    /**
     * The documents MH did not confirm, whose seal is still the one MH was asked about (a station that sent another
     * seal since is asked again first), newest check first, and how many there are in all.
     */
    async problems(): Promise<SealProblems> {
      const base = db
        .selectFrom('hub_seal_checks as c')
        .innerJoin('documents as d', (j) => j.onRef('d.id', '=', 'c.id').onRef('d.issue_date', '=', 'c.issue_date'))
        .where((eb) =>
          eb.or([
            eb('c.state', '<>', 'confirmed'),
            eb.and([eb('c.invalidation', '=', 'not_shown'), eb('d.invalidated_on', 'is not', null)]),
          ]),
        )
        .where(sql<boolean>`c.seal IS NOT DISTINCT FROM d.seal`);
      // A seal MH refutes says more than an invalidation it does not show: the problem is named by the first.
      const problem = sql<SealProblem['state']>`CASE WHEN c.state <> 'confirmed' THEN c.state ELSE 'invalidation_not_shown' END`;
      const [counts, rows] = await Promise.all([
        base
          .select([problem.as('state'), (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy(problem)
          .execute(),
        base
          .select([
            'c.id',
            'c.station_id',
            'd.control_number',
            'c.issue_date',
            problem.as('state'),
            'c.seal',
            'c.mh_seal',
            'c.detail',
            'c.checked_at',
          ])
          .orderBy('c.checked_at', 'desc')
          .orderBy('c.id')
          .limit(MAX_LISTED_PROBLEMS)
          .execute(),
      ]);
      const count = (state: SealProblem['state']) => Number(counts.find((c) => c.state === state)?.n ?? 0);
      return {
        unknown: count('mh_unknown'),
        mismatch: count('seal_mismatch'),
        notShown: count('invalidation_not_shown'),
        listed: rows.map((r) => ({
          id: r.id,
          stationId: r.station_id,
          controlNumber: r.control_number,
          issueDate: r.issue_date,
          state: r.state,
          seal: r.seal,
          mhSeal: r.mh_seal,
          detail: r.detail,
          checkedAt: r.checked_at.toISOString(),
        })),
      };
    },
  };
}

export type HubSealChecks = ReturnType<typeof hubSealChecks>;
