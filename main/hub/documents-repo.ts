// The hub's documents table's one owner: the idempotent ingest of a station's batch.
import { sql } from 'kysely';
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';
import type { IngestDocument } from './ingest-document';
import { ensureMonthPartitions } from './partitions';
import { DocumentRefused } from './refusal';
import { statusMayMove } from './verify-document';
import { readDte } from '../core/mh-read/read-dte';
import type { DteStatus } from '../../shared/records';
import type { HubStation } from './stations';

/** A document the batch names is another station's (by its stationId, or by a row the hub already holds). */
export class OtherStationDocument extends CoreError {
  constructor(
    readonly documentId: string,
    readonly owner: 'named' | 'stored',
  ) {
    super(
      'FORBIDDEN',
      owner === 'named'
        ? `El documento ${documentId} nombra otra estación: un token solo escribe los documentos de su estación.`
        : `El documento ${documentId} ya está en la central como de otra estación: no se sobrescribe.`,
    );
    this.name = 'OtherStationDocument';
  }
}

/** The same id with another issue date: a document's date never changes, so one of the two is wrong. */
export class DocumentDateConflict extends CoreError {
  constructor(readonly documentId: string) {
    super('DTE_ID_CONFLICT', `El documento ${documentId} ya está en la central con otra fecha de emisión.`);
    this.name = 'DocumentDateConflict';
  }
}

export interface IngestResult {
  /** Every document of the batch: stored now, updated, or already there as sent. */
  readonly accepted: number;
  readonly inserted: number;
  readonly updated: number;
}

/** The list's total and recipient, from the signed MH JSON (the reader of its version), not the station's columns. */
function shownFields(d: IngestDocument): { total: string; recipient_name: string | null } {
  const mh = readDte(d.kind, d.mhJson, d.version);
  const a = mh.amounts;
  return { total: (a.totalPagar ?? a.montoTotalOperacion ?? a.totalRetenido).toFixed(2), recipient_name: mh.party?.name || null };
}

/** One document per id: the batch's latest change of it (a queue may hold two changes of one document). */
function latestPerId(docs: readonly IngestDocument[]): IngestDocument[] {
  const byId = new Map<string, IngestDocument>();
  for (const d of docs) {
    const seen = byId.get(d.id);
    if (seen && seen.issueDate !== d.issueDate) throw new DocumentDateConflict(d.id);
    if (!seen || Date.parse(d.updatedAt) > Date.parse(seen.updatedAt)) byId.set(d.id, d);
  }
  return [...byId.values()];
}

