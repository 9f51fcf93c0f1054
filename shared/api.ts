// The one typed API the renderer sees, whatever the runtime: IPC in Electron, HTTP under `sello serve`.
import type { CompanyBranches } from './branches';
import type { CatalogFormat, Product, ProductExport, ProductImportResult, ProductPage, ProductQuery } from './catalog';
import type { NormativeView } from './normative';
import type { HubSettingView } from './hub-setting';
import type { NumberingView } from './numbering';
import type { AnnexId, BookFile, BookFormat, BookId, BooksSettings, MonthBooks, SalesReport } from './books';
import type { CloseListQuery, CloseScope, DayClose, DayClosePage, DrawerOpening, FloatCorrection, RefundMethod } from './close';
import type { DteKind } from './contract/kinds';
import type { Result } from './errors';
import type { DemoUser, SessionInfo, UserInfo } from './people';
import type { PendingReceipt, PrinterStatus, PrintSettings, PrintSettingsInput } from './printing';
import type { DeliveryRecord, SmtpSettingsView, SmtpTestResult } from './delivery';
import type { WebhookCreated, WebhookDelivery, WebhookDeliveryPage, WebhookInfo } from './webhooks';
import type { DocumentReturns, ReturnInvalidationRecord, ReturnRecord } from './retorno';
import type { EoeRecord } from './operaciones-especiales';
import type { HomologationView } from './homologation';
import type { PriceApproval, PriceOverridePage, PriceOverrideQuery, PriceOverrideSettings } from './price-overrides';
import type {
  ApiKeyInfo,
  AuditCheck,
  BackupEntry,
  BackupsStatus,
  DteDetail,
  DteListPage,
  DteListQuery,
  DteRecord,
  Health,
  InvalidationRecord,
  ReceiverEntry,
  SelloEvent,
  StationInfo,
  StationSaved,
  SyncStatus,
} from './records';

