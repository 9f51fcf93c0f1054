// The document_refusals table's one owner (migration 005): each station's latest refusal of each document, so the
// health page says which station sends what the hub does not believe, and why. A document accepted later clears it.
import type { HubRefusal } from '../../shared/hub';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';
import type { DocumentRefused } from './refusal';

export interface StationRefusals {
  readonly stationId: string;
  readonly count: number;
  /** The newest few, newest first. */
  readonly latest: readonly HubRefusal[];
}

/** How many of a station's refusals the health page lists. */
const LATEST = 5;

export function documentRefusals(db: HubDb, clock: Clock) {
  return {
    async record(stationId: string, r: DocumentRefused): Promise<void> {
      const values = {
        station_id: stationId,
        document_id: r.documentId,
        control_number: r.controlNumber.slice(0, 64),
        reason: r.reason,
        detail: r.detail ?? '',
        refused_at: clock.now(),
      };
      await db
        .insertInto('document_refusals')
        .values(values)
        .onConflict((oc) => oc.columns(['station_id', 'document_id']).doUpdateSet(values))
        .execute();
    },
    async cleared(stationId: string, documentIds: readonly string[]): Promise<void> {
      if (documentIds.length === 0) return;
      await db.deleteFrom('document_refusals').where('station_id', '=', stationId).where('document_id', 'in', documentIds).execute();
    },
    async perStation(): Promise<StationRefusals[]> {
      const rows = await db.selectFrom('document_refusals').selectAll().orderBy('station_id').orderBy('refused_at', 'desc').execute();
      const by = new Map<string, StationRefusals & { latest: HubRefusal[] }>();
      for (const r of rows) {
        const s = by.get(r.station_id) ?? { stationId: r.station_id, count: 0, latest: [] };
        by.set(r.station_id, { ...s, count: s.count + 1 });
        if (s.latest.length < LATEST)
          s.latest.push({
            documentId: r.document_id,
            controlNumber: r.control_number,
            reason: r.reason,
            detail: r.detail,
            refusedAt: r.refused_at.toISOString(),
          });
      }
      return [...by.values()];
    },
  };
}

export type DocumentRefusals = ReturnType<typeof documentRefusals>;