export function hubDocuments(db: HubDb, clock: Clock) {
  return {
    /**
     * Upserts the batch for `station` in one transaction, all or nothing. Re-sending changes nothing; a newer
     * updatedAt replaces status and seal (the signed document itself never changes). A document of another
     * station is refused, never overwritten, unless that one was stored before the hub checked documents
     * (verified_at null) and this one was checked (`verifiedAt`): the one whose signature and point verify wins.
     * A status never moves back. `verifiedAt` is when verify-document.ts passed the batch, null when nothing did.
     */
    async ingest(station: HubStation, docs: readonly IngestDocument[], verifiedAt: Date | null = null): Promise<IngestResult> {
      for (const d of docs) if (d.stationId !== undefined && d.stationId !== station.id) throw new OtherStationDocument(d.id, 'named');
      const batch = latestPerId(docs);
      if (batch.length === 0) return { accepted: 0, inserted: 0, updated: 0 };
      const ids = batch.map((d) => d.id);
      return db.transaction().execute(async (trx) => {
        // The primary key is (id, issue_date), so nothing in the table stops one id in two months or two stations
        // sending one id at once: a lock per id (taken in one order, so two batches never deadlock) makes the check
        // below and the insert one step. The locks come first, before any table lock, for the same reason.
        await sql`SELECT pg_advisory_xact_lock(k) FROM (
          SELECT DISTINCT hashtextextended(x, 0) AS k FROM unnest(${ids}::text[]) AS x ORDER BY 1
        ) AS locks`.execute(trx);
        await ensureMonthPartitions(
          trx,
          batch.map((d) => d.issueDate.slice(0, 7)),
        );
        const found = await trx
          .selectFrom('documents')
          .select(['id', 'station_id', 'issue_date', 'status', 'updated_at', 'verified_at', 'seal', 'jws'])
          .where('id', 'in', ids)
          .execute();
        const byId = new Map(batch.map((d) => [d.id, d]));
        const stored: typeof found = [];
        for (const s of found) {
          const d = byId.get(s.id)!;
          if (s.station_id !== station.id) {
            if (s.verified_at !== null || verifiedAt === null)
              throw new DocumentRefused(
                d.id,
                d.controlNumber,
                'ID_TAKEN',
                `otra estación (${s.station_id}) ya envió un documento con este id.`,
              );
            // An unchecked row of another station (stored before migration 005) gives way to the checked one.
            await trx.deleteFrom('documents').where('id', '=', s.id).where('issue_date', '=', s.issue_date).execute();
            continue;
          }
          if (d.issueDate !== s.issue_date) throw new DocumentDateConflict(s.id);
          // Once MH sealed what the hub holds, the signed document is MH's: another JWS under its code is a forgery
          // (re-signed with other amounts) or a mistake, never a change. Before the seal a contingency re-signing is.
          if (s.seal !== null && d.jws !== s.jws)
            throw new DocumentRefused(
              d.id,
              d.controlNumber,
              'RESIGNED_SEALED',
              'ya está sellado por MH en la central con otra firma: un documento sellado no se vuelve a firmar.',
            );
          const newer = Date.parse(d.updatedAt) >= s.updated_at.getTime();
          if (newer && !statusMayMove(s.status as DteStatus, d.status))
            throw new DocumentRefused(
              d.id,
              d.controlNumber,
              'STATUS_BACKWARDS',
              `en la central está ${s.status} y no puede volver a ${d.status}.`,
            );
          stored.push(s);
        }
        // A seal is MH's for one document: the same seal under another id is a copy (decision 0063).
        const seals = batch.flatMap((d) => (d.seal ? [d.seal] : []));
        const twice = seals.find((x, i) => seals.indexOf(x) !== i);
        if (twice) {
          const d = batch.filter((x) => x.seal === twice)[1]!;
          throw new DocumentRefused(d.id, d.controlNumber, 'SEAL_TAKEN', 'su sello de recepción es el de otro documento del mismo envío.');
        }
        if (seals.length > 0) {
          const taken = await trx
            .selectFrom('documents')
            .select(['id', 'seal'])
            .where('seal', 'in', seals)
            .where('id', 'not in', ids)
            .limit(1)
            .executeTakeFirst();
          if (taken) {
            const d = batch.find((x) => x.seal === taken.seal)!;
            throw new DocumentRefused(d.id, d.controlNumber, 'SEAL_TAKEN', `su sello de recepción ya es el del documento ${taken.id}.`);
          }
        }
        const written = await trx
          .insertInto('documents')
          .values(
            batch.map((d) => ({
              station_id: station.id,
              id: d.id,
              kind: d.kind,
              version: d.version,
              status: d.status,
              control_number: d.controlNumber,
              issue_date: d.issueDate,
              // What is shown is read from the signed JSON, never taken as sent (decision 0063); a row stored unchecked
              // (verifiedAt null: before the hub checked documents) keeps what was sent, and says so by its verified_at.
              ...(verifiedAt === null ? { total: d.total, recipient_name: d.recipientName } : shownFields(d)),
              mh_json: JSON.stringify(d.mhJson),
              jws: d.jws,
              seal: d.seal,
              sealed_at: d.sealedAt,
              updated_at: d.updatedAt,
              issued_by: d.issuedBy ?? null,
              issued_by_name: d.issuedByName ?? null,
              // The hub's own, from a verified invalidation (station-records.ts): never the station's word.
              invalidated_on: null,
              verified_at: verifiedAt,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['id', 'issue_date'])
              .doUpdateSet((eb) => ({
                status: eb.ref('excluded.status'),
                seal: eb.ref('excluded.seal'),
                sealed_at: eb.ref('excluded.sealed_at'),
                updated_at: eb.ref('excluded.updated_at'),
                // Re-signed as a contingency document before MH received it: the signing MH sealed is the one kept.
                mh_json: eb.ref('excluded.mh_json'),
                jws: eb.ref('excluded.jws'),
                // Read again from the JSON that replaces the stored one.
                total: eb.ref('excluded.total'),
                recipient_name: eb.ref('excluded.recipient_name'),
                verified_at: eb.ref('excluded.verified_at'),
              }))
              // Only a newer change, and (again, cheaply) only the same station's row. A station's updatedAt has whole
              // seconds: a status moved twice in one second arrives with the same one, and the later arrival wins
              // (a station sends a document's current state, one batch at a time).
              .where((eb) =>
                eb.and([
                  eb.or([
                    eb('documents.updated_at', '<', eb.ref('excluded.updated_at')),
                    eb.and([
                      eb('documents.updated_at', '=', eb.ref('excluded.updated_at')),
                      eb.or([eb('documents.status', '<>', eb.ref('excluded.status')), eb('documents.jws', '<>', eb.ref('excluded.jws'))]),
                    ]),
                  ]),
                  eb('documents.station_id', '=', eb.ref('excluded.station_id')),
                ]),
              ),
          )
          // Rows skipped by the WHERE above are not returned. (xmax, the usual tell of an insert, cannot be read
          // from a partitioned table: the rows found stored above, under the locks, say which were updates.)
          .returning('id')
          .execute();
        await trx.updateTable('stations').set({ last_contact_at: clock.now() }).where('id', '=', station.id).execute();
        const before = new Set(stored.map((s) => s.id));
        const inserted = written.filter((w) => !before.has(w.id)).length;
        return { accepted: docs.length, inserted, updated: written.length - inserted };
      });
    },
  };
}

export type HubDocuments = ReturnType<typeof hubDocuments>;
