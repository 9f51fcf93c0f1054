// The one way in. IPC (api-adapter.ts) and HTTP (http/server.ts) both reach the station through a FrontDoor:
// it resolves the station serving now (a single core in tests and `serve`, or the host whose first-run wizard
// swaps the demo for the real station) and offers the typed calls of shared/api.ts for one caller.
import type { StationCalls } from '../../shared/api';
import { ALL_EXTENSIONS, type DteKind, type Extensions, type UnknownFields } from '../../shared/contract';
import type { InvalidationResult } from './dte/invalidation/invalidate';
import type { ReturnResult } from './dte/retorno/retorno';
import type { ReturnInvalidationResult } from './dte/retorno/invalidate-return';
import type { EoeResult } from './dte/operaciones-especiales/special-operations';
import { eoeItemsFromCsv } from './dte/operaciones-especiales/eoe-csv';
import type { EoeItem, EoeRecord } from '../../shared/operaciones-especiales';
import type { PrintSettingsInput } from '../../shared/printing';
import type { DteRecord, Health, SelloEvent, StationSaved, SyncStatus } from '../../shared/records';
import type { CoreHost } from './core-host';
import type { Core } from './core-types';
import type { CreateResult } from './dte/issue';
import { CoreError } from './errors';
import type { DemoUser, SessionInfo } from '../../shared/people';
import type { Actor, Caller } from './auth/actor';
import {
  APPROVERS,
  CALL_PERMISSIONS,
  EVERYONE,
  PEOPLE,
  SUPERVISORS,
  issuersOf,
  issuing,
  requireCaller,
  type ActorCall,
} from './auth/permissions';
import type { ReceiptWidth } from './render/receipt';
import type { BookFormat, BookId } from '../../shared/books';
import type { BookDownload } from './books/book-file';
import { counterPapers } from './printer/counter-papers';
import type { RefundFacts } from './close/refunds';
import type { CashMovement, RefundMethod } from '../../shared/close';

/** The calls of shared/api.ts a caller makes once known, plus what only the HTTP contract needs. */
export interface DoorCalls extends Pick<StationCalls, ActorCall> {
  /** POST /dte/{type}: the record, whether it was a replay, and the unknown fields left out (unless strict). */
  readonly issue: (kind: DteKind, body: unknown, unknown: UnknownFields, extensions: Extensions) => Promise<CreateResult>;
  /** POST /closes/movements: cash withdrawn or handed over during a shift (close/cash-movements.ts). */
  readonly cashMovement: (input: unknown) => Promise<CashMovement>;
  /** An NC or a Devolución just made over HTTP, charged to the caller with how it was settled (close/refunds.ts). */
  readonly refunded: (facts: RefundFacts, said: RefundMethod | undefined) => Promise<void>;
  /** Waits up to `ms` for MH's answer to a document just issued; the record as it stands then. */
  readonly settled: (id: string, ms: number) => Promise<DteRecord>;
  /** The invalidation, and whether it still waits for MH. */
  readonly invalidateDte: (body: unknown, unknown: UnknownFields) => Promise<InvalidationResult>;
  /** The Evento de Retorno, and whether it still waits for MH. */
  readonly returnGoods: (body: unknown, unknown: UnknownFields) => Promise<ReturnResult>;
  /** An Evento de Operaciones Especiales, and whether it still waits for MH (decision 0083). */
  readonly reportSpecialOperations: (body: unknown, unknown: UnknownFields) => Promise<EoeResult>;
  /** The items of an EOE read from a CSV, checked, nothing stored. */
  readonly specialOperationsFromCsv: (body: unknown) => Promise<{ items: EoeItem[] }>;
  /** One EOE, with MH's answer. */
  readonly specialOperation: (id: string) => Promise<EoeRecord>;
  /** An ER's invalidation, and whether it still waits for MH. */
  readonly invalidateGoodsReturn: (id: string, body: unknown, unknown: UnknownFields) => Promise<ReturnInvalidationResult>;
  /** The contract's letter PDF: APPROVED only. */
  readonly letterPdf: (id: string) => Promise<Buffer>;
  /** An IVA book written to a temporary file for the answer to send, then remove (decision 0044). */
  readonly bookDownload: (book: BookId, month: string, format: BookFormat) => Promise<BookDownload>;
  /** The app's own copy for its screens: APPROVED, or INVALIDATED marked ANULADO (a person's session only). */
  readonly letterCopy: (id: string) => Promise<Buffer>;
  readonly receipt: (id: string, width: ReceiptWidth) => Promise<Buffer>;
  /** Wakes the sync engine now (POST /sync/retry). */
  readonly wakeSync: () => Promise<SyncStatus>;
  /** The day's close on the receipt printer's paper, and on letter paper. */
  readonly closeReceipt: (id: string, width: ReceiptWidth) => Promise<Buffer>;
  /** An Evento de Retorno's counter receipt and letter PDF (a person's session only). */
  readonly returnReceipt: (id: string, width: ReceiptWidth) => Promise<Buffer>;
  readonly returnLetter: (id: string) => Promise<Buffer>;
  readonly closePdf: (id: string) => Promise<Buffer>;
}