// Members are functions, not methods: the shells hand them out one by one (IPC, the activity tracker).
export interface SelloApi
  extends CatalogApi, CloseApi, PriceOverridesApi, WebhooksApi, MailApi, BooksApi, ReturnsApi, HomologationApi, PrinterApi {
  /** Opens a session for a person (desktop: for this window; browser: an HttpOnly cookie). */
  readonly login: (login: string, password: string) => Promise<Result<SessionInfo>>;
  readonly logout: () => Promise<Result<{ loggedOut: true }>>;
  /** Who is logged in; UNAUTHORIZED when nobody is (or the session expired). */
  readonly session: () => Promise<Result<SessionInfo>>;
  /** The demo's people with their passwords, for its login screen; empty on a real station. */
  readonly demoUsers: () => Promise<Result<DemoUser[]>>;
  readonly listUsers: () => Promise<Result<UserInfo[]>>;
  /** Ajustes (ADMIN): a new person. */
  readonly createUser: (input: unknown) => Promise<Result<UserInfo>>;
  /** Ajustes (ADMIN): name, role, a new password or PIN, active or not. */
  readonly updateUser: (login: string, input: unknown) => Promise<Result<UserInfo>>;
  readonly health: () => Promise<Result<Health>>;
  readonly listDtes: (query: DteListQuery) => Promise<Result<DteListPage>>;
  readonly getDte: (id: string) => Promise<Result<DteRecord>>;
  /** `refund`: how an NC was settled, charged to the caller (docs/decisions/0073-money-follows-the-person.md). */
  readonly createDte: (kind: DteKind, body: unknown, refund?: RefundMethod) => Promise<Result<DteRecord>>;
  readonly dteDetail: (id: string) => Promise<Result<DteDetail>>;
  /** The QR to MH's public lookup as a PNG data URI (APPROVED only). */
  readonly qrCode: (id: string) => Promise<Result<{ qrCodeUri: string }>>;
  /** The address book: recipients of past documents of this kind's book, most recent first. */
  readonly receivers: (kind: DteKind, q?: string) => Promise<Result<{ items: ReceiverEntry[] }>>;
  /** The signed document as MH receives it (with its seal once approved), for saving as a .json file. */
  readonly dteJson: (id: string) => Promise<Result<Record<string, unknown>>>;
  readonly invalidate: (body: unknown) => Promise<Result<InvalidationRecord>>;
  /** SUPERVISOR: settles an invalidation in doubt from MH's public lookup, `{outcome: INVALIDATED | NOT_INVALIDATED, note?}`. */
  readonly settleInvalidation: (id: string, input: unknown) => Promise<Result<InvalidationRecord>>;
  readonly syncStatus: () => Promise<Result<SyncStatus>>;
  /** SUPERVISOR: a document past the cap on sends goes to MH again (docs/decisions/0068-a-document-is-sent-a-few-times.md). */
  readonly sendAgain: (documentId: string) => Promise<Result<SyncStatus>>;
  /** Try MH now instead of waiting for the engine's timer. */
  readonly retrySync: () => Promise<Result<SyncStatus>>;
  /** The MH normative documents are issued under, and the scheduled switch (docs/decisions/0014-normativa-2026.md). */
  readonly normativeSettings: () => Promise<Result<NormativeView>>;
  /** ADMIN: `{current, switchAt?}`; refused while the station cannot issue under it. */
  readonly setNormativeSettings: (input: unknown) => Promise<Result<NormativeView>>;
  /** SUPERVISOR: the head office hub this station replicates to, and how replication goes; never the token. */
  readonly hubSettings: () => Promise<Result<HubSettingView>>;
  /** ADMIN: `{url, token}`, `{url}` keeping the stored token, or null to stop; checked with the hub first. */
  readonly setHubSettings: (input: unknown) => Promise<Result<HubSettingView>>;
  /** SUPERVISOR: where control numbers go on, and what stops them (docs/decisions/0029-numbering-never-collides-silently.md). */
  readonly numberingSettings: () => Promise<Result<NumberingView>>;
  /** ADMIN: `{newPointOfSale: true}` or `{last: {FC: n, …}, year?, posNumber?}`, MH's last numbers; audited. */
  readonly setNumberingSettings: (input: unknown) => Promise<Result<NumberingView>>;
  readonly listApiKeys: () => Promise<Result<ApiKeyInfo[]>>;
  /** The plain key comes back once and is never shown again. */
  readonly createApiKey: (name: string) => Promise<Result<{ id: string; key: string }>>;
  readonly revokeApiKey: (id: string) => Promise<Result<{ revoked: true }>>;
  readonly printSettings: () => Promise<Result<PrintSettings>>;
  readonly stationInfo: () => Promise<Result<StationInfo>>;
  /** The company's establishments, for a Nota de Remisión to another branch (docs/decisions/0084-emitir-new-kinds.md). */
  readonly companyBranches: () => Promise<Result<CompanyBranches>>;
  /** SUPERVISOR: `{branches: [{code, name, address}]}`, the whole list; audited. */
  readonly setCompanyBranches: (input: unknown) => Promise<Result<CompanyBranches>>;
  readonly setPrintSettings: (settings: PrintSettingsInput) => Promise<Result<PrintSettings>>;
  /** First run: a real station from the wizard (company, branch, environment, MH credentials, certificate). */
  readonly setUpStation: (input: unknown) => Promise<Result<StationSaved>>;
  /** First run: "look around the demo" answered once for this station, whatever window or browser asks next. */
  readonly seeWelcome: () => Promise<Result<{ seen: true }>>;
  /** Ajustes: the configured station's data, MH credentials and certificate (identity stays). */
  readonly updateStation: (input: unknown) => Promise<Result<StationSaved>>;
  /** The counter receipt: straight to the chosen printer when the station prints silently, else the dialog. */
  readonly printReceipt: (id: string) => Promise<Result<{ printed: true }>>;
  /** The letter PDF, through the print dialog. */
  readonly printLetter: (id: string) => Promise<Result<{ printed: true }>>;
  /** The database's copies kept, and the one under way (with its progress). */
  readonly backups: () => Promise<Result<BackupsStatus>>;
  /** A copy now; answers when it is whole (poll `backups` for progress meanwhile). */
  readonly backupNow: () => Promise<Result<BackupEntry>>;
  /** Walks the audit log's hash chain. */
  readonly verifyAudit: () => Promise<Result<AuditCheck>>;
  /**
   * The counter is filling in a document ('editing') or not ('idle'): the desktop app never restarts for an
   * update meanwhile. Nothing to do for the browser UI.
   */
  readonly activity: (state: 'editing' | 'idle') => Promise<Result<{ noted: true }>>;
  /** Pushed changes (document status, sync state); returns the unsubscribe. */
  readonly subscribe: (listener: (e: SelloEvent) => void) => () => void;
}

