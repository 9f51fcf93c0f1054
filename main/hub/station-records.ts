// The station_records and station_heartbeats tables' one owner (migration 003): what a station sends beside its
// documents, each its latest state. Idempotent like the documents: a record re-sent, or older than the one
// stored, changes nothing; the station is always the token's, so no station writes another's rows.
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import type { StationHeartbeat } from '../../shared/hub';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';
import type { HubSchema, StationRecordKind } from './schema';
import type { HubStation } from './stations';
import { DocumentRefused } from './refusal';
import type { VerifiedRecord } from './verify-record';

/**
 * The date a checked record puts in its row: a return's own verified invalidation, or an invalidation's event date
 * while MH accepted it (as the station reports); null otherwise.
 */
const recordDate = ({ record, verified }: CheckedRecord): string | null =>
  record.kind === 'invalidation' ? (verified.invalidates?.on ?? null) : verified.returnInvalidatedOn;

/**
 * Each document these verified invalidations name, dated out of the books by the earliest of all its verified
 * invalidations that stand (or back in when none does): never by the last one to arrive, and only this station's.
 */
async function datesOut(trx: Transaction<HubSchema>, stationId: string, invalidations: readonly CheckedRecord[]): Promise<void> {
  const ids = [
    ...new Set(invalidations.flatMap(({ record }) => (typeof record.body.dteId === 'string' ? [record.body.dteId.toLowerCase()] : []))),
  ];
  for (const documentId of ids)
    await trx
      .updateTable('documents')
      .set({
        invalidated_on: sql<string | null>`(SELECT min(sr.invalidated_on) FROM station_records sr
          WHERE sr.station_id = ${stationId} AND sr.kind = 'invalidation' AND sr.verified_at IS NOT NULL
            AND lower(sr.body->>'dteId') = ${documentId})`,
      })
      .where('id', '=', documentId)
      .where('station_id', '=', stationId)
      .execute();
}

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
  kind: d(z.enum(RECORD_KINDS), bi(`Tipo de registro: ${RECORD_KINDS.join(', ')}.`, `Record kind: ${RECORD_KINDS.join(', ')}.`)),
  id: d(z.string().min(1).max(100), bi('Identificador del registro en la estación.', "The record's identifier at the station.")),
  /** The station's last change of the record: an older one than stored is ignored. */
  updatedAt: d(
    instant,
    bi(
      'Último cambio en la estación; uno más antiguo que el guardado se ignora.',
      "The station's last change; one older than the stored one is ignored.",
    ),
  ),
  body: d(z.record(z.string(), z.unknown()), bi('El registro tal como la estación lo guarda.', 'The record as the station stores it.')),
});
export type IngestRecord = z.output<typeof ingestRecord>;
export const recordsBody = z.strictObject({
  records: d(
    z.array(ingestRecord).min(1).max(MAX_RECORDS),
    bi(`Los registros, de 1 a ${MAX_RECORDS}.`, `The records, 1 to ${MAX_RECORDS}.`),
  ),
});

/**
 * The heartbeat at the door: the shape the health screen reads (shared/hub.ts), checked loosely inside `sync`
 * (the station's own status, whose fields grow with the station) and strictly where the alerts look.
 */