export interface FrontDoor {
  /** The station serving now. */
  readonly core: () => Core;
  readonly health: () => Health;
  /** The station's pushes, followed across a swap of the station. */
  readonly onEvent: (listener: (e: SelloEvent) => void) => () => void;
  /** What `actor` may call, each call checked against auth/permissions.ts. */
  readonly calls: (actor: Actor) => DoorCalls;
  /** Opens a session (auth/people.ts); the token goes in a cookie or stays with the desktop window. */
  readonly login: (input: unknown, from: string) => Promise<{ readonly token: string; readonly session: SessionInfo }>;
  /** The person behind a session token, or UNAUTHORIZED saying why. */
  readonly actor: (token: string) => Actor;
  readonly session: (token: string) => SessionInfo;
  readonly logout: (token: string) => void;
  /** Whether a session still stands, without counting as activity. */
  readonly alive: (token: string) => boolean;
  readonly demoUsers: () => DemoUser[];
}

/** Runs `fn` now and answers in a promise: a throw becomes a rejection, as from any other call. */
const answer = <T>(fn: () => T): Promise<T> => new Promise((resolve) => resolve(fn()));

const notHere = (what: string) => () =>
  Promise.reject(new CoreError('PRINT_FAILED', `${what} está disponible en la aplicación de escritorio.`));

