// The hub's answer to a station about to issue an NC or ND against a document (issue 18 "across branches"): the
// document as the hub holds it, from whichever branch issued it, and the notes other branches issued against
// it that still count, so the station applies the credit limit for the whole company. Read-only; any station's
// token may ask (a branch credits another's sale), and it learns only that document and its notes.
import { sql } from 'kysely';
import { isUuid } from '../../shared/contract';
import type { RelatedAnswer } from '../../shared/hub';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';

/**
 * The document's status as the hub believes it (decisions 0063, 0064): REJECTED when MH refuted its seal, INVALIDATED
 * only with a verified invalidation MH does not show standing, APPROVED for a station's bare word that it is.
 */
function believedStatus(d: {
  readonly status: string;
  readonly invalidated_on: string | null;
  readonly mh_state: string | null;
  readonly mh_invalidation: string | null;
}): string {
  if (d.mh_state !== null && d.mh_state !== 'confirmed') return 'REJECTED';
  if (d.invalidated_on !== null && d.mh_invalidation !== 'not_shown') return 'INVALIDATED';
  return d.status === 'INVALIDATED' ? 'APPROVED' : d.status;
}

export function hubRelated(db: HubDb) {
  return {
    async lookup(id: string, askingStation: string): Promise<RelatedAnswer> {
      if (!isUuid(id)) throw new CoreError('VALIDATION_FAILED', `El id ${id} no es un código de generación (UUID).`);
      const code = id.toUpperCase();
      const doc = await db
        .selectFrom('documents')
        .innerJoin('stations', 'stations.id', 'documents.station_id')
        .leftJoin('hub_seal_checks as c', (j) => j.onRef('c.id', '=', 'documents.id').onRef('c.issue_date', '=', 'documents.issue_date'))
        .select([
          'documents.id',
          'documents.station_id',
          'stations.branch_code',
          'documents.kind',
          'documents.status',
          'documents.invalidated_on',
          'c.state as mh_state',
          'c.invalidation as mh_invalidation',
          'documents.control_number',
          'documents.issue_date',
          'documents.mh_json',
        ])
        .where('documents.id', '=', id.toLowerCase())
        .executeTakeFirst();
      // documents_related (migration 003) finds them: a GIN index on each note's documentoRelacionado, the name both
      // normatives give it (test/unit/mh-read/readers.test.ts holds the maps to it).
      const notes = await db
        .selectFrom('documents as d')
        .leftJoin('hub_seal_checks as c', (j) => j.onRef('c.id', '=', 'd.id').onRef('c.issue_date', '=', 'd.issue_date'))
        .select(['d.id', 'd.station_id', 'd.kind', 'd.mh_json'])
        .where('d.kind', 'in', ['NC', 'ND'])
        // As the books believe them (books-source.ts, decisions 0063 and 0064): a note stands unless it never was
        // sealed, MH refuted it, or the hub holds its verified invalidation that MH does not contradict. A station's
        // word that it is invalidated frees no credit.
        .where('d.status', '<>', 'REJECTED')
        .where((eb) => eb.or([eb('c.state', 'is', null), eb('c.state', '=', 'confirmed')]))
        .where((eb) => eb.or([eb('d.invalidated_on', 'is', null), eb('c.invalidation', '=', 'not_shown')]))
        .where('d.station_id', '<>', askingStation)
        // Only what the hub checked (verify-document.ts): an unchecked note never uses up another branch's credit.
        .where('d.verified_at', 'is not', null)
        .where(sql<boolean>`d.mh_json->'documentoRelacionado' @> ${JSON.stringify([{ numeroDocumento: code }])}::jsonb`)
        .execute();
      return {
        document: doc
          ? {
              id: doc.id,
              stationId: doc.station_id,
              branchCode: doc.branch_code,
              kind: doc.kind,
              status: believedStatus(doc),
              controlNumber: doc.control_number,
              issueDate: doc.issue_date,
              mhJson: doc.mh_json,
            }
          : null,
        notes: notes.map((n) => ({ id: n.id, stationId: n.station_id, kind: n.kind, mhJson: n.mh_json })),
      };
    },
  };
}