export const heartbeatBody = z.object({
  reportedAt: d(
    z.string().min(10).max(40),
    bi('Cuándo la estación hizo el reporte, ISO 8601.', 'When the station made the report, ISO 8601.'),
  ),
  sync: d(
    z
      .object({
        state: d(z.string().max(20), bi('Estado de la sincronización con MH.', 'State of the sync with MH.')),
        queue: d(
          z
            .object({
              pending: d(z.number().int().min(0), bi('Documentos por enviar a MH.', 'Documents waiting to go to MH.')),
              failed: d(z.number().int().min(0), bi('Documentos que fallaron.', 'Documents that failed.')),
            })
            .loose(),
          bi('La cola de envío a MH.', 'The queue of sends to MH.'),
        ),
        contingencies: d(
          z
            .array(
              z
                .object({
                  startedAt: d(z.string(), bi('Inicio de la contingencia.', 'Start of the contingency.')),
                  endedAt: d(z.string().nullable(), bi('Fin; null si sigue.', 'End; null while it lasts.')),
                })
                .loose(),
            )
            .max(1000),
          bi('Las contingencias de la estación.', "The station's contingencies."),
        ),
        overdue: d(
          z.array(z.object({ deadline: d(z.string(), bi('Plazo vencido.', 'The deadline passed.')) }).loose()).max(1000),
          bi('Lo que pasó su plazo de MH.', "What passed MH's deadline."),
        ),
        deliveries: d(
          z.object({ failed: d(z.number().int().min(0), bi('Correos que fallaron.', 'E-mails that failed.')) }).loose(),
          bi('Los envíos por correo.', 'The e-mail deliveries.'),
        ),
        hub: d(
          z
            .object({ waiting: d(z.number().int().min(0), bi('Lo que espera ir a la central.', 'What waits to go to the head office.')) })
            .loose(),
          bi('La réplica hacia la central.', 'The replication to the head office.'),
        ),
      })
      .loose(),
    bi('El estado de sincronización de la estación (GET /sync/status).', "The station's sync status (GET /sync/status)."),
  ),
  auditHead: d(
    z
      .object({
        seq: d(z.number().int().min(0), bi('Número del último eslabón.', "The last link's number.")),
        hash: d(z.string().regex(/^[0-9a-f]{64}$/), bi('Su hash SHA-256 en hexadecimal.', 'Its SHA-256 hash in hex.')),
      })
      .nullable(),
    bi('La cabeza de la cadena de auditoría; null si está vacía.', 'The head of the audit chain; null when empty.'),
  ),
  lastDayCloseAt: d(z.string().max(40).nullable(), bi('Último cierre del día; null si nunca.', 'The last day close; null when never.')),
  certificate: d(
    z
      .object({
        fingerprint: d(z.string().regex(/^[0-9a-f]{64}$/), bi('Huella SHA-256 del certificado.', "The certificate's SHA-256 fingerprint.")),
        notAfter: d(z.string().max(40).nullable(), bi('Hasta cuándo vale.', 'Valid until.')),
      })
      .nullable()
      .optional(),
    bi('El certificado de firma de la estación.', "The station's signing certificate."),
  ),
});

export interface StoredHeartbeat {
  readonly stationId: string;
  readonly receivedAt: Date;
  readonly heartbeat: StationHeartbeat;
  /** When a report came with an audit chain head below or beside the highest seen; null: never. */
  readonly auditRewoundAt: Date | null;
}

/** The batch's latest change of each record, by (kind, id): one INSERT never touches a row twice. */
export function latestRecords(records: readonly IngestRecord[]): IngestRecord[] {
  const latest = new Map<string, IngestRecord>();
  for (const r of records) {
    const key = `${r.kind}\u0000${r.id}`;
    const seen = latest.get(key);
    if (!seen || Date.parse(r.updatedAt) >= Date.parse(seen.updatedAt)) latest.set(key, r);
  }
  return [...latest.values()];
}

/** A record with what the hub verified of it (verify-record.ts); the books believe nothing else. */
export interface CheckedRecord {
  readonly record: IngestRecord;
  readonly verified: VerifiedRecord;
}