/** The product catalog (docs/decisions/0007-product-catalog.md): HTTP serves it at /products. */
export interface CatalogApi {
  /** Search by words (no case, no accents), code or barcode; in code order, a page at a time. */
  readonly listProducts: (query: ProductQuery) => Promise<Result<ProductPage>>;
  readonly getProduct: (id: string) => Promise<Result<Product>>;
  /** SUPERVISOR or ADMIN: the shelf price (IVA included) or the net price; the other is derived. */
  readonly createProduct: (input: unknown) => Promise<Result<Product>>;
  readonly updateProduct: (id: string, input: unknown) => Promise<Result<Product>>;
  /** SUPERVISOR or ADMIN: `{format, content, apply}`; a preview of every row, or the rows without errors saved. */
  readonly importProducts: (input: unknown) => Promise<Result<ProductImportResult>>;
  /** The whole catalog as CSV text or an XLSX workbook in base64. */
  readonly exportProducts: (format: CatalogFormat) => Promise<Result<ProductExport>>;
}

/** The request/response methods (everything but the push side). */
export type RequestMethod = Exclude<ApiMethod, 'subscribe'>;

/** What a method answers with when it succeeds. */
export type ApiValue<M extends RequestMethod> = SelloApi[M] extends (...args: never[]) => Promise<Result<infer V>> ? V : never;

/**
 * The same API inside the main process, before envelopes: values, with errors thrown. Both front doors call it
 * (main/core/front-door.ts); IPC wraps each answer in a Result, HTTP turns errors into problem+json.
 */
export type StationCalls = { readonly [M in RequestMethod]: (...args: Parameters<SelloApi[M]>) => Promise<ApiValue<M>> };

/** The channel the shell pushes SelloEvents on. */
export const EVENT_CHANNEL = 'sello:event';

export type ApiMethod = keyof SelloApi;

/** The one IPC channel; kept here (no zod) so the sandboxed preload bundle stays small. */
export const IPC_CHANNEL = 'sello:invoke';

/** What the preload sends over IPC_CHANNEL; checked in the main process by shared/ipc.ts. */
export interface IpcRequest {
  readonly method: RequestMethod;
  readonly args: readonly unknown[];
}
/** The request/response methods; `subscribe` is the push side. */
const CORE_METHODS = [
  'login',
  'logout',
  'session',
  'demoUsers',
  'listUsers',
  'createUser',
  'updateUser',
  'health',
  'listDtes',
  'getDte',
  'createDte',
  'dteDetail',
  'qrCode',
  'dteJson',
  'receivers',
  'invalidate',
  'settleInvalidation',
  'syncStatus',
  'sendAgain',
  'retrySync',
  'normativeSettings',
  'setNormativeSettings',
  'hubSettings',
  'setHubSettings',
  'numberingSettings',
  'setNumberingSettings',
  'listApiKeys',
  'createApiKey',
  'revokeApiKey',
  'printSettings',
  'stationInfo',
  'companyBranches',
  'setCompanyBranches',
  'setPrintSettings',
  'setUpStation',
  'seeWelcome',
  'updateStation',
  'printReceipt',
  'printLetter',
  'activity',
  'backups',
  'backupNow',
  'verifyAudit',
] as const;

/** The catalog's calls (CatalogApi). */
const CATALOG_METHODS = [
  'listProducts',
  'getProduct',
  'createProduct',
  'updateProduct',
  'importProducts',
  'exportProducts',
] as const satisfies readonly (keyof CatalogApi)[];

/**
 * The day's close (docs/decisions/0008-day-close.md): HTTP serves it at /closes, its PDFs at
 * /closes/:id/receipt and /closes/:id/pdf; `printClose` prints it on the counter's printer.
 */
