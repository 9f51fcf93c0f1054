// Records the service returns (spec: "Resources and their fields"), shared by core, HTTP and renderer.
import type { DteKind } from './contract/kinds';
import type { DeliveryCounts, DeliveryRecord } from './delivery';
import type { NormativeStatus } from './normative';

export const ENVIRONMENTS = ['TEST', 'LIVE'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const DTE_STATUSES = ['CREATED', 'PROCESSING', 'APPROVED', 'REJECTED', 'INVALIDATED'] as const;
export type DteStatus = (typeof DTE_STATUSES)[number];

/** A DTE id is a UUID in any case: the record shows it as sent, pushes carry it in lower case. */
export const sameDteId = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export interface DteRecord {
  /** The client's UUID exactly as sent on creation; lookups ignore case (the key is its lower-case form). */
  readonly id: string;
  readonly companyId: string;
  /** MH numeroControl, DTE-XX-XXXXXXXX-XXXXXXXXXXXXXXX. */
  readonly controlNumber: string;
  readonly environment: Environment;
  readonly type: DteKind;
  /** MH schema version of the document. */
  readonly version: number;
  readonly status: DteStatus;
  /** What MH answered, as MH sent it; null until MH has answered. */
  readonly mhResponse: Record<string, unknown> | null;
  /** Issue date-time (fecEmi + horEmi, El Salvador time), ISO 8601 with offset. */
  readonly generatedAt: string;
  /** When the station stored it, ISO 8601 with offset. */
  readonly createdAt: string;
  // Additions beyond the spec's table (documented in docs/api.md).
  readonly updatedAt: string;
  readonly branchCode: string;
  readonly posNumber: number;
  /** Recipient name for lists and search; null for an FC without recipient. */
  readonly recipientName: string | null;
  /** Amount to pay in USD as a decimal string; null until the document engine computes totals. */
  readonly total: string | null;
}

// IN_DOUBT: MH may hold it (an answer was lost, the resend refused as a repeat); a supervisor settles it (0024).
export const INVALIDATION_STATUSES = ['APPROVED', 'REJECTED', 'PENDING', 'IN_DOUBT'] as const;
export type InvalidationStatus = (typeof INVALIDATION_STATUSES)[number];

export interface InvalidationRecord {
  readonly id: string;
  readonly companyId: string;
  readonly environment: Environment;
  readonly type: DteKind;
  readonly version: number;
  readonly status: InvalidationStatus;
  readonly mhResponse: Record<string, unknown> | null;
  readonly generatedAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly dteId: string;
}

/**
 * An invalidation MH may hold that the station cannot confirm (docs/decisions/0024-event-answer-lost.md): its
 * document reads INVALIDATED until a supervisor checks MH's public lookup and settles it.
 */
export interface InvalidationDoubt {
  readonly invalidationId: string;
  readonly dteId: string;
  readonly type: DteKind;
  readonly controlNumber: string;
  /** When the station judged it in doubt (El Salvador time, ISO 8601). */
  readonly since: string;
  /** MH's words that left it in doubt. */
  readonly reason: string;
  /** The document on MH's public lookup (consulta pública), where "INVALIDADO" settles it. */
  readonly lookupUrl: string;
  /** What the supervisor must do, in Spanish. */
  readonly instructions: string;
}

export interface DteListQuery {
  readonly type?: DteKind;
  readonly status?: DteStatus;
  /** yyyy-MM-dd, inclusive, on generatedAt's local date. */
  readonly from?: string;
  readonly to?: string;
  /** Text search on recipient name, control number or id. */
  readonly q?: string;
  readonly limit?: number;
  readonly cursor?: string;
}

export interface DteListPage {
  readonly items: DteRecord[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

export interface Health {
  readonly status: 'ok';
  readonly version: string;
  readonly environment: Environment;
  readonly demo: boolean;
  readonly companyName: string;
  readonly branchCode: string;
  readonly posNumber: number;
  /** The demo serves because no station is configured yet: the app offers the first-run wizard. */
  readonly firstRun: boolean;
  /** An administrator chose to look around the demo: the welcome is not shown again on this station. */
  readonly welcomeSeen: boolean;
}

/** The station as settings show it: never a password, only whether MH and the certificate are set up. */
export interface StationInfo {
  readonly environment: Environment;
  readonly demo: boolean;
  readonly company: {
    readonly name: string;
    readonly commercialName: string | null;
    readonly nit: string;
    readonly nrc: string;
    /** The economic activity's description (CAT-019 code in `economicActivity`). */
    readonly activity: string;
    readonly economicActivity: string;
    readonly phone: string;
    readonly email: string;
    readonly address: {
      readonly department: string;
      readonly municipality: string;
      readonly district: string | null;
      readonly complement: string;
    };
  };
  readonly branch: { readonly mhCode: string; readonly posNumber: number; readonly establishmentType: string };
  readonly responsible: {
    readonly name: string;
    readonly identificationDocument: { readonly type: string; readonly number: string };
  } | null;
  readonly mh: { readonly baseUrl: string; readonly user: string } | null;
  readonly certificate: { readonly loaded: boolean; readonly nit: string | null };
  /**
   * Set when stored passwords do not open on this machine (sealed on another one, or under another key): what to
   * type again in Ajustes, and why, in Spanish. Absent when they open.
   */
  readonly passwordsNeeded?: string;
}

/** One copy of the station's database in DATA/backups. */
export interface BackupEntry {
  readonly file: string;
  readonly reason: 'scheduled' | 'manual' | 'migration' | 'restore';
  readonly bytes: number;
  readonly takenAt: string;
}

/** The copies kept, and the one being made (progress 0..1) if any. */
export interface BackupsStatus {
  readonly running: boolean;
  readonly progress: number | null;
  readonly lastError: string | null;
  readonly items: readonly BackupEntry[];
}

/** The audit log's hash chain, walked from the first entry. */
export type AuditCheck =
  | { readonly ok: true; readonly entries: number; readonly head: string }
  | { readonly ok: false; readonly entries: number; readonly seq: number; readonly reason: 'content' | 'link' | 'recomputed' | 'no-key' };

/** A station set up or edited: what it is now, and whether MH accepted its credentials ('unreachable': not checked). */
export interface StationSaved {
  readonly station: StationInfo;
  readonly mhCheck: 'ok' | 'unreachable' | 'unchanged';
}

/**
 * `credentials`: MH refused the station's API password; nothing is sent until it is corrected in Ajustes.
 * `certificate`: MH refuses the signature (803); one probe document on the backoff until MH recognises the
 * certificate or a renewed one is imported (docs/decisions/0027-certificate-life-cycle.md).
 */
export type Connectivity = 'unconfigured' | 'online' | 'offline' | 'contingency' | 'credentials' | 'certificate';

export interface ContingencySummary {
  readonly id: string;
  readonly type: number;
  readonly status: string;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly documents: number;
  /** MH wants the event within 24 h of the cese, and the documents within 72 h of the event's seal. */
  readonly eventDeadline: string | null;
  readonly documentsDeadline: string | null;
  /** The nearer of the two deadlines still to meet: under 2 h left is `warning`; past it, `overdue`. */
  readonly deadline: 'ok' | 'warning' | 'overdue' | null;
  /** Times MH rejected the event (it is corrected and sent again), and MH's words the last time. */
  readonly attempts: number;
  readonly rejection: string | null;
}

/** A contingency document MH still lacks after its 72 hours. */
export interface OverdueDocument {
  readonly id: string;
  readonly type: DteKind;
  readonly controlNumber: string;
  readonly deadline: string;
}

export interface SyncStatus {
  readonly state: Connectivity;
  readonly queue: {
    readonly pending: number;
    readonly sending: number;
    readonly unknown: number;
    readonly done: number;
    readonly failed: number;
    readonly invalidations: number;
  };
  readonly lastContactAt: string | null;
  readonly lastError: string | null;
  /** Runs that ended in an unexpected fault since the start (each logged; the engine went on). */
  readonly errors: number;
  readonly contingencies: readonly ContingencySummary[];
  readonly overdue: readonly OverdueDocument[];
  /** The e-mail queue (docs/decisions/0010-email-delivery.md): what waits, what failed, and why nothing goes. */
  readonly deliveries: DeliveryCounts;
  /** MH's normative documents are issued under now, and the scheduled switch (docs/decisions/0014-normativa-2026.md). */
  readonly normative: NormativeStatus;
  /** Replication to the head office hub (main/core/replication/): when it last answered and what waits. */
  readonly hub: HubReplicationStatus;
  /** What stops, or will soon stop, documents from being sealed, most severe first (docs/decisions/0025-station-alerts.md). */
  readonly alerts: readonly StationAlert[];
  /** Invalidations MH may hold that a supervisor must settle (decision 0024); absent where not computed. */
  readonly invalidationsInDoubt?: readonly InvalidationDoubt[];
  /**
   * Documents that wait for a person (decision 0068): past the cap on sends, or held invalidated by MH without this
   * station's record of it. `canSendAgain`: a supervisor may send it again (POST /sync/documents/{id}/send-again).
   */
  readonly documentsNeedingPerson?: readonly DocumentNeedingPerson[];
}

export interface DocumentNeedingPerson {
  readonly documentId: string;
  readonly controlNumber: string;
  /** Why it waits and what to do, in Spanish. */
  readonly reason: string;
  readonly canSendAgain: boolean;
}

/** Every condition the station raises as an alert; one code each, so screens and POS software can tell them apart. */
export const STATION_ALERT_CODES = [
  /** MH holds another document under a control number this station issued: numbering stopped in that sequence. */
  'numbering_collision',
  /** This data folder (new PC, restored copy) must be told where numbering goes on before it issues. */
  'numbering_unconfirmed',
  /** MH refuses the signature (803): the certificate registered at MH is not this one. */
  'certificate_refused',
  /** The certificate expires within 30 days, or has expired. */
  'certificate_expiring',
  /** The station's clock differs from MH's (or the hub's) by more than a few minutes. */
  'clock_skew',
  /** The clock is so far off that MH would reject every document: issuing is refused. */
  'clock_refused',
  /** Free space in the data folder is low, or a write failed for lack of it. */
  'disk_low',
  /** An invalidation (or event) whose answer was lost and that MH may hold: someone must check MH's lookup. */
  'event_in_doubt',
  /** A document sent 3 times without a conclusive answer, MH saying it lacks it (or answering unclearly): a person decides. */
  'document_needs_person',
  /** MH holds a document invalidated that this station has no record of invalidating (a restored copy). */
  'document_held_by_mh',
  /** The audit chain or a document row was edited, deleted or recomputed outside Sello (decision 0034). */
  'audit_chain_broken',
  /** SQLite's check, still running when the station opened, found the database damaged: issuing stopped (decision 0042). */
  'store_damaged',
  /** The database file was copied or moved over while the station ran: every write refused until a restart (decision 0069). */
  'store_replaced',
  /** The head office hub has not answered (or refused) for 15 minutes (decision 0070). */
  'hub_unreachable',
  /** An Evento de Retorno MH holds without its seal reaching the station: a supervisor checks MH's portal (decision 0070). */
  'return_in_doubt',
  /** A restored copy lacks documents MH holds past its own numbers: someone recovers them for the books (decision 0069). */
  'restored_copy_lacks',
  /** Documents issued while the clock was found wrong: a person checks their date and time (decision 0070). */
  'issued_with_wrong_clock',
  /** Active products whose unit the 2026 normative's CAT-014 lacks, with 2026 in force or scheduled (decision 0086). */
  'units_off_catalog',
] as const;
export type StationAlertCode = (typeof STATION_ALERT_CODES)[number];

export interface StationAlert {
  readonly code: StationAlertCode;
  /** `critical`: documents are not being sealed (or issued) now; `warning`: they will not be unless someone acts. */
  readonly level: 'warning' | 'critical';
  /** What happened, in Spanish, short enough for the banner. */
  readonly message: string;
  /** What to do next, in Spanish. */
  readonly action: string;
  /** When the condition was first seen (ISO, El Salvador time), or null when it is a standing fact. */
  readonly since: string | null;
}

export interface HubReplicationStatus {
  readonly configured: boolean;
  readonly lastReachedAt: string | null;
  /** Documents and records (contingency events, invalidations, returns, e-mails, closes) whose latest change the hub has not acknowledged yet. */
  readonly waiting: number;
  /** Set aside because the hub refused them for good (a 4xx naming them); each goes again when it changes. */
  readonly refused: number;
  /** The latest refusal: which entity and the hub's words. */
  readonly lastRefusal: string | null;
  /**
   * What is still refused, newest first (up to 20): each entity, the hub's words and when. Those a person cures at the
   * hub (an unknown certificate, a token's points) are sent again by themselves (decision 0063).
   */
  readonly refusals?: readonly {
    readonly entity: string;
    readonly ref: string;
    readonly error: string | null;
    readonly at: string | null;
  }[];
  readonly lastError: string | null;
}

/** What the station pushes to the UI: a document changed status, and the sync state after it. */
export type SelloEvent =
  | { readonly type: 'dte'; readonly id: string; readonly status: DteStatus }
  | { readonly type: 'sync'; readonly status: SyncStatus }
  /** The app now serves another station (the wizard replaced the demo): everything shown must be read again. */
  | { readonly type: 'station'; readonly station: StationInfo };

/** One entry of a document's history, from the station's audit log. */
export interface TimelineEntry {
  readonly at: string;
  readonly action: string;
  readonly detail: Record<string, unknown> | null;
}

/** Everything the detail screen shows about one document. */
export interface DteDetail {
  readonly record: DteRecord;
  readonly timeline: readonly TimelineEntry[];
  /** Until when MH accepts its invalidation (null unless APPROVED), and the events so far. */
  readonly invalidation: {
    readonly deadline: string | null;
    readonly events: readonly InvalidationRecord[];
    /** Its invalidation MH may hold, for a supervisor to settle (decision 0024); null or absent when none is. */
    readonly doubt?: InvalidationDoubt | null;
  };
  /** What the receipt and the PDF show at a glance. */
  readonly summary: {
    readonly receiver: string | null;
    readonly total: string | null;
    readonly items: number;
    readonly contingency: boolean;
    /** Who issued it: the person logged in (their name then) or the point of sale's API key; null before people existed. */
    readonly issuedBy: string | null;
  };
  /** The contract body it was issued from (a note copies its lines, a rejected one is corrected from it). */
  readonly body: Record<string, unknown> | null;
  /** A CCF: what credit notes may still give back per sale type, decimal strings in USD; null for other kinds. */
  readonly creditLeft: { readonly GRAVADA: string; readonly EXENTA: string; readonly NO_SUJETA: string } | null;
  /** The e-mails about it: queued, sent (when, the server's answer) or failed (why), resends included. */
  readonly deliveries: readonly DeliveryRecord[];
}

export interface ApiKeyInfo {
  readonly id: string;
  readonly name: string;
  readonly hint: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

/** An address-book entry: a recipient as last used, ready to fill the form's recipient section. */
export interface ReceiverEntry {
  readonly name: string;
  readonly document: string | null;
  readonly lastUsedAt: string;
  readonly uses: number;
  readonly recipient: Record<string, unknown>;
}