export function stationRecords(db: HubDb, clock: Clock) {
  return {
    /**
     * Upserts the batch for `station`, every record checked (verify-record.ts), all or nothing; returns how many it
     * holds now as sent. A verified invalidation dates its document out of the books, or back in when it no longer
     * stands (the station reports MH refused it): the document's invalidated_on is the hub's, written only here.
     */
    async ingest(station: HubStation, checked: readonly CheckedRecord[]): Promise<number> {
      const now = clock.now();
      const byKey = new Map(checked.map((c) => [`${c.record.kind}\u0000${c.record.id}`, c]));
      const latest = latestRecords(checked.map((c) => c.record)).map((r) => byKey.get(`${r.kind}\u0000${r.id}`)!);
      await db.transaction().execute(async (trx) => {
        const written = await trx
          .insertInto('station_records')
          .values(
            latest.map(({ record: r, verified }) => ({
              station_id: station.id,
              kind: r.kind,
              id: r.id,
              updated_at: r.updatedAt,
              received_at: now,
              body: JSON.stringify(r.body),
              verified_at: now,
              invalidated_on: recordDate({ record: r, verified }),
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['station_id', 'kind', 'id'])
              .doUpdateSet((eb) => ({
                updated_at: eb.ref('excluded.updated_at'),
                received_at: eb.ref('excluded.received_at'),
                body: eb.ref('excluded.body'),
                verified_at: eb.ref('excluded.verified_at'),
                invalidated_on: eb.ref('excluded.invalidated_on'),
              }))
              // Equal instants replace: a station's times have whole seconds, and it sends its current state.
              .where('station_records.updated_at', '<=', (eb) => eb.ref('excluded.updated_at')),
          )
          .returning(['kind', 'id'])
          .execute();
        await datesOut(
          trx,
          station.id,
          written.flatMap((w) => {
            const c = byKey.get(`${w.kind}\u0000${w.id}`);
            return c && c.record.kind === 'invalidation' ? [c] : [];
          }),
        );
        await trx.updateTable('stations').set({ last_contact_at: now }).where('id', '=', station.id).execute();
      });
      return checked.length;
    },

    /**
     * The records stored before the hub verified any (migration 007), a page at a time with the station each is
     * of: `check` verifies one (throwing DocumentRefused), and what passes is marked and applied as a new one is.
     * A record that fails stays unbelieved (the books leave it out) and is returned for the health page.
     */
    async reverify(
      check: (stationId: string, records: readonly IngestRecord[]) => Promise<readonly (CheckedRecord | DocumentRefused)[]>,
      pageSize = 200,
    ): Promise<{ verified: number; refused: { stationId: string; refusal: DocumentRefused }[] }> {
      let verified = 0;
      const refused: { stationId: string; refusal: DocumentRefused }[] = [];
      let after = { station: '', kind: '', id: '' };
      for (;;) {
        const rows = await db
          .selectFrom('station_records')
          .select(['station_id', 'kind', 'id', 'updated_at', 'body'])
          .where('verified_at', 'is', null)
          .where(sql<boolean>`(station_id, kind, id) > (${after.station}, ${after.kind}, ${after.id})`)
          .orderBy('station_id')
          .orderBy('kind')
          .orderBy('id')
          .limit(pageSize)
          .execute();
        if (rows.length === 0) break;
        const last = rows[rows.length - 1]!;
        after = { station: last.station_id, kind: last.kind, id: last.id };
        const byStation = new Map<string, IngestRecord[]>();
        for (const r of rows)
          byStation.set(r.station_id, [
            ...(byStation.get(r.station_id) ?? []),
            { kind: r.kind, id: r.id, updatedAt: r.updated_at.toISOString(), body: r.body },
          ]);
        for (const [stationId, records] of byStation) {
          const results = await check(stationId, records);
          const ok = results.filter((x): x is CheckedRecord => !(x instanceof DocumentRefused));
          for (const x of results) if (x instanceof DocumentRefused) refused.push({ stationId, refusal: x });
          if (ok.length === 0) continue;
          await db.transaction().execute(async (trx) => {
            for (const c of ok)
              await trx
                .updateTable('station_records')
                .set({ verified_at: clock.now(), invalidated_on: recordDate(c) })
                // Only the state that was checked: a newer one sent meanwhile is the ingest's to check.
                .where('updated_at', '=', new Date(c.record.updatedAt))
                .where('station_id', '=', stationId)
                .where('kind', '=', c.record.kind)
                .where('id', '=', c.record.id)
                .execute();
            await datesOut(
              trx,
              stationId,
              ok.filter((c) => c.record.kind === 'invalidation'),
            );
          });
          verified += ok.length;
        }
      }
      return { verified, refused };
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