export interface CloseApi {
  /** `{scope: 'station' | 'me' | {login}, from?, to?}`: a cashier closes only their own ('me'). */
  readonly makeClose: (input: unknown) => Promise<Result<DayClose>>;
  /** Newest first; a cashier sees only the closes of their own sales. */
  readonly listCloses: (query: CloseListQuery) => Promise<Result<DayClosePage>>;
  readonly getClose: (id: string) => Promise<Result<DayClose>>;
  /** `{scope, amount}`: the float a shift starts with, recorded once per shift; the close takes it. */
  readonly openDrawer: (input: unknown) => Promise<Result<DrawerOpening>>;
  /** The float the scope's current shift opened with, or null. */
  readonly drawerOpening: (scope: CloseScope) => Promise<Result<DrawerOpening | null>>;
  /** `{amount, reason}`: a supervisor corrects a recorded float; the recorded one stays and the close shows both. */
  readonly correctFloat: (openingId: string, input: unknown) => Promise<Result<FloatCorrection>>;
  /** The close on the receipt printer (silently when the station prints so; the browser opens the PDF). */
  readonly printCloseReceipt: (id: string) => Promise<Result<{ printed: true }>>;
  /** The close as a letter PDF, through the print dialog. */
  readonly printClosePdf: (id: string) => Promise<Result<{ printed: true }>>;
}

const CLOSE_METHODS = [
  'makeClose',
  'listCloses',
  'getClose',
  'openDrawer',
  'drawerOpening',
  'correctFloat',
  'printCloseReceipt',
  'printClosePdf',
] as const satisfies readonly (keyof CloseApi)[];

/**
 * Webhooks for the POS (docs/decisions/0011-webhooks.md), ADMIN only: HTTP serves them at /webhooks and
 * /webhook-deliveries/:id/retry.
 */
export interface WebhooksApi {
  readonly listWebhooks: () => Promise<Result<WebhookInfo[]>>;
  /** `{url, events?, secret?}`: the secret comes back once when the station made it. */
  readonly createWebhook: (input: unknown) => Promise<Result<WebhookCreated>>;
  readonly deleteWebhook: (id: string) => Promise<Result<{ deleted: true }>>;
  /** Enabled again (after a 410 Gone, or an administrator's disabling): what waited is sent, in order. */
  readonly enableWebhook: (id: string) => Promise<Result<WebhookInfo>>;
  readonly disableWebhook: (id: string) => Promise<Result<WebhookInfo>>;
  /** The delivery log, newest event first: `{limit?, cursor?}`. */
  readonly webhookDeliveries: (id: string, query: unknown) => Promise<Result<WebhookDeliveryPage>>;
  /** "Send again": the same delivery id and body. */
  readonly retryWebhookDelivery: (id: string) => Promise<Result<WebhookDelivery>>;
}

const WEBHOOK_METHODS = [
  'listWebhooks',
  'createWebhook',
  'deleteWebhook',
  'enableWebhook',
  'disableWebhook',
  'webhookDeliveries',
  'retryWebhookDelivery',
] as const satisfies readonly (keyof WebhooksApi)[];

/**
 * E-mail delivery (docs/decisions/0010-email-delivery.md): HTTP serves it at /settings/smtp, /dte/:id/send and
 * /deliveries/retry-failed; each document's deliveries are in its detail, the queue's counts in the sync state.
 */
export interface MailApi {
  /** ADMIN: the SMTP server and sender; the password never comes back, only whether one is set. */
  readonly smtpSettings: () => Promise<Result<SmtpSettingsView>>;
  /** ADMIN: `{host, port, secure, user?, password?, from: {name?, address}}`; a password left out is kept. */
  readonly setSmtpSettings: (input: unknown) => Promise<Result<SmtpSettingsView>>;
  /** ADMIN: `{email}`: a test message through the stored settings; whether it went and the server's words. */
  readonly testSmtp: (input: unknown) => Promise<Result<SmtpTestResult>>;
  /** `{email}`: the document again (APPROVED) or its invalidation notice (INVALIDATED), to that address. */
  readonly sendDte: (id: string, input: unknown) => Promise<Result<DeliveryRecord>>;
  /** SUPERVISOR: every failed delivery queued again. */
  readonly retryFailedDeliveries: () => Promise<Result<{ queued: number }>>;
}

const MAIL_METHODS = [
  'smtpSettings',
  'setSmtpSettings',
  'testSmtp',
  'sendDte',
  'retryFailedDeliveries',
] as const satisfies readonly (keyof MailApi)[];

/**
 * The accountant's month (docs/decisions/0013-iva-books-and-annexes.md), SUPERVISOR and ADMIN: HTTP serves it at
 * /books, /books/:book, /annexes/:annex, /reports/sales and /settings/books.
 */
