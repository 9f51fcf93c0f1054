// The station_records and station_heartbeats tables' one owner (migration 003): what a station sends beside its
// documents, each its latest state. Idempotent like the documents: a record re-sent, or older than the one
// stored, changes nothing; the station is always the token's, so no station writes another's rows.
import { z } from 'zod';
import type { StationHeartbeat } from '../../shared/hub';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';
import type { StationRecordKind } from './schema';
import type { HubStation } from './stations';

export const RECORD_KINDS = [
  'contingency_event',
  'invalidation',
  'return',
  'delivery',
  'day_close',
] as const satisfies readonly StationRecordKind[];
export const MAX_RECORDS = 500;

const instant = z.iso.datetime({ offset: true });

export const ingestRecord = z.strictObject({
  kind: z.enum(RECORD_KINDS),
  id: z.string().min(1).max(100),
  /** The station's last change of the record: an older one than stored is ignored. */
  updatedAt: instant,
  body: z.record(z.string(), z.unknown()),
});
export type IngestRecord = z.output<typeof ingestRecord>;
export const recordsBody = z.strictObject({ records: z.array(ingestRecord).min(1).max(MAX_RECORDS) });

/**
 * The heartbeat at the door: the shape the health screen reads (shared/hub.ts), checked loosely inside `sync`
 * (the station's own status, whose fields grow with the station) and strictly where the alerts look.
 */
export const heartbeatBody = z.object({
  reportedAt: z.string().min(10).max(40),
  sync: z
    .object({
      state: z.string().max(20),
      queue: z.object({ pending: z.number().int().min(0), failed: z.number().int().min(0) }).loose(),
      contingencies: z.array(z.object({ startedAt: z.string(), endedAt: z.string().nullable() }).loose()).max(1000),
      overdue: z.array(z.object({ deadline: z.string() }).loose()).max(1000),
      deliveries: z.object({ failed: z.number().int().min(0) }).loose(),
      hub: z.object({ waiting: z.number().int().min(0) }).loose(),
    })
    .loose(),
  auditHead: z.object({ seq: z.number().int().min(0), hash: z.string().regex(/^[0-9a-f]{64}$/) }).nullable(),
  lastDayCloseAt: z.string().max(40).nullable(),
  certificate: z
    .object({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/), notAfter: z.string().max(40).nullable() })
    .nullable()
    .optional(),
});

export interface StoredHeartbeat {
  readonly stationId: string;
  readonly receivedAt: Date;
  readonly heartbeat: StationHeartbeat;
  /** When a report came with an audit chain head below or beside the highest seen; null: never. */
  readonly auditRewoundAt: Date | null;
}

export function stationRecords(db: HubDb, clock: Clock) {
  return {
    /** Upserts the batch for `station`, all or nothing; returns how many it holds now as sent. */
    async ingest(station: HubStation, records: readonly IngestRecord[]): Promise<number> {
      const now = clock.now();
      // One row per (kind, id): the batch's latest, so one INSERT never touches a row twice.
      const latest = new Map<string, IngestRecord>();
      for (const r of records) {
        const key = `${r.kind}\u0000${r.id}`;
        const seen = latest.get(key);
        if (!seen || Date.parse(r.updatedAt) >= Date.parse(seen.updatedAt)) latest.set(key, r);
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('station_records')
          .values(
            [...latest.values()].map((r) => ({
              station_id: station.id,
              kind: r.kind,
              id: r.id,
              updated_at: r.updatedAt,
              received_at: now,
              body: JSON.stringify(r.body),
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['station_id', 'kind', 'id'])
              .doUpdateSet((eb) => ({
                updated_at: eb.ref('excluded.updated_at'),
                received_at: eb.ref('excluded.received_at'),
                body: eb.ref('excluded.body'),
              }))
              // Equal instants replace: a station's times have whole seconds, and it sends its current state.
              .where('station_records.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
          )
          .execute();
        await trx.updateTable('stations').set({ last_contact_at: now }).where('id', '=', station.id).execute();
      });
      return records.length;
    },

    /** A station's records of one kind, newest change first. */
    async list(stationId: string, kind: StationRecordKind, limit = 200) {
      const rows = await db
        .selectFrom('station_records')
        .select(['id', 'updated_at', 'body'])
        .where('station_id', '=', stationId)
        .where('kind', '=', kind)
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at.toISOString(), body: r.body }));
    },

    /** Keeps the station's latest report (the one it built last, by its own clock's order of arrival). */
    async heartbeat(station: HubStation, beat: StationHeartbeat): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('station_heartbeats')
          .select(['audit_seq', 'audit_hash', 'audit_rewound_at'])
          .where('station_id', '=', station.id)
          .forUpdate()
          .executeTakeFirst();
        const head = beat.auditHead;
        const highSeq = before?.audit_seq == null ? null : Number(before.audit_seq);
        const rewound =
          head !== null && highSeq !== null && (head.seq < highSeq || (head.seq === highSeq && head.hash !== before?.audit_hash));
        const keepHigh = highSeq !== null && (head === null || head.seq < highSeq);
        const row = {
          reported_at: beat.reportedAt,
          received_at: now,
          body: JSON.stringify(beat),
          audit_seq: keepHigh ? highSeq : (head?.seq ?? null),
          audit_hash: keepHigh ? (before?.audit_hash ?? null) : (head?.hash ?? null),
          audit_rewound_at: before?.audit_rewound_at ?? (rewound ? now : null),
        };
        await trx
          .insertInto('station_heartbeats')
          .values({ station_id: station.id, ...row })
          .onConflict((oc) => oc.column('station_id').doUpdateSet(row))
          .execute();
        await trx.updateTable('stations').set({ last_contact_at: now }).where('id', '=', station.id).execute();
      });
    },

    async heartbeats(): Promise<StoredHeartbeat[]> {
      const rows = await db.selectFrom('station_heartbeats').select(['station_id', 'received_at', 'body', 'audit_rewound_at']).execute();
      return rows.map((r) => ({
        stationId: r.station_id,
        receivedAt: r.received_at,
        heartbeat: r.body as unknown as StationHeartbeat,
        auditRewoundAt: r.audit_rewound_at,
      }));
    },
  };
}

export type StationRecords = ReturnType<typeof stationRecords>;
