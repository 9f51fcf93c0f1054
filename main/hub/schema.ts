// The hub's tables as Kysely sees them (migrations/ creates them). PostgreSQL's own types where they carry
// meaning: timestamptz comes back as a Date, `date` as its 'yyyy-MM-dd' text (hub-database.ts), numeric as text so
// money is never a float.
import type { ColumnType, JSONColumnType } from 'kysely';

/** A timestamptz: read as a Date, written as a Date or an ISO text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface HubMigrationsTable {
  version: number;
  name: string;
  applied_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A station (one point of sale of one branch) that replicates to the hub. */
export interface StationsTable {
  id: string;
  company_id: string;
  branch_code: string;
  pos_number: string;
  name: string;
  created_at: Timestamp;
  last_contact_at: Timestamp | null;
}

/** A station's bearer tokens: only the SHA-256 of each is kept, so a copy of the database opens nothing. */
export interface StationTokensTable {
  id: string;
  station_id: string;
  token_hash: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The points of sale (M001P001) whose control numbers the token may write (migration 005). */
  points: string[];
}

/** Every document of every station, partitioned by month of issue_date (migrations/001-initial.ts). */
export interface DocumentsTable {
  station_id: string;
  id: string;
  kind: string;
  version: number;
  status: string;
  control_number: string;
  /** yyyy-MM-dd */
  issue_date: string;
  /** numeric(14,2) as text, e.g. '1130.00' */
  total: ColumnType<string, string, string>;
  recipient_name: string | null;
  mh_json: JSONColumnType<Record<string, unknown>, string, string>;
  jws: string;
  seal: string | null;
  sealed_at: Timestamp | null;
  updated_at: Timestamp;
  /** Who issued it at the station (`user:ana`, `api-key:…`) and their name then (migration 003). */
  issued_by: string | null;
  issued_by_name: string | null;
  /**
   * yyyy-MM-dd: the date of the invalidation event the hub verified (verify-record.ts, migration 007), never the
   * station's word; null while the document stands.
   */
  invalidated_on: string | null;
  /** When the hub checked it (migration 005); null for documents stored before the hub checked any. */
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The company as set at the hub (migration 005): one row, the issuer every document must name. */
export interface HubCompanyTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  nit: string;
  nrc: string;
  name: string;
  updated_at: Timestamp;
  updated_by: string;
}

/** The company's public signing keys (SPKI PEM), renewed ones included (migration 005). */
export interface HubCertificatesTable {
  fingerprint: string;
  public_key: string;
  added_at: Timestamp;
  added_by: string;
}

/** A station's latest refusal of each document (migration 005), for the health page. */
export interface DocumentRefusalsTable {
  station_id: string;
  document_id: string;
  control_number: string;
  reason: string;
  detail: string;
  refused_at: Timestamp;
}

export type StationRecordKind = 'contingency_event' | 'invalidation' | 'return' | 'delivery' | 'day_close';

/** A station's other records (migration 003), its latest state as JSON, keyed by the station's own id. */
export interface StationRecordsTable {
  station_id: string;
  kind: StationRecordKind;
  id: string;
  updated_at: Timestamp;
  received_at: Timestamp;
  body: JSONColumnType<Record<string, unknown>, string, string>;
  /** When the hub verified it (verify-record.ts, migration 007); null: stored before, not believed until checked. */
  verified_at: Timestamp | null;
  /**
   * yyyy-MM-dd: a return's own invalidation, verified as a signed event naming it; an invalidation's event date while
   * MH accepted it (as the station reports); null otherwise.
   */
  invalidated_on: string | null;
}

/** A station's latest report (shared/hub.ts StationHeartbeat). */
export interface StationHeartbeatsTable {
  station_id: string;
  reported_at: string;
  received_at: Timestamp;
  body: JSONColumnType<Record<string, unknown>, string, string>;
  /** The highest audit chain head seen (bigint as text), and when a report came with a lower or different one. */
  audit_seq: ColumnType<string | null, number | null, number | null>;
  audit_hash: string | null;
  audit_rewound_at: Timestamp | null;
}

/** A person of the head office (migrations/002-people-and-lists.ts); the password only as its scrypt hash. */
export interface HubPeopleTable {
  login: string;
  name: string;
  role: 'ADMIN' | 'ACCOUNTANT' | 'AUDITOR';
  password_hash: string;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A person's session, by the SHA-256 of its token; ended_at set at logout or when the person changes. */
export interface HubSessionsTable {
  token_hash: string;
  login: string;
  opened_at: Timestamp;
  seen_at: Timestamp;
  ended_at: Timestamp | null;
}

/** Failed logins per key (migration 004; login-throttle.ts). */
export interface HubLoginThrottleTable {
  key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
  lock_ms: number;
}

/** What MH said of an APPROVED document (migration 006; seal-checks.ts). */
export interface HubSealChecksTable {
  id: string;
  issue_date: string;
  station_id: string;
  state: 'confirmed' | 'mh_unknown' | 'seal_mismatch';
  /** The seal the hub held when it asked; MH's seal (null when MH does not know the document). */
  seal: string | null;
  mh_seal: string | null;
  /** MH's message when it did not confirm. */
  detail: string | null;
  checked_at: Timestamp;
  /** When to ask again (a document MH did not know); null: not again unless its seal changes. */
  next_check_at: Timestamp | null;
  attempts: number;
  /** What MH shows of the document's invalidation (migration 008): null until asked after the hub held one. */
  invalidation: 'shown' | 'not_shown' | null;
}

export interface HubSchema {
  hub_migrations: HubMigrationsTable;
  stations: StationsTable;
  station_tokens: StationTokensTable;
  documents: DocumentsTable;
  hub_people: HubPeopleTable;
  hub_sessions: HubSessionsTable;
  station_records: StationRecordsTable;
  station_heartbeats: StationHeartbeatsTable;
  hub_login_throttle: HubLoginThrottleTable;
  hub_company: HubCompanyTable;
  hub_certificates: HubCertificatesTable;
  document_refusals: DocumentRefusalsTable;
  hub_seal_checks: HubSealChecksTable;
}
