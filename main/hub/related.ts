// The hub's answer to a station about to issue an NC or ND against a document (issue 18 "across branches"): the
// document as the hub holds it, from whichever branch issued it, and the notes other branches issued against
// it that still count, so the station applies the credit limit for the whole company. Read-only; any station's
// token may ask (a branch credits another's sale), and it learns only that document and its notes.
import { sql } from 'kysely';
import { isUuid } from '../../shared/contract';
import type { RelatedAnswer } from '../../shared/hub';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';

export function hubRelated(db: HubDb) {
  return {
    async lookup(id: string, askingStation: string): Promise<RelatedAnswer> {
      if (!isUuid(id)) throw new CoreError('VALIDATION_FAILED', `El id ${id} no es un código de generación (UUID).`);
      const code = id.toUpperCase();
      const doc = await db
        .selectFrom('documents')
        .innerJoin('stations', 'stations.id', 'documents.station_id')
        .select([
          'documents.id',
          'documents.station_id',
          'stations.branch_code',
          'documents.kind',
          'documents.status',
          'documents.control_number',
          'documents.issue_date',
          'documents.mh_json',
        ])
        .where('documents.id', '=', id.toLowerCase())
        .executeTakeFirst();
      // documents_related (migration 003) finds them: a GIN index on each note's documentoRelacionado.
      const notes = await db
        .selectFrom('documents')
        .select(['id', 'station_id', 'kind', 'mh_json'])
        .where('kind', 'in', ['NC', 'ND'])
        .where('status', 'not in', ['REJECTED', 'INVALIDATED'])
        .where('station_id', '<>', askingStation)
        // Only what the hub checked (verify-document.ts): an unchecked note never uses up another branch's credit.
        .where('verified_at', 'is not', null)
        .where(sql<boolean>`mh_json->'documentoRelacionado' @> ${JSON.stringify([{ numeroDocumento: code }])}::jsonb`)
        .execute();
      return {
        document: doc
          ? {
              id: doc.id,
              stationId: doc.station_id,
              branchCode: doc.branch_code,
              kind: doc.kind,
              status: doc.status,
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