export function frontDoor(source: Core | CoreHost): FrontDoor {
  const host = 'current' in source ? source : null;
  const single = host ? null : (source as Core);
  // Asked for on every call: the first-run wizard swaps the demo for the real station.
  const core = (): Core => (host ? host.current() : single!);
  const setUp = (input: unknown, actor: string): Promise<StationSaved> => {
    if (!host)
      return Promise.reject(new CoreError('STATION_CONFLICT', 'Esta instalación no configura estaciones; use `sello serve --config`.'));
    return host.setUp(input, actor);
  };
  const health = () => (host ? host.health() : core().health());
  const onEvent = (l: (e: SelloEvent) => void) => (host ? host.onEvent(l) : core().sync.onEvent(l));

  // Built once per caller, not per request: the object holds a hundred closures (bench/load.ts showed 5 % of
  // the request thread spent building it). They read the core at call time, so a cached one stays current.
  const built = new Map<string, DoorCalls>();
  const calls = (who: Actor): DoorCalls => {
    const key = `${who.caller}\u0000${who.id}`;
    let c = built.get(key);
    if (!c) {
      if (built.size >= 1000) built.clear();
      c = guarded(who, unchecked(who));
      built.set(key, c);
    }
    return c;
  };
  /**
   * A refund charged to whoever made it, with how it was settled; a cash one opens the drawer, recorded as a
   * refund's pulse (docs/decisions/0073-money-follows-the-person.md). A drawer that does not open never undoes it.
   */
  const charge = async (who: Actor, facts: RefundFacts, said: RefundMethod | undefined): Promise<void> => {
    const { row, created } = core().closes.recordRefund(facts, who, said);
    if (!created || row.method !== 'cash') return;
    // The refund is made and recorded: a printer that fails here is audited by refundPulse, never the refund's error.
    await core()
      .printer.refundPulse({ kind: facts.kind, id: facts.id }, who.id)
      .catch(() => undefined);
  };
  const unchecked = (who: Actor, actor = who.id): DoorCalls => {
    const refunded = (facts: RefundFacts, said: RefundMethod | undefined) => charge(who, facts, said);
    return {
      refunded,
      cashMovement: (input) => answer(() => core().closes.recordMovement(input, who)),
      health: () => answer(() => health()),
      listDtes: (query) => answer(() => core().dtes.list(query)),
      getDte: (id) => answer(() => core().dtes.get(id)),
      createDte: async (kind, body, refund) => {
        const hub = await core().dtes.relatedAtHub(kind, body);
        // Sello's own screens sell weighed goods: they always take the contract's extensions (decision 0072).
        const record = core().dtes.create(kind, body, actor, undefined, hub, ALL_EXTENSIONS).record;
        if (kind === 'NC') await refunded({ kind: 'NC', id: record.id, amount: record.total ?? '0' }, refund);
        return record;
      },
      listUsers: () => answer(() => core().people.users.list()),
      createUser: (input) => answer(() => core().people.create(input, who)),
      updateUser: (login, input) => answer(() => core().people.update(login, input, who)),
      dteDetail: (id) => answer(() => core().dtes.detail(id)),
      qrCode: async (id) => ({ qrCodeUri: await core().dtes.qr(id) }),
      receivers: (kind, q) => answer(() => ({ items: core().dtes.receivers(kind, q?.trim() || undefined) })),
      makeClose: (input) => answer(() => core().closes.make(input, who)),
      listCloses: (query) => answer(() => core().closes.list(query, who)),
      getClose: (id) => answer(() => core().closes.get(id, who)),
      openDrawer: (input) => answer(() => core().closes.open(input, who)),
      drawerOpening: (scope) => answer(() => core().closes.opening(scope, who)),
      correctFloat: (id, input) => answer(() => core().closes.correctFloat(id, input, who)),
      closeReceipt: (id, width) => core().closes.receipt(id, width, who),
      returnReceipt: (id, width) => core().returns.paper.receipt(id, width),
      returnLetter: (id) => core().returns.paper.letter(id),
      closePdf: (id) => core().closes.letterPdf(id, who),
      priceOverrideSettings: () => answer(() => core().priceOverrides.settings()),
      setPriceOverrideSettings: (input) => answer(() => core().priceOverrides.setSettings(input, actor)),
      approvePrice: (input) => core().priceOverrides.approve(input, who),
      listPriceOverrides: (query) => answer(() => core().priceOverrides.list(query)),
      // Read as the close itself is (closes.ts checks a cashier reads only their own).
      closePriceOverrides: (id) => answer(() => ({ items: core().priceOverrides.ofClose(core().closes.get(id, who)) })),
      dteJson: (id) => answer(() => core().dtes.signedJson(id)),
      invalidate: async (body) => (await core().dtes.invalidate(body, actor)).record,
      settleInvalidation: (id, input) => answer(() => core().invalidationDoubts.settleDoubt(id, input, actor)),
      returnDte: async (body, refund) => {
        const { record } = await core().returns.make(body, actor);
        await refunded({ kind: 'ER', id: record.id, amount: record.total, dteIds: record.dteIds }, refund);
        return record;
      },
      invalidateReturn: async (id, body) => (await core().returns.invalidate(id, body, actor)).invalidation,
      dteReturns: (id) => answer(() => core().returns.ofDocument(id)),
      settleReturn: (id, input) =>
        answer(() => {
          core().returns.settleDoubt(id, input, actor);
          return core().returns.get(id);
        }),
      syncStatus: () => answer(() => core().sync.status()),
      normativeSettings: () => answer(() => core().normative.get()),
      setNormativeSettings: (input) => answer(() => core().normative.set(input, actor)),
      hubSettings: () => answer(() => core().hubSetting.get()),
      setHubSettings: (input) => core().hubSetting.set(input, actor),
      numberingSettings: () => answer(() => core().numbering.view()),
      setNumberingSettings: (input) => answer(() => core().numbering.confirm(input, actor)),
      homologation: () => answer(() => core().homologation.view()),
      startHomologation: (input) => answer(() => core().homologation.start(input, actor)),
      resumeHomologation: () => answer(() => core().homologation.resume()),
      homologationReport: (runId, format) => core().homologation.report(runId, format),
      retrySync: () =>
        answer(() => {
          core().sync.retryNow();
          return core().sync.status();
        }),
      sendAgain: (id) =>
        answer(() => {
          core().sync.sendAgain(id, actor);
          return core().sync.status();
        }),
      listApiKeys: () => answer(() => core().apiKeys.list()),
      createApiKey: (name) => answer(() => core().apiKeys.create(name, new Date().toISOString(), actor)),
      revokeApiKey: (id) =>
        answer(() => {
          if (!core().apiKeys.revoke(id, new Date().toISOString(), actor))
            throw new CoreError('NOT_FOUND', 'No hay una clave activa con ese id.');
          return { revoked: true as const };
        }),
      printSettings: () => answer(() => core().printing.get()),
      // Checked by the core whatever the caller's type says (HTTP hands over the body as sent).
      setPrintSettings: (settings: PrintSettingsInput) => answer(() => core().printing.set(settings, actor)),
      stationInfo: () => answer(() => core().stationInfo()),
      companyBranches: () => answer(() => core().branches.list()),
      setCompanyBranches: (input) => answer(() => core().branches.set(input, actor)),
      setUpStation: (input) => setUp(input, actor),
      seeWelcome: () =>
        answer(() => {
          host?.seeWelcome();
          return { seen: true as const };
        }),
      updateStation: (input) => core().updateStation(input, actor),
      // ESC/POS from the station itself; the PDF receipt is printed by the desktop shell (main/electron/main.ts).
      printReceipt: (id) => core().printer.printReceipt(id, actor),
      printerStatus: () => core().printer.status(),
      testPrint: () => core().printer.testPrint(actor),
      openCashDrawer: () => core().printer.openDrawer(actor),
      pendingReceipts: () => answer(() => core().printer.pending()),
      reprintPending: (id) => core().printer.reprint(id, actor),
      discardPending: (id) => answer(() => core().printer.discard(id, actor)),
      printLetter: notHere('La impresión directa'),
      // ESC/POS from the station too (printer/counter-papers.ts); with the PDF receipt, PRINTER_NOT_CONFIGURED.
      printCloseReceipt: (id) => counterPapers(core()).closeTicket(id, who),
      printReturnReceipt: (id) => counterPapers(core()).returnReceipt(id),
      printReturnLetter: notHere('La impresión directa'),
      returnJson: (id) => answer(() => core().returns.paper.signedJson(id)),
      sendReturn: (id, input) => answer(() => core().deliveries.sendReturn(id, input ?? {}, who)!),
      printClosePdf: notHere('La impresión directa'),
      activity: () => answer(() => ({ noted: true as const })),
      backups: () => answer(() => core().backups.status()),
      backupNow: async () => {
        const b = await core().backups.create('manual');
        return { file: b.file, reason: b.reason, bytes: b.bytes, takenAt: b.takenAt };
      },
      verifyAudit: () => core().verifyAudit(),
      listProducts: (query) => answer(() => core().products.list(query)),
      getProduct: (id) => answer(() => core().products.get(id)),
      createProduct: (input) => answer(() => core().products.create(input, actor)),
      updateProduct: (id, input) => answer(() => core().products.update(id, input, actor)),
      importProducts: (input) => core().products.importFile(input, actor),
      exportProducts: (format) => core().products.exportFile(format),
      listWebhooks: () => answer(() => core().webhooks.list()),
      createWebhook: (input) => answer(() => core().webhooks.create(input, actor)),
      deleteWebhook: (id) => answer(() => core().webhooks.remove(id, actor)),
      enableWebhook: (id) => answer(() => core().webhooks.setActive(id, true, actor)),
      disableWebhook: (id) => answer(() => core().webhooks.setActive(id, false, actor)),
      webhookDeliveries: (id, query) => answer(() => core().webhooks.deliveries(id, query)),
      retryWebhookDelivery: (id) => answer(() => core().webhooks.retry(id, actor)),
      smtpSettings: () => answer(() => core().deliveries.smtp.view()),
      setSmtpSettings: (input) =>
        answer(() => {
          const saved = core().deliveries.smtp.set(input, actor);
          core().deliveries.wake();
          return saved;
        }),
      testSmtp: (input) => core().deliveries.test(input, actor),
      sendDte: (id, input) => answer(() => core().deliveries.resend(id, input, who)),
      retryFailedDeliveries: () => answer(() => core().deliveries.retryFailed(actor)),
      monthBooks: (month) => core().books.month(month),
      annexFile: (annex, month) => core().books.annexFile(annex, month),
      bookFile: (book, month, format) => core().books.bookFile(book, month, format),
      bookDownload: (book, month, format) => core().books.bookDownload(book, month, format),
      salesReport: (query) => core().books.report(query),
      booksSettings: () => answer(() => core().books.settings()),
      setBooksSettings: (input) => answer(() => core().books.setSettings(input, actor)),
      // An NC or ND asks the hub first (another branch's CCF, the company's notes on it); outside any transaction.
      issue: async (kind, body, unknown, extensions) =>
        core().dtes.create(kind, body, actor, unknown, await core().dtes.relatedAtHub(kind, body), extensions),
      settled: async (id, ms) => {
        const now = core().dtes.get(id);
        if (now.status !== 'CREATED' && now.status !== 'PROCESSING') return now;
        await core().sync.waitForDocument(id, ms);
        return core().dtes.get(id);
      },
      invalidateDte: (body, unknown) => core().dtes.invalidate(body, actor, unknown),
      returnGoods: (body, unknown) => core().returns.make(body, actor, unknown),
      invalidateGoodsReturn: (id, body, unknown) => core().returns.invalidate(id, body, actor, unknown),
      reportSpecialOperations: (body, unknown) => core().specialOperations.report(body, actor, unknown),
      specialOperationsFromCsv: (body) => answer(() => eoeItemsFromCsv(body)),
      specialOperations: (period) => answer(() => core().specialOperations.list(period)),
      specialOperation: (id) => answer(() => core().specialOperations.get(id)),
      letterPdf: (id) => core().dtes.letterPdf(id),
      letterCopy: (id) => core().dtes.letterCopy(id),
      receipt: (id, width) => core().dtes.receipt(id, width, actor),
      wakeSync: () =>
        answer(() => {
          core().sync.wake();
          return core().sync.status();
        }),
    };
  };

  return {
    core,
    health,
    onEvent,
    calls,
    login: (input, from) => core().people.login(input, from),
    actor: (token) => core().people.actor(token),
    session: (token) => core().people.session(token),
    logout: (token) => core().people.logout(token),
    alive: (token) => core().people.alive(token),
    demoUsers: () => [...core().people.demoUsers()],
  };
}

