// Row types of the SQLite tables, for Kysely's typed query building.
import type { Generated } from 'kysely';

export interface DocumentsTable {
  id: string;
  kind: string;
  environment: string;
  version: number;
  status: string;
  control_number: string;
  company_id: string;
  branch_code: string;
  pos_number: number;
  generated_at: string;
  /** Local issue date (yyyy-MM-dd), for date filters. */
  issue_date: string;
  created_at: string;
  updated_at: string;
  /** The normalised request body, as JSON. */
  request_json: string;
  /** SHA-256 of kind + canonical request JSON: tells a replay from a conflicting reuse of the id. */
  request_hash: string;
  recipient_name: string | null;
  total: string | null;
  mh_json: string | null;
  jws: string | null;
  mh_response: string | null;
  seal: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  document_id: string;
  /** What to send: a DTE now; invalidation and contingency events later. */
  topic: string;
  state: string;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  /** JSON array of document ids that must be APPROVED first; null when none. */
  depends_on: string | null;
}

export interface ControlSequencesTable {
  year: number;
  kind: string;
  branch_code: string;
  pos_number: number;
  last_value: number;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  key_hash: string;
  /** First characters of the key, to recognise it in lists; never enough to use it. */
  hint: string;
  created_at: string;
  revoked_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  seq: Generated<number>;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  detail: string | null;
}

export interface Database {
  documents: DocumentsTable;
  outbox: OutboxTable;
  control_sequences: ControlSequencesTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
}