export interface BooksApi {
  /** `YYYY-MM`: each annex's rows, casillas and problems, and the IVA summary. */
  readonly monthBooks: (month: string) => Promise<Result<MonthBooks>>;
  /** The annex as MH's portal takes it, in base64. */
  readonly annexFile: (annex: AnnexId, month: string) => Promise<Result<BookFile>>;
  readonly bookFile: (book: BookId, month: string, format: BookFormat) => Promise<Result<BookFile>>;
  /** `{from, to, pos?, cashier?}`: sales by day and kind, IVA, top products, documents that need someone. */
  readonly salesReport: (query: unknown) => Promise<Result<SalesReport>>;
  readonly booksSettings: () => Promise<Result<BooksSettings>>;
  /** ADMIN: some or all of the settings. */
  readonly setBooksSettings: (input: unknown) => Promise<Result<BooksSettings>>;
}

const BOOKS_METHODS = [
  'monthBooks',
  'annexFile',
  'bookFile',
  'salesReport',
  'booksSettings',
  'setBooksSettings',
] as const satisfies readonly (keyof BooksApi)[];

/**
 * MH's Evento de Retorno (docs/decisions/0015-evento-de-retorno.md): HTTP serves it at POST /dte/return and
 * GET /dte/:id/returns; a supervisor (or a POS key) makes one, as for an invalidation.
 */
export interface ReturnsApi {
  /** `{lines: [{dteId, item, quantity}], reason}`: the ER, sent to MH at once (PENDING when MH is not reached). */
  /** `refund`: how the Devolución was paid back, charged to the caller. */
  readonly returnDte: (body: unknown, refund?: RefundMethod) => Promise<Result<ReturnRecord>>;
  /** A document's ERs, its lines with what is left, and why a new one cannot be made (or null). */
  readonly dteReturns: (id: string) => Promise<Result<DocumentReturns>>;
  /** `{type?, reason?}`: invalidates a sealed ER, sent to MH at once (PENDING when MH is not reached). */
  readonly invalidateReturn: (id: string, body: unknown) => Promise<Result<ReturnInvalidationRecord>>;
  /** The ER on the receipt printer (silently when the station prints so; the browser opens the PDF). */
  readonly printReturnReceipt: (id: string) => Promise<Result<{ printed: true }>>;
  /** The ER as a letter PDF, through the print dialog. */
  readonly printReturnLetter: (id: string) => Promise<Result<{ printed: true }>>;
  /** The ER as signed, with its signature and MH's seal, for the customer (sealed ones). */
  readonly returnJson: (id: string) => Promise<Result<Record<string, unknown>>>;
  /** `{email}`: the sealed ER by e-mail, with its PDF and JSON. */
  readonly sendReturn: (id: string, input: unknown) => Promise<Result<DeliveryRecord>>;
  /** SUPERVISOR: settles an ER in doubt from MH's portal, `{outcome: RECEIVED | NOT_RECEIVED, seal?, note?}` (return-doubt.ts). */
  readonly settleReturn: (id: string, input: unknown) => Promise<Result<ReturnRecord>>;
  /**
   * The Eventos de Operaciones Especiales (docs/decisions/0083-evento-de-operaciones-especiales.md), newest first, of
   * one tax period (`yyyy-mm`) when given, each with MH's answer in words: GET /events/eoe.
   */
  readonly specialOperations: (period?: string) => Promise<Result<EoeRecord[]>>;
}

const RETURN_METHODS = [
  'returnDte',
  'dteReturns',
  'invalidateReturn',
  'printReturnReceipt',
  'printReturnLetter',
  'returnJson',
  'sendReturn',
  'settleReturn',
  'specialOperations',
] as const satisfies readonly (keyof ReturnsApi)[];

/** Every request/response method. */
/**
 * MH's homologation test set (docs/decisions/0017-homologation.md), ADMIN: HTTP serves it at /homologation,
 * POST /homologation, POST /homologation/resume and GET /homologation/runs/:id/report?format=pdf|csv.
 */
export interface HomologationApi {
  /** The run under way (or the last one), and why this station may not run one (LIVE, no certificate). */
  readonly homologation: () => Promise<Result<HomologationView>>;
  /** `{kinds, normative, seed?, paceMs?}`: a new run; refused in LIVE and while one is unfinished. */
  readonly startHomologation: (input: unknown) => Promise<Result<HomologationView>>;
  /** Goes on with the unfinished run where it stopped. */
  readonly resumeHomologation: () => Promise<Result<HomologationView>>;
  /** The report for MH's authorization request, in base64. */
  readonly homologationReport: (runId: string, format: 'pdf' | 'csv') => Promise<Result<BookFile>>;
}

