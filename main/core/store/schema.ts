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
  /** SHA-256 of kind + canonical request JSON: tells a replay from a conflicting reuse of the id. */
  request_hash: string;
  recipient_name: string | null;
  recipient_fold: string | null;
  total: string | null;
  /** The MH document, its JWS and the request body, compressed (dte/packing/packed-document.ts, migration 021). */
  packed: Buffer;
  /** The generation codes (upper case, space-separated) the document's documentoRelacionado names; null when none. */
  related: string | null;
  mh_response: string | null;
  seal: string | null;
  sealed_at: Generated<string | null>;
  contingency_id: Generated<string | null>;
  /** The id as the client sent it (the key is its lower-case form); null for documents from before 009. */
  id_as_sent: string | null;
  /** Who issued it (`user:login` or `api-key:id`) and the name printed then; null before 011. */
  issued_by: Generated<string | null>;
  issued_by_name: Generated<string | null>;
  /** The request's recipient.email, trimmed; '' when it has none; null for documents from before 024 (read the body). */
  recipient_email: Generated<string | null>;
}

export interface InvalidationsTable {
  id: string;
  dte_id: string;
  kind: string;
  environment: string;
  company_id: string;
  version: number;
  status: string;
  replacement_id: string | null;
  mh_json: string;
  jws: string;
  mh_response: string | null;
  generated_at: string;
  created_at: string;
  updated_at: string;
  /** 025: set before each send, cleared by its answer (found set: the send before was cut short). */
  leaving_at?: string | null;
  /** 025: the first send that may have reached MH without a conclusive answer. */
  doubt_at?: string | null;
  /** 025: who settled an invalidation in doubt. */
  settled_by?: string | null;
}

/** Evento de Retorno (017): the event as sent, PENDING until MH answers. */
export interface ReturnsTable {
  id: string;
  kind: string;
  environment: string;
  company_id: string;
  version: number;
  status: string;
  reason: string;
  total: string;
  mh_json: string;
  jws: string;
  mh_response: string | null;
  generated_at: string;
  created_at: string;
  updated_at: string;
  /** The contingency event that lists it (migration 031); null when it was made with MH in reach. */
  contingency_id: string | null;
}

/** An invalidation asked for an Evento de Retorno (migration 032). */
export interface ReturnInvalidationsTable {
  id: string;
  return_id: string;
  status: string;
  type: number;
  reason: string | null;
  mh_json: string;
  jws: string;
  mh_response: string | null;
  generated_at: string;
  created_at: string;
  updated_at: string;
}

/** The lines an ER gives back: a document's line and the quantity (decimal text). */
export interface ReturnLinesTable {
  return_id: string;
  dte_id: string;
  item: number;
  description: string;
  quantity: string;
  amount: string;
}

export interface ContingencyEventsTable {
  id: string;
  type: number;
  reason: string | null;
  started_at: string;
  ended_at: string | null;
  status: string;
  mh_json: string | null;
  jws: string | null;
  seal: string | null;
  mh_response: string | null;
  sealed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Times MH rejected the event (it is corrected and sent again); migration 008. */
  attempts: number;
  next_attempt_at: string | null;
}