/** Every call, first checked against auth/permissions.ts (a refused call never reaches the core). */
function guarded(who: Actor, c: DoorCalls): DoorCalls {
  const check =
    <A extends unknown[], R>(allowed: readonly Caller[], what: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      requireCaller(who, allowed, what);
      return fn(...args);
    };
  const out = { ...c } as Record<string, unknown>;
  for (const [m, allowed] of Object.entries(CALL_PERMISSIONS) as [ActorCall, readonly Caller[]][]) {
    out[m] = check(allowed, 'Esta operación', c[m] as (...args: unknown[]) => unknown);
  }
  return {
    ...(out as unknown as DoorCalls),
    createDte: (kind, body, refund) => check(issuersOf(kind), issuing(kind), c.createDte)(kind, body, refund),
    issue: (kind, body, unknown, extensions) => check(issuersOf(kind), issuing(kind), c.issue)(kind, body, unknown, extensions),
    settled: check(EVERYONE, 'Esta consulta', c.settled),
    // Only after an NC or an ER the caller was allowed to make (server.ts calls it right after them).
    refunded: check(APPROVERS, 'Registrar una devolución', c.refunded),
    cashMovement: check(SUPERVISORS, 'Registrar un retiro o una entrega de efectivo', c.cashMovement),
    invalidateDte: check(APPROVERS, 'Invalidar un documento', c.invalidateDte),
    returnGoods: check(APPROVERS, 'Registrar una devolución', c.returnGoods),
    invalidateGoodsReturn: check(APPROVERS, 'Invalidar una devolución', c.invalidateGoodsReturn),
    reportSpecialOperations: check(APPROVERS, 'Reportar operaciones especiales', c.reportSpecialOperations),
    specialOperationsFromCsv: check(APPROVERS, 'Reportar operaciones especiales', c.specialOperationsFromCsv),
    specialOperation: check(EVERYONE, 'Esta consulta', c.specialOperation),
    letterPdf: check(EVERYONE, 'Esta consulta', c.letterPdf),
    // The same people as bookFile's (auth/permissions.ts).
    bookDownload: check(CALL_PERMISSIONS.bookFile, 'Esta operación', c.bookDownload),
    letterCopy: check(PEOPLE, 'Imprimir la copia de un documento', c.letterCopy),
    receipt: check(EVERYONE, 'Esta consulta', c.receipt),
    wakeSync: check(SUPERVISORS, 'Reintentar el envío a MH', c.wakeSync),
    closeReceipt: check(PEOPLE, 'Imprimir un cierre de caja', c.closeReceipt),
    returnReceipt: check(PEOPLE, 'Imprimir una devolución', c.returnReceipt),
    returnLetter: check(PEOPLE, 'Imprimir una devolución', c.returnLetter),
    closePdf: check(PEOPLE, 'Imprimir un cierre de caja', c.closePdf),
  };
}
