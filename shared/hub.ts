// What a station tells its head office hub about itself, and what the hub's screens read back
// (docs/decisions/0016-head-office-hub.md). Types only: the station builds a heartbeat, the hub stores it and
// derives the alerts, the hub's pages show them.
import type { SyncStatus } from './records';

/** A station's report, sent with every replication pass and at least once a minute while it reaches the hub. */
export interface StationHeartbeat {
  /** The station's clock when it built the report (El Salvador time, isoLocal). */
  readonly reportedAt: string;
  /** What the station's own sync screen shows: MH's connectivity, the outbox, contingencies, deadlines, e-mail. */
  readonly sync: SyncStatus;
  /** The last entry of the station's audit chain (core/audit-chain.ts): the hub keeps it to detect a rewound log. */
  readonly auditHead: { readonly seq: number; readonly hash: string } | null;
  /** When the station's last day close was made (isoLocal), or null. */
  readonly lastDayCloseAt: string | null;
  /** The signing certificate: its fingerprint and end (ISO, null when its file had none); null without one, absent from older stations. */
  readonly certificate?: { readonly fingerprint: string; readonly notAfter: string | null } | null;
}

export const HUB_ALERT_CODES = [
  'NO_CONTACT',
  'CONTINGENCY',
  'MH_DEADLINE',
  'MH_OVERDUE',
  'MH_CREDENTIALS',
  'CERTIFICATE_REFUSED',
  'CERTIFICATE_EXPIRING',
  'FAILED_DOCUMENTS',
  'FAILED_DELIVERIES',
  'REPLICATION_BACKLOG',
  'REPLICATION_REFUSED',
  'AUDIT_REWOUND',
  'DOCUMENTS_REFUSED',
  // The hub's own checks with MH (decision 0031).
  'SEAL_UNKNOWN_TO_MH',
  'SEAL_MISMATCH',
  'SEAL_CHECK_STALLED',
  // A verified invalidation MH does not show (decision 0064).
  'INVALIDATION_NOT_SHOWN',
] as const;
export type HubAlertCode = (typeof HUB_ALERT_CODES)[number];

export interface HubAlert {
  readonly code: HubAlertCode;
  readonly severity: 'warning' | 'critical';
  /** Spanish, says what is wrong and what to do. */
  readonly message: string;
}

export interface HubStationInfo {
  readonly id: string;
  readonly companyId: string;
  readonly branchCode: string;
  readonly posNumber: string;
  readonly name: string;
}

export interface StationHealth {
  readonly station: HubStationInfo;
  /** When the hub last heard from the station (any authenticated call), ISO 8601 UTC; null: never. */
  readonly lastContactAt: string | null;
  /** The station's last report, null until the first. */
  readonly heartbeat: StationHeartbeat | null;
  /** Worst first. */
  readonly alerts: readonly HubAlert[];
  /** Documents of this station the hub refused (docs/decisions/0030-hub-trust-model.md): how many and the newest few. */
  readonly refused?: {
    readonly count: number;
    readonly latest: readonly HubRefusal[];
  };
}

/** One document the hub refused from a station, and why. */
export interface HubRefusal {
  readonly documentId: string;
  readonly controlNumber: string;
  readonly reason: string;
  readonly detail: string;
  readonly refusedAt: string;
}

/**
 * What MH said when the hub asked about an APPROVED document (decision 0031): not asked yet, the seal is MH's,
 * MH has no such document, or MH holds it with another seal (or refused it).
 */
export const HUB_SEAL_STATES = ['unconfirmed', 'confirmed', 'mh_unknown', 'seal_mismatch'] as const;
export type HubSealState = Exclude<(typeof HUB_SEAL_STATES)[number], 'unconfirmed'>;

/** A document MH did not confirm, as the health page lists it. */
export interface HubSealProblem {
  readonly id: string;
  readonly stationId: string;
  readonly controlNumber: string;
  readonly issueDate: string;
  /** invalidation_not_shown: a station invalidated it (a verified event) and MH still shows it standing. */
  readonly state: 'mh_unknown' | 'seal_mismatch' | 'invalidation_not_shown';
  /** The seal the station sent, and MH's (null when MH does not know the document). */
  readonly seal: string | null;
  readonly mhSeal: string | null;
  readonly detail: string | null;
  readonly checkedAt: string;
}

/** The hub's checks of seals with MH: its alerts, the documents MH did not confirm, and the checker's state. */
export interface HubSealHealth {
  /** Worst first. */
  readonly alerts: readonly HubAlert[];
  /** How many documents MH did not confirm; the first ones of them (newest check first). */
  readonly problems: number;
  readonly documents: readonly HubSealProblem[];
  /** This hub process's checker; null when it has no MH credentials (no check runs here). */
  readonly checker: {
    readonly lastCheckedAt: string | null;
    /** Why it is waiting, in Spanish; null while MH answers. */
    readonly blockedBy: string | null;
    readonly retryAt: string | null;
  } | null;
}

/** `GET /hub/v1/health`: every station, those with critical alerts first, then warnings, then by id. */
export interface HubHealth {
  /** The hub's clock, ISO 8601 UTC. */
  readonly checkedAt: string;
  readonly stations: readonly StationHealth[];
  /** The seals MH did not confirm (decision 0031); absent from a hub before it. */
  readonly seals?: HubSealHealth;
}

/**
 * `GET /hub/v1/related/:id` (a station's token): the document an NC or ND is about to adjust, from whichever branch
 * issued it (null when the hub has none), and the NC and ND of *other* stations on it that still count.
 */
export interface RelatedAnswer {
  readonly document: {
    readonly id: string;
    readonly stationId: string;
    readonly branchCode: string;
    readonly kind: string;
    readonly status: string;
    readonly controlNumber: string;
    readonly issueDate: string;
    readonly mhJson: Record<string, unknown>;
  } | null;
  readonly notes: readonly {
    readonly id: string;
    readonly stationId: string;
    readonly kind: string;
    readonly mhJson: Record<string, unknown>;
  }[];
}
