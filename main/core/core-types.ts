// What a station core is made of (CoreDeps) and what it offers the front doors (Core); create-core.ts wires it.
import type { NumberingService } from './dte/numbering';
import type { HubRelated } from './dte/related-at-hub';
import type { DteKind, Extensions, UnknownFields } from '../../shared/contract';
import type { InvalidationResult, InvalidationService } from './dte/invalidation/invalidate';
import type { ReturnService } from './dte/retorno/retorno';
import type { SpecialOperationsService } from './dte/operaciones-especiales/special-operations';
import type { Replicator } from './replication/replicator';
import type { PrintSettings } from '../../shared/printing';
import type { PrinterService, ReceiptSource } from './printer/printer-service';
import type {
  BackupsStatus,
  DteDetail,
  DteListPage,
  DteListQuery,
  DteRecord,
  Health,
  ReceiverEntry,
  StationInfo,
  StationSaved,
} from '../../shared/records';
import type { ChainVerdict } from './audit-chain';
import type { ChainFinding } from './audit-findings';
import type { DayCloses } from './close/closes';
import type { PriceOverrides } from './overrides/price-overrides';
import type { CompanyBranches } from './station/branches';
import type { Books } from './books/books-service';
import type { WorkerEntry } from './workers/wire';
import type { NormativeService } from './station/normative-service';
import type { HubSetting } from './station/hub-setting';
import type { Homologation } from './homologation/homologation';
import type { ApiKeys } from './auth/api-keys';
import type { People } from './auth/people';
import type { ProductCatalog } from './catalog/products';
import type { Clock } from './clock';
import type { CreateResult } from './dte/issue';
import type { Logger } from './logger';
import type { MhOverride } from './mh/client-cache';
import type { ReceiptWidth } from './render/receipt';
import type { SigningKeys } from './signing/signing-key';
import type { StoredStation } from './station/profile';
import type { SecretBox } from './station/secrets';
import type { BackupInfo } from './store/backup';
import type { SyncEngine, SyncTuning } from './sync/engine';
import type { Deliveries, DeliveryTuning } from './delivery/deliveries';
import type { SmtpSettings } from './delivery/smtp-settings';
import type { WebhookTuning } from './webhooks/sender';
import type { Webhooks } from './webhooks/webhooks';
import type { DiskWatch, DiskWatchTuning } from './store/disk-space';
import type { IntegrityVerdict } from './store/integrity-watch';

export interface CoreDeps {
  readonly dataDir: string;
  readonly clock?: Clock;
  /** Source of randomness (ids, keys); injected so tests can make it deterministic. */
  readonly random?: (n: number) => Buffer;
  readonly fetch?: typeof fetch;
  readonly logger?: Logger;
  /**
   * Seals the station's secrets: one box, or one per data folder (`sello serve`: secret-key.ts, keyring or key
   * file). When absent, the key file named by SELLO_SECRET_FILE, else one per data folder in the user's
   * configuration folder; never a key inside the data folder (docs/decisions/0005-secrets-at-rest.md).
   */
  readonly secrets?: SecretBox | ((dataDir: string) => SecretBox);
  /** A box the host sealed with before (Electron's safeStorage `basic_text`): what it opens is sealed again. */
  readonly formerSecrets?: SecretBox;
  /**
   * Where the audit chain's head is kept, outside the data folder (docs/decisions/0034-keyed-audit-chain.md): the
   * folder of `sello serve --secret-file`; absent, beside SELLO_SECRET_FILE, else the configuration folder.
   */
  readonly auditHeadDir?: string;
  /** Path to a better-sqlite3 binding built for this runtime (the Electron shell passes its own). */
  readonly nativeBinding?: string;
  /** Worker threads' entries for this runtime (books/books-in-worker.ts): absent, that work stays on this thread. */
  readonly workers?: { readonly books?: WorkerEntry; readonly pdf?: WorkerEntry };
  /** Station profile applied when the data dir has none yet; the demo station when absent. */
  readonly initialStation?: unknown;
  /** MH's certificate applied with `initialStation`, in the same transaction (the first-run wizard). */
  readonly initialCertificate?: { readonly xml: string; readonly password: string };
  /** Who set the initial station up, for the audit log ('system' when absent). */
  readonly initialActor?: string;
  /** quick_check already ran on the database file (the host runs it in a worker before opening). */
  readonly integrityChecked?: boolean;
  /**
   * quick_check still running in the host's worker when the store opened (a big station, decision 0042): its
   * verdict of damage stops issuing with a critical alert. Given with `integrityChecked`.
   */
  readonly integrityPending?: Promise<IntegrityVerdict>;
  /** Open an existing station only: a data dir without one is refused, never turned into a demo. */
  readonly mustExist?: boolean;
  /** MH to talk to instead of the station's settings: the demo's embedded simulator, or a test's. */
  readonly mh?: MhOverride;
  /** Addresses allowed for MH besides MH's own (SELLO_ALLOW_MH_URL, read by the process that starts the core). */
  readonly allowedMhUrls?: readonly string[];
  /** Scheduled copies of the database (store/backup.ts): every 6 h by default; `everyMs: 0` turns them off. */
  readonly backups?: { readonly everyMs?: number };
  /** Sync engine tuning: tests shorten the lease, or drive the engine by hand. */
  readonly sync?: SyncTuning;
  /** E-mail delivery tuning (delivery/deliveries.ts): its timers default to the engine's; tests give a fake server. */
  readonly deliveries?: DeliveryTuning;
  /** Webhook sender tuning (webhooks/sender.ts): its timers default to the engine's. */
  readonly webhooks?: WebhookTuning;
  /** The hub replicator: `manual` sends only on replication.runOnce() (tests that stage it step by step). */
  /** `unreachableAlertMs`: how long the hub may fail before its alert (replication/replicator.ts). */
  readonly replication?: { readonly manual?: boolean; readonly unreachableAlertMs?: number };
  /** The data folder's free space (store/disk-space.ts): thresholds, how often, and tests' timers and statfs. */
  readonly disk?: DiskWatchTuning;
  /** Ask MH for its time at start and when no MH answer came for this long (clock-skew.ts); off when absent. */
  readonly clockProbeMs?: number;
}

