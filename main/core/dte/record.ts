import type { Selectable } from 'kysely';
import type { DteKind } from '../../../shared/contract';
import type { DteRecord, DteStatus, Environment } from '../../../shared/records';
import type { DocumentsTable } from '../store/schema';

export type DocumentRow = Omit<Selectable<DocumentsTable>, 'packed' | 'related' | 'recipient_fold' | 'recipient_email'>;

export const RECORD_COLUMNS = [
  'id',
  'kind',
  'environment',
  'version',
  'status',
  'control_number',
  'company_id',
  'branch_code',
  'pos_number',
  'generated_at',
  'issue_date',
  'created_at',
  'updated_at',
  'request_hash',
  'recipient_name',
  'total',
  'mh_response',
  'seal',
  'sealed_at',
  'contingency_id',
  'id_as_sent',
  'issued_by',
  'issued_by_name',
] as const;

export function toRecord(row: DocumentRow): DteRecord {
  return {
    id: row.id_as_sent ?? row.id,
    companyId: row.company_id,
    controlNumber: row.control_number,
    environment: row.environment as Environment,
    type: row.kind as DteKind,
    version: row.version,
    status: row.status as DteStatus,
    mhResponse: row.mh_response ? (JSON.parse(row.mh_response) as Record<string, unknown>) : null,
    generatedAt: row.generated_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    branchCode: row.branch_code,
    posNumber: row.pos_number,
    recipientName: row.recipient_name,
    total: row.total,
  };
}
