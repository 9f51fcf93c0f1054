// The hub's answer to a station whose numbering waits (docs/decisions/0029-numbering-never-collides-silently.md):
// a new PC or a restored copy asks, before its first document, for the last control number the hub saw per kind
// and point of sale of its company's branch in a year: of documents MH sealed, or another station's that MH may hold.
// Read-only; a station learns only its own branch's numbers.
import { sql } from 'kysely';
import { DTE_KINDS, type DteKind } from '../../shared/contract';
import type { HubNumberingAnswer } from '../../shared/numbering';
import type { HubDb } from './hub-database';
import type { HubStation } from './stations';

const KINDS = new Set<string>(DTE_KINDS);
// DTE-01-M001P001-000000000000001: the branch is characters 8-11, the point of sale 13-15, the correlative the last 15.
const CONTROL = /^DTE-\d{2}-([A-Z0-9]{4})P(\d{3})-(\d{15})$/;

export function hubNumbering(db: HubDb) {
  return {
    async lastNumbers(station: HubStation, year: number): Promise<HubNumberingAnswer> {
      // One partition's range (documents are partitioned by issue date); the highest control number per kind and
      // point of sale sorts last because its correlative is zero-padded.
      const rows = await db
        .selectFrom('documents')
        .innerJoin('stations', 'stations.id', 'documents.station_id')
        .select(['documents.kind', sql<string>`max(documents.control_number)`.as('control_number')])
        .where('stations.company_id', '=', station.companyId)
        .where(sql<string>`substring(documents.control_number from 8 for 4)`, '=', station.branchCode)
        // Issue 54: a number MH refused is not MH's, and the asking station's own unsealed documents (a new PC's,
        // issued after its collision) say nothing of MH's last: counted, they lifted its stop while the hub lagged MH.
        // Another station's unsealed documents still count: MH may hold them, and numbering past them is safe.
        .where('documents.status', '<>', 'REJECTED')
        .where((eb) => eb.or([eb('documents.seal', 'is not', null), eb('documents.station_id', '<>', station.id)]))
        .where('documents.issue_date', '>=', `${year}-01-01`)
        .where('documents.issue_date', '<', `${year + 1}-01-01`)
        .groupBy(['documents.kind', sql`substring(documents.control_number from 13 for 3)`])
        .execute();
      const sequences = rows.flatMap((r) => {
        const m = CONTROL.exec(r.control_number);
        if (!m || !KINDS.has(r.kind)) return [];
        return [{ kind: r.kind as DteKind, posNumber: Number(m[2]), last: Number(m[3]), controlNumber: r.control_number }];
      });
      return { year, branchCode: station.branchCode, sequences };
    },
  };
}