export interface LotesTable {
  id: string;
  contingency_id: string | null;
  codigo_lote: string | null;
  status: string;
  document_ids: string;
  mh_response: string | null;
  submitted_at: string;
  updated_at: string;
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
  /** The lote the document travels in (migration 008); null when sent alone. */
  lote_id: string | null;
  /** Sends alone without a conclusive answer (migration 035, sync/send-cap.ts). */
  sends: Generated<number>;
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

export interface UsersTable {
  login: string;
  name: string;
  role: string;
  /** scrypt$N$r$p$salt$hash (main/core/auth/passwords.ts). */
  secret_hash: string;
  credential: string;
  active: number;
  /** JSON {name, role, hash} of the station file's entry as last applied; null for people added in Ajustes. */
  from_file: string | null;
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** What happened to documents, in order (migration 014): the feed e-mail and webhook deliveries read. */
export interface DocumentEventsTable {
  seq: Generated<number>;
  document_id: string;
  event: string;
  /** El Salvador time (isoLocal). */
  at: string;
}

/** What the head office hub has not acknowledged yet (migrations 018, 019; main/core/replication/queue.ts). */
export interface ReplicationQueueTable {
  /** 'document', or a record the triggers of migration 019 queue: 'contingency_event', 'invalidation', 'return', 'delivery', 'day_close'. */
  entity: string;
  /** The document's or record's id. */
  ref: string;
  /** The order of changes: a waiting document changed again moves to the end. */
  seq: number;
  /** What queued it last: 'created', 'status', 'return', 'existing', 'changed' (a trigger). */
  reason: string;
  /** El Salvador time (isoLocal). */
  queued_at: string;
  /** When the hub refused it for good (migration 019) and why; null while it is sent in its turn. */
  parked_at: Generated<string | null>;
  parked_error: Generated<string | null>;
}

/** Webhook receivers (migration 016; main/core/webhooks/webhooks-repo.ts): the secret sealed, never plain. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** JSON array of the events subscribed to. */
  events: string;
  secret_sealed: string;
  source: string;
  active: number;
  disabled_reason: string | null;
  disabled_at: string | null;
  /** Events up to this seq happened before the endpoint existed: never queued for it. */
  from_seq: number;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint (migration 016): the queue and the delivery log. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_seq: number;
  document_id: string;
  event: string;
  occurred_at: string;
  /** The JSON body, fixed when queued: a redelivery sends the same bytes. */
  body: string;
  status: string;
  attempts: Generated<number>;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  lease_until: number | null;
  give_up_at: number;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** How far the webhooks have read `document_events` (one row). */
export interface WebhookCursorTable {
  id: number;
  seq: number;
}

/** E-mail deliveries (migration 015): one per document and message (delivery/deliveries-repo.ts). */
export interface DeliveriesTable {
  id: string;
  document_id: string;
  /** 'document' (the DTE with its PDF and JSON), 'invalidation' (the notice) or 'return' (an ER with its PDF and JSON). */
  message: string;
  /** The Evento de Retorno a 'return' message carries (migration 033); null otherwise. */
  return_id: string | null;
  /** The document_events seq that queued it; null for a resend. */
  event_seq: number | null;
  requested_by: string | null;
  email: string;
  message_id: string;
  /** 'pending', 'sending', 'sent', 'failed'. */
  state: string;
  attempts: number;
  /** ISO 8601 UTC. */
  next_attempt_at: string;
  last_error: string | null;
  smtp_response: string | null;
  /** El Salvador time (isoLocal). */
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
}

/** How far deliveries have read document_events (one row). */
export interface DeliveryCursorTable {
  id: number;
  seq: number;
}

/** The day's closes (migration 013): append-only, like the audit log. */
export interface PrintJobsTable {
  id: string;
  dte_id: string;
  state: 'pending' | 'printed' | 'discarded';
  /** El Salvador time (isoLocal). */
  created_at: string;
  created_by: string;
  attempts: number;
  /** The last failure, in Spanish. */
  last_error: string | null;
  updated_at: string;
}

export interface DrawerKicksTable {
  id: string;
  /** El Salvador time (isoLocal). */
  at: string;
  by: string;
  by_name: string | null;
  /** The cash sale that opened it; null for "Abrir gaveta". */
  dte_id: string | null;
  /** What started the pulse (migration 037): 'sale', 'refund', 'manual'; null before it (read by `dte_id`). */
  cause: string | null;
  /** The Evento de Retorno a cash refund paid out (an NC's refund is in `dte_id`). */
  ref_id: string | null;
}

/** Who paid an NC or an ER out of which drawer, and how (migration 037, close/refunds-repo.ts). */
export interface RefundsTable {
  id: string;
  kind: string;
  /** The NC's document id or the ER's id. */
  ref_id: string;
  /** 'cash', 'card', 'account' or 'unknown'. */
  method: string;
  amount: string;
  /** The drawer: 'station' (one drawer per station). */
  drawer: string;
  paid_by: string;
  paid_by_name: string | null;
  at: string;
}

/** Cash withdrawn from a person's drawer money or handed to another person (migration 038, close/cash-movements.ts). */
export interface CashMovementsTable {
  id: string;
  /** 'withdrawal' or 'handover'. */
  kind: string;
  from_scope: string;
  /** The receiver of a handover; null for a withdrawal. */
  to_scope: string | null;
  amount: string;
  reason: string;
  at: string;
  by: string;
  by_name: string | null;
}

/** A supervisor's correction of a recorded float (migration 037, close/openings-repo.ts). */
export interface DrawerFloatCorrectionsTable {
  id: string;
  opening_id: string;
  amount: string;
  reason: string;
  corrected_at: string;
  corrected_by: string;
  corrected_by_name: string | null;
}

/** A line sold below its shelf price with a supervisor's approval (migration 036, overrides/overrides-repo.ts). */
export interface PriceOverridesTable {
  id: string;
  document_id: string;
  kind: string;
  control_number: string;
  /** The line's index in the document's items, from 0. */
  line: number;
  product_id: string;
  product_code: string;
  description: string;
  quantity: string;
  /** The catalog's price and the price sold at, per unit, both as the consumer pays (IVA included). */
  shelf_price: string;
  price: string;
  asked_by: string;
  asked_by_name: string | null;
  approved_by: string;
  approved_by_name: string | null;
  approved_at: string;
  created_at: string;
}

export interface DrawerOpeningsTable {
  id: string;
  /** 'station' or a person's actor id (`user:ana`). */
  scope: string;
  /** Dollars, 2 decimals. */
  amount: string;
  /** El Salvador time (isoLocal). */
  opened_at: string;
  opened_by: string;
  opened_by_name: string | null;
}

export interface DayClosesTable {
  id: string;
  /** Order of making (1, 2, 3…): the list's order and cursor. */
  seq: number;
  /** 'station' or a person's actor id (`user:ana`). */
  scope: string;
  scope_name: string;
  /** El Salvador time (isoLocal). */
  period_from: string;
  period_to: string;
  closed_at: string;
  closed_by: string;
  closed_by_name: string | null;
  /** JSON CloseSummary (shared/close.ts). */
  summary: string;
  previous_id: string | null;
  /** JSON CloseDifference, with `previous_id`. */
  difference: string | null;
  /** SHA-256 of summary + '\n' + difference. */
  hash: string;
}

export interface AuditLogTable {
  seq: Generated<number>;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  detail: string | null;
  /** The previous entry's hash and this one's (audit-chain.ts). */
  prev_hash: string;
  hash: string;
}

export interface ReceiversTable {
  book: string;
  key: string;
  name: string;
  document: string | null;
  recipient_json: string;
  name_fold: string;
  last_used_at: string;
  uses: number;
}

export interface ProductsTable {
  id: string;
  code: string;
  /** The code in lower case: unique, so codes differ in more than case. */
  code_key: string;
  description: string;
  /** Code and description folded for searching (no accents, lower case). */
  search_fold: string;
  unit_measure: string;
  item_type: string;
  sale_type: string;
  /** Decimal strings: IVA included, and before IVA (8 decimals at most). */
  shelf_price: string;
  net_price: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface ProductBarcodesTable {
  barcode: string;
  product_id: string;
  /** The barcode's place in the product's list. */
  position: number;
}

/** The trigram full-text index of migration 007 (an FTS5 virtual table). */
export interface DocumentsSearchTable {
  body: string;
  doc_id: string;
}

/** Documents stored but not yet in documents_search (migration 022), oldest first by rowid. */
export interface SearchPendingTable {
  doc_id: string;
}

/** A homologation run (main/core/homologation/): its choices and whether it is finished. */
export interface HomologationRunsTable {
  id: string;
  normative: string;
  /** JSON array of the kinds the company will issue. */
  kinds: string;
  seed: number;
  pace_ms: number;
  /** 'running' until every count is reached, then 'done'. */
  status: string;
  started_by: string;
  /** El Salvador time (isoLocal). */
  started_at: string;
  finished_at: string | null;
}

/** One step a run took, written with its request before the request is made. */
export interface HomologationStepsTable {
  run_id: string;
  seq: number;
  /** 'document' | 'invalidation' | 'contingency' | 'retorno' | 'operaciones' (migration 041). */
  step: string;
  /** The document kind (a document, or the one a contingency step's first document is); null for other events. */
  kind: string | null;
  /** The document's, invalidation's (its document's), contingency event's or retorno's id. */
  ref: string;
  /** JSON: what is asked (the body, the invalidation, the documents of a contingency event). */
  request: string;
  /** 1 once the request was made and stored (it may still wait for MH). */
  done: number;
  /** The station refused the request (no document or event exists): its message, in Spanish. */
  error: string | null;
  /** The invalidation or retorno this step made (its own row, not the document's newest). */
  record_id: string | null;
  created_at: string;
}

/** Migration 028: what a document's paper needs beyond the signed document (dte/paper-repo.ts). */
export interface SalePaperTable {
  document_id: string;
  issued_in_contingency: number;
  cash_received: string | null;
  change_given: string | null;
}

/** An Evento de Operaciones Especiales (migration 039): a month's simplified invoices and internal vouchers. */
export interface SpecialOperationsTable {
  id: string;
  environment: string;
  company_id: string;
  /** The tax period reported, YYYY-MM. */
  period: string;
  mode: string;
  /** 1 when the event re-reports annulled vouchers (each item names the earlier event). */
  re_report: number;
  status: string;
  total: string;
  mh_json: string;
  jws: string;
  mh_response: string | null;
  /** sha256 of the request's canonical JSON, when the caller named the event's id (a replay answers the stored one). */
  request_hash: string | null;
  generated_at: string;
  created_at: string;
  updated_at: string;
}

/** One item an EOE reports: a voucher (`document`) or a range (`doc_from`..`doc_to`). */
export interface SpecialOperationItemsTable {
  event_id: string;
  item: number;
  doc_type: string;
  document: string | null;
  doc_from: string | null;
  doc_to: string | null;
  issued_on: string | null;
  /** The earlier sealed event that reported it as active, for an annulled voucher re-reported. */
  ref_event: string | null;
  amount: string;
}

export interface Database {
  homologation_runs: HomologationRunsTable;
  homologation_steps: HomologationStepsTable;
  documents_search: DocumentsSearchTable;
  search_pending: SearchPendingTable;
  documents: DocumentsTable;
  outbox: OutboxTable;
  control_sequences: ControlSequencesTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  day_closes: DayClosesTable;
  drawer_openings: DrawerOpeningsTable;
  refunds: RefundsTable;
  drawer_float_corrections: DrawerFloatCorrectionsTable;
  cash_movements: CashMovementsTable;
  price_overrides: PriceOverridesTable;
  print_jobs: PrintJobsTable;
  drawer_kicks: DrawerKicksTable;
  document_events: DocumentEventsTable;
  deliveries: DeliveriesTable;
  delivery_cursor: DeliveryCursorTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_cursor: WebhookCursorTable;
  invalidations: InvalidationsTable;
  returns: ReturnsTable;
  special_operations: SpecialOperationsTable;
  special_operation_items: SpecialOperationItemsTable;
  return_invalidations: ReturnInvalidationsTable;
  return_lines: ReturnLinesTable;
  replication_queue: ReplicationQueueTable;
  contingency_events: ContingencyEventsTable;
  lotes: LotesTable;
  receivers: ReceiversTable;
  products: ProductsTable;
  product_barcodes: ProductBarcodesTable;
  sale_paper: SalePaperTable;
}