const HOMOLOGATION_METHODS = [
  'homologation',
  'startHomologation',
  'resumeHomologation',
  'homologationReport',
] as const satisfies readonly (keyof HomologationApi)[];

/**
 * The receipt printer on ESC/POS (docs/decisions/0041-escpos-receipts.md): HTTP serves it at GET /printer/status,
 * POST /printer/test, POST /printer/drawer, GET /printer/pending, POST /printer/pending/:id/print and DELETE
 * /printer/pending/:id; the receipt itself is `printReceipt` (POST /dte/:id/print).
 */
export interface PrinterApi {
  /** What the printer says now (DLE EOT), asked before the sale; `pdf` when receipts go through the system. */
  readonly printerStatus: () => Promise<Result<PrinterStatus>>;
  /** A short test receipt on the configured printer (ADMIN). */
  readonly testPrint: () => Promise<Result<{ printed: true }>>;
  /** "Abrir gaveta": the kick pulse with no sale, audited with the person and listed in the close. */
  readonly openCashDrawer: () => Promise<Result<{ opened: true }>>;
  /** Receipts that could not print, oldest first. */
  readonly pendingReceipts: () => Promise<Result<PendingReceipt[]>>;
  /** Prints a pending receipt again (a reprint: the drawer stays closed). */
  readonly reprintPending: (id: string) => Promise<Result<{ printed: true }>>;
  /** The customer left: the pending receipt is dropped (audited); the document itself is untouched. */
  readonly discardPending: (id: string) => Promise<Result<{ discarded: true }>>;
}

const PRINTER_METHODS = [
  'printerStatus',
  'testPrint',
  'openCashDrawer',
  'pendingReceipts',
  'reprintPending',
  'discardPending',
] as const satisfies readonly (keyof PrinterApi)[];

/**
 * Prices below the shelf at the counter (docs/decisions/0074-price-overrides-and-scans.md): HTTP serves them at
 * /price-overrides, /price-overrides/approvals, /settings/price-overrides and /closes/:id/price-overrides.
 */
export interface PriceOverridesApi {
  /** How far below the shelf price a cashier sells alone (everyone at the counter reads it). */
  readonly priceOverrideSettings: () => Promise<Result<PriceOverrideSettings>>;
  /** ADMIN: `{threshold}` in percent. */
  readonly setPriceOverrideSettings: (input: unknown) => Promise<Result<PriceOverrideSettings>>;
  /** `{code, price, supervisor, secret}`: a supervisor's approval, held for this person's next sale. */
  readonly approvePrice: (input: unknown) => Promise<Result<PriceApproval>>;
  /** SUPERVISOR or ADMIN: the lines sold below the shelf, `{from?, to?, login?, limit?}`. */
  readonly listPriceOverrides: (query: PriceOverrideQuery) => Promise<Result<PriceOverridePage>>;
  /** The overrides of a close's scope and period (whoever may read the close). */
  readonly closePriceOverrides: (closeId: string) => Promise<Result<PriceOverridePage>>;
}

const PRICE_OVERRIDE_METHODS = [
  'priceOverrideSettings',
  'setPriceOverrideSettings',
  'approvePrice',
  'listPriceOverrides',
  'closePriceOverrides',
] as const satisfies readonly (keyof PriceOverridesApi)[];

export const API_METHODS = [
  ...CORE_METHODS,
  ...CATALOG_METHODS,
  ...CLOSE_METHODS,
  ...PRICE_OVERRIDE_METHODS,
  ...WEBHOOK_METHODS,
  ...MAIL_METHODS,
  ...BOOKS_METHODS,
  ...RETURN_METHODS,
  ...HOMOLOGATION_METHODS,
  ...PRINTER_METHODS,
] as const satisfies readonly RequestMethod[];

type Missing = Exclude<RequestMethod, (typeof API_METHODS)[number]>;
/** Compiles only when API_METHODS names every request method of SelloApi. */
export const API_METHODS_COMPLETE: [Missing] extends [never] ? true : never = true;