export interface Core {
  readonly dataDir: string;
  health(): Health;
  /** The station for the settings screen, without secrets. */
  stationInfo(): StationInfo;
  station(): StoredStation;
  /** Applies a station profile (idempotent); API keys in it are stored hashed. */
  configure(
    profile: unknown,
    actor: string,
    certificate?: { xml: string; password: string },
  ): { changed: boolean; certificateChanged: boolean };
  /** Ajustes: the station's data, MH credentials and certificate; its identity (environment, NIT, branch, POS) stays. */
  updateStation(input: unknown, actor: string): Promise<StationSaved>;
  readonly dtes: {
    /**
     * Issues a document; fields the contract does not list are refused unless `unknown` is 'ignore'. `hub` is what
     * relatedAtHub() answered for an NC or ND (documents of other branches, their notes). `extensions` are the
     * contract's extensions the caller opted in to (decision 0072); none by default.
     */
    create(
      kind: DteKind,
      body: unknown,
      actor: string,
      unknown?: UnknownFields,
      hub?: HubRelated | null,
      extensions?: Extensions,
    ): CreateResult;
    /** Asks the head office hub about the documents an NC or ND body relates; null without a hub or nothing to ask. */
    relatedAtHub(kind: DteKind, body: unknown): Promise<HubRelated | null>;
    get(id: string): DteRecord;
    list(query: DteListQuery): DteListPage;
    /** The signed MH document as the receiver gets it (APPROVED only). */
    signedJson(id: string): Record<string, unknown>;
    /** The address book for a kind's recipient (NC and ND share the CCF's), most recent first. */
    receivers(kind: DteKind, q?: string): ReceiverEntry[];
    /** The stored MH document and its JWS, whatever the status (for the sync engine and tests; not served). */
    mhDocument(id: string): { document: Record<string, unknown>; jws: string };
    /** The detail screen's view of one document: record, history, MH's answer, invalidation window. */
    detail(id: string): DteDetail;
    /** MH's graphic representation on letter paper (APPROVED only). */
    letterPdf(id: string): Promise<Buffer>;
    /** The same for the app's own screens (not the contract): APPROVED, or INVALIDATED marked ANULADO. */
    letterCopy(id: string): Promise<Buffer>;
    /** The counter receipt, 58 or 80 mm wide: any status but REJECTED, marked while it has no seal. */
    /** `logo`: the company's, from the printing settings (the core's own receipt adds it). */
    receipt(id: string, width: ReceiptWidth, actor: string, logo?: Buffer | null): Promise<Buffer>;
    /** What the counter receipt shows and how the sale was paid, for ESC/POS (printer/printer-service.ts). */
    receiptSource(id: string, actor: string): ReceiptSource;
    /** A base64 PNG data URI of the QR to MH's public lookup (APPROVED only). */
    qr(id: string): Promise<string>;
    /** Checks that a DTE may be downloaded (exists and APPROVED); returns it. */
    approved(id: string): DteRecord;
    /** Invalidates an APPROVED DTE; `pending` when MH could not be reached and the event waits in the queue. */
    invalidate(body: unknown, actor: string, unknown?: UnknownFields): Promise<InvalidationResult>;
  };
  /** Invalidations MH may hold, listed and settled by a supervisor (docs/decisions/0024-event-answer-lost.md). */
  readonly invalidationDoubts: Pick<InvalidationService, 'inDoubt' | 'settleDoubt'>;
  /** Eventos de Retorno (docs/decisions/0015-evento-de-retorno.md): made, and read per document. */
  readonly returns: Pick<
    ReturnService,
    'make' | 'ofDocument' | 'pending' | 'send' | 'invalidate' | 'paper' | 'inDoubt' | 'settleDoubt' | 'get'
  >;
  /** Eventos de Operaciones Especiales (docs/decisions/0083-evento-de-operaciones-especiales.md). */
  readonly specialOperations: Pick<SpecialOperationsService, 'report' | 'list' | 'get' | 'pending'>;
  readonly apiKeys: ApiKeys;
  /** The station's people, their sessions, and who an actor is (auth/people.ts). */
  readonly people: People;
  /** The product catalog: products one by one, searched, imported and exported (catalog/products.ts). */
  readonly products: ProductCatalog;
  readonly sync: SyncEngine;
  /** Replication to the head office hub (replication/replicator.ts): one pass now, and what it shows. */
  readonly replication: Pick<Replicator, 'runOnce' | 'status' | 'mark'>;
  /** E-mail delivery of documents (docs/decisions/0010-email-delivery.md) and its SMTP settings. */
  readonly deliveries: Deliveries & { readonly smtp: SmtpSettings };
  /** Webhooks for the POS (docs/decisions/0011-webhooks.md); `runOnce` sends what is due now (tests). */
  readonly webhooks: Webhooks & { readonly runOnce: () => Promise<number> };
  readonly signing: Pick<SigningKeys, 'publicKey' | 'nit' | 'history'>;
  readonly printing: { get(): PrintSettings; set(input: unknown, actor: string): PrintSettings };
  /** The receipt printer on ESC/POS and its drawer (printer/printer-service.ts). */
  readonly printer: PrinterService;
  /** The day's closes: made, listed, read and printed (close/closes.ts). */
  readonly closes: DayCloses;
  /** Prices below the shelf approved by a supervisor at the counter (overrides/price-overrides.ts, decision 0074). */
  readonly priceOverrides: PriceOverrides;
  /** The MH normative setting (station/normative-service.ts). */
  readonly normative: NormativeService;
  /** MH's homologation test set, run from Ajustes or `sello homologate` (homologation/homologation.ts). */
  readonly homologation: Homologation;
  /** The company's establishments, kept by a supervisor for an NR to another branch (station/branches.ts). */
  readonly branches: CompanyBranches;
  /** The head office hub from Ajustes (station/hub-setting.ts): checked with the hub before it is saved. */
  readonly hubSetting: HubSetting;
  /** Where control numbers go on: confirmed, asked of the hub, or moved past MH's by an ADMIN (dte/numbering.ts). */
  readonly numbering: NumberingService;
  /** The accountant's month: F-07 annexes, IVA books, reports (books/books-service.ts). */
  readonly books: Books;
  /** The trigram index behind text search (dte/search-indexer.ts): `flush` indexes what is queued now. */
  readonly search: { readonly flush: () => void };
  /** Copies of the database in `DATA/backups`: one now (online), and the ones kept. */
  readonly backups: {
    create(reason: 'manual' | 'scheduled', onProgress?: (done: number) => void): Promise<BackupInfo>;
    list(): BackupInfo[];
    /** For Ajustes: the copies kept and the one under way. */
    status(): BackupsStatus;
  };
  /** Checks the audit log's hash chain from the first entry to the last (in pages, yielding between them). */
  verifyAudit(): Promise<ChainVerdict>;
  /** The start's whole check of the audit chain and documents: what it found (decision 0034). */
  auditChecked(): Promise<readonly ChainFinding[]>;
  /** Imports MH's certificate (.crt XML) after checking its password and that it is the company's. */
  /** The data folder's free space, behind the `disk_low` alert; a front door tells it of a write that failed for space. */
  readonly disk: Pick<DiskWatch, 'writeFailed' | 'free'>;
  importCertificate(xml: string, password: string, actor: string): { certificateChanged: boolean };
  close(): void;
}
