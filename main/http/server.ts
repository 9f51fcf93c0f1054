// The local HTTP API: the service contract (shared/contract/ and docs/decisions/0002-contract-gaps.md) over the
// same core as IPC.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DTE_KINDS,
  EXTENSIONS_APPLIED_HEADER,
  EXTENSIONS_HEADER,
  isUuid,
  parseExtensions,
  toFieldErrors,
  type DteKind,
  type Extensions,
  type UnknownFields,
} from '../../shared/contract';
import { wellFormed } from '../../shared/text';
import { closeListQuery, openingQuery, parseRefundMethod, REFUND_METHOD_HEADER, scopeOfQuery, type RefundMethod } from '../../shared/close';
import { ANNEXES, BOOKS, annexQuery, bookQuery, reportQuery } from '../../shared/books';
import { TITLES } from '../../shared/errors';
import type { Core } from '../core/core-types';
import { frontDoor, type DoorCalls, type FrontDoor } from '../core/front-door';
import type { Actor, Caller } from '../core/auth/actor';
import { keyActor } from '../core/auth/actor';
import { countedAddress } from '../core/auth/login-backoff';
import { LoginThrottled } from '../core/auth/people';
import { ADMINS, APPROVERS, EVERYONE, PEOPLE, SUPERVISORS, issuersOf, requireCaller } from '../core/auth/permissions';
import { productListQuery } from '../../shared/catalog';
import { priceOverrideQuery } from '../../shared/price-overrides';
import type { PrintSettingsInput } from '../../shared/printing';
import type { CoreHost } from '../core/core-host';
import { CoreError, validationFailed } from '../core/errors';
import { answerFailure } from '../core/front-failure';
import type { Logger } from '../core/logger';
import { loggerFor, REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { authThrottle } from '../core/auth/throttle';
import { allowedHostNames, hostAllowed, originAllowed } from './guards';
import { bodyProblem, sendProblem, urlProblem } from './problem';
import { registerUi } from './ui';
import { sendDownload } from './download';
import { registerApiDocs } from './openapi/docs-page';
import { openApiDocument } from './openapi/document';
import { SELLO_VERSION } from '../core/station/station-service';
import { apiKeyBody, eoeListQuery, exportQuery, homologationReportQuery, listQuery, receiptQuery, receiversQuery } from './queries';
import { catalogAnswer, catalogIndexAnswer } from './catalogs';
import { catalogQuery } from '../../shared/catalogs/lists';

export const SUPPORTED_API_VERSIONS = ['1'] as const;
/** Big enough for MH's 2,000 items with 1,000-character descriptions. */
export const BODY_LIMIT = 4 * 1024 * 1024;
/** A catalog file of 50,000 rows, as CSV or as an XLSX in base64, with room for long descriptions. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

export interface HttpOptions {
  readonly logger: Logger;
  /** Folder of the renderer build to serve at `/`; none in API-only tests. */
  readonly uiDir?: string;
  /** Host names accepted besides loopback (a LAN binding's name or address); see guards.ts. */
  readonly allowedHosts?: readonly string[];
  /** Milliseconds clock for the failed-auth throttle (tests move it). */
  readonly now?: () => number;
  readonly throttle?: { readonly maxFailures?: number; readonly windowMs?: number; readonly lockMs?: number };
  /**
   * Whether the first-run wizard may set the station up over HTTP (`sello serve`, whose UI is the browser). The
   * desktop app says no: its wizard runs over IPC, and its port is open to every local program, which could
   * otherwise log in with the demo's published administrator and claim the station.
   */
  readonly setupOverHttp?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: a person's session or a POS key; null on the routes anyone may call. */
    actor: Actor | null;
  }
}

/** The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it). */
export const SESSION_COOKIE = 'sello_session';

const fail = (reply: FastifyReply, e: unknown, logger: Logger, door: FrontDoor) =>
  sendProblem(
    reply,
    answerFailure(e, loggerFor(logger, reply.request.id), () => door.core().disk.writeFailed()),
  );

/** The `handling` preference (RFC 7240): 'strict' or 'lenient'; null when not asked for. */
export function preferHandling(header: string | string[] | undefined): 'strict' | 'lenient' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const m = /(?:^|[,;\s])handling\s*=\s*"?(strict|lenient)"?/i.exec(value);
  return m ? (m[1]!.toLowerCase() as 'strict' | 'lenient') : null;
}

/** The `wait` preference in seconds (RFC 7240), capped at 30; null when not asked for. */
export function preferWait(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const m = /(?:^|[,;\s])wait\s*=\s*(\d+)/i.exec(value);
  return m ? Math.min(30, Number(m[1])) : null;
}

/** The station: one core (tests), or the host that can swap the demo for a real station (the app). */
export type CoreSource = Core | CoreHost;

/** What a route's handler gets: the front door's calls for this caller, and the request's parts, checked. */
interface Ctx {
  /** The calls of whoever is calling (UNAUTHORIZED on a PUBLIC route called without a credential). */
  readonly api: DoorCalls;
  readonly door: FrontDoor;
  /** Failed logins per address, and the checks under way per address. */
  readonly logins: LoginGate;
  readonly setupOverHttp: boolean;
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
  /** The JSON body; a request without one is malformed. */
  body(): unknown;
  /** The `:id` in the path, a UUID. */
  id(): string;
  /** The query string, checked against `schema`; a bad one is a 422 naming the parameter. */
  query<T>(schema: z.ZodType<T>): T;
  /** A file to download or show inline. */
  file(disposition: 'attachment' | 'inline', name: string, type: string, content: unknown): FastifyReply;
}

/** Who a route accepts: callers (auth/permissions.ts), or PUBLIC for logging in. */
type Roles = readonly Caller[] | 'public';
const PUBLIC = 'public';

interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly roles: Roles;
  readonly handle: (c: Ctx) => Promise<unknown>;
  /** A body bigger than the server's (a catalog file), in bytes. */
  readonly bodyLimit?: number;
}

const route = (method: Route['method'], path: string, roles: Roles, handle: Route['handle'], bodyLimit?: number): Route => ({
  method,
  path,
  roles,
  handle,
  ...(bodyLimit === undefined ? {} : { bodyLimit }),
});
const created = (c: Ctx, status = 201) => c.reply.code(status);

/**
 * The contract's routes (docs/decisions/0002-contract-gaps.md) and the app's, one line each: method, path, who may
 * call (auth/permissions.ts: EVERYONE includes a POS key; PEOPLE, SUPERVISORS, ADMINS are roles), the call.
 */
const ROUTES: readonly Route[] = [
  // Sessions: the browser UI logs in here and keeps an HttpOnly cookie.
  route('POST', '/session', PUBLIC, (c) => login(c)),
  route('GET', '/session', PUBLIC, (c) => Promise.resolve(c.door.session(sessionToken(c.req) ?? ''))),
  route('DELETE', '/session', PUBLIC, (c) => logout(c)),
  route('GET', '/session/demo-users', PUBLIC, (c) => Promise.resolve(c.door.demoUsers())),
  ...DTE_KINDS.map((kind) => route('POST', `/dte/${kind.toLowerCase()}`, issuersOf(kind), (c) => issue(c, kind))),
  // 201 once MH answered (APPROVED or REJECTED); 202 while the event waits for MH.
  route('POST', '/dte/invalidate', APPROVERS, async (c) =>
    c.api.invalidateDte(c.body(), handling(c)).then((r) => (ignoredFields(c, r.ignored), created(c, r.pending ? 202 : 201), r.record)),
  ),
  // An invalidation in doubt, settled by a supervisor from MH's public lookup (docs/decisions/0024-event-answer-lost.md).
  route('POST', '/dte/invalidations/:id/settle', SUPERVISORS, (c) => c.api.settleInvalidation(c.id(), c.body())),
  // Evento de Retorno (docs/decisions/0015-evento-de-retorno.md): as an invalidation, 201 once MH answered, 202 while it waits.
  route('POST', '/dte/return', APPROVERS, async (c) => {
    const refund = refundSaid(c);
    const r = await c.api.returnGoods(c.body(), handling(c));
    await c.api.refunded({ kind: 'ER', id: r.record.id, amount: r.record.total, dteIds: r.record.dteIds }, refund);
    return (ignoredFields(c, r.ignored), created(c, r.pending ? 202 : 201), r.record);
  }),
  route('GET', '/dte/:id/returns', EVERYONE, (c) => c.api.dteReturns(c.id())),
  // An ER in doubt, settled by a supervisor with the seal MH's portal shows (dte/retorno/return-doubt.ts).
  route('POST', '/dte/returns/:id/settle', SUPERVISORS, (c) => c.api.settleReturn(c.id(), c.body())),
  // An ER's paper and JSON for the customer (MF2 p.28): the receipt and letter for the counter, the JSON for anyone.
  route('GET', '/dte/returns/:id/receipt', PEOPLE, async (c) =>
    c.file(
      'inline',
      `${c.id().toUpperCase()}-${c.query(receiptQuery).width}mm.pdf`,
      'application/pdf',
      await c.api.returnReceipt(c.id(), c.query(receiptQuery).width),
    ),
  ),
  // On the ESC/POS printer, as a sale's receipt (docs/decisions/0075-paper-at-the-counter.md).
  route('POST', '/dte/returns/:id/print', PEOPLE, (c) => c.api.printReturnReceipt(c.id())),
  route('GET', '/dte/returns/:id/letter', PEOPLE, async (c) =>
    c.file('inline', `${c.id().toUpperCase()}.pdf`, 'application/pdf', await c.api.returnLetter(c.id())),
  ),
  route('GET', '/dte/returns/:id/json', EVERYONE, async (c) =>
    c.file('attachment', `${c.id().toUpperCase()}.json`, 'application/json', await c.api.returnJson(c.id())),
  ),
  // An ER made by mistake, invalidated (docs/decisions/0050-evento-de-retorno-complete.md): 201 once MH answered, 202 while it waits.
  route('POST', '/dte/returns/:id/invalidate', APPROVERS, async (c) =>
    c.api
      .invalidateGoodsReturn(c.id(), c.body(), handling(c))
      .then((r) => (ignoredFields(c, r.ignored), created(c, r.pending ? 202 : 201), r.invalidation)),
  ),
  // Evento de Operaciones Especiales (docs/decisions/0083-evento-de-operaciones-especiales.md): 201 once MH answered,
  // 202 while it waits; its items may come from a CSV first (checked, nothing stored).
  route('POST', '/events/eoe', APPROVERS, async (c) =>
    c.api
      .reportSpecialOperations(c.body(), handling(c))
      .then((r) => (ignoredFields(c, r.ignored), created(c, r.replayed ? 200 : r.pending ? 202 : 201), r.record)),
  ),
  route('POST', '/events/eoe/items-from-csv', APPROVERS, (c) => c.api.specialOperationsFromCsv(c.body()), 4_200_000),
  route('GET', '/events/eoe', EVERYONE, (c) => c.api.specialOperations(c.query(eoeListQuery).period)),
  route('GET', '/events/eoe/:id', EVERYONE, (c) => c.api.specialOperation(c.id())),
  route('GET', '/dte', EVERYONE, (c) => c.api.listDtes(c.query(listQuery))),
  route('GET', '/dte/:id', EVERYONE, (c) => c.api.getDte(c.id())),
  route('GET', '/dte/:id/detail', EVERYONE, (c) => c.api.dteDetail(c.id())),
  route('GET', '/dte/:id/qr', EVERYONE, (c) => c.api.qrCode(c.id())),
  route('GET', '/dte/:id/download/json', EVERYONE, async (c) =>
    c.file('attachment', `${c.id().toUpperCase()}.json`, 'application/json', await c.api.dteJson(c.id())),
  ),
  route('GET', '/dte/:id/download/pdf', EVERYONE, async (c) =>
    c.file('attachment', `${c.id().toUpperCase()}.pdf`, 'application/pdf', await c.api.letterPdf(c.id())),
  ),
  // Not the contract: the app's screens print an invalidated document's ANULADO copy here, a person's session only.
  route('GET', '/dte/:id/letter', PEOPLE, async (c) =>
    c.file('inline', `${c.id().toUpperCase()}.pdf`, 'application/pdf', await c.api.letterCopy(c.id())),
  ),
  route('GET', '/dte/:id/receipt', EVERYONE, async (c) => receipt(c, c.id(), c.query(receiptQuery).width)),
  // The receipt printer on ESC/POS (docs/decisions/0041-escpos-receipts.md): printed by the station, no dialog.
  route('POST', '/dte/:id/print', PEOPLE, (c) => c.api.printReceipt(c.id())),
  route('GET', '/printer/status', PEOPLE, (c) => c.api.printerStatus()),
  route('POST', '/printer/test', ADMINS, (c) => c.api.testPrint()),
  route('POST', '/printer/drawer', PEOPLE, (c) => c.api.openCashDrawer()),
  route('GET', '/printer/pending', PEOPLE, (c) => c.api.pendingReceipts()),
  route('POST', '/printer/pending/:jobId/print', PEOPLE, (c) => c.api.reprintPending(jobId(c))),
  route('DELETE', '/printer/pending/:jobId', SUPERVISORS, (c) => c.api.discardPending(jobId(c))),
  // The counter's address book (not part of the DTE contract): recipients of past documents.
  route('GET', '/receivers', PEOPLE, (c) => ((q) => c.api.receivers(q.type, q.q))(c.query(receiversQuery))),
  // The day's close (docs/decisions/0008-day-close.md): people only; a cashier closes and reads their own.
  route('POST', '/closes', PEOPLE, (c) => c.api.makeClose(c.body()).then((r) => (created(c).header('location', `/closes/${r.id}`), r))),
  route('GET', '/closes', PEOPLE, (c) => c.api.listCloses(c.query(closeListQuery))),
  route('GET', '/closes/:id', PEOPLE, (c) => c.api.getClose(closeId(c))),
  // A shift's opening float (docs/decisions/0038-drawer-reconciliation.md): recorded once, taken by the close.
  route('POST', '/closes/openings', PEOPLE, (c) => c.api.openDrawer(c.body()).then((r) => (created(c), r))),
  route('GET', '/closes/openings/current', PEOPLE, (c) => c.api.drawerOpening(scopeOfQuery(c.query(openingQuery)))),
  route('POST', '/closes/openings/:id/corrections', SUPERVISORS, (c) => c.api.correctFloat(c.id(), c.body()).then((r) => (created(c), r))),
  route('POST', '/closes/movements', SUPERVISORS, (c) => c.api.cashMovement(c.body()).then((r) => (created(c), r))),
  route('GET', '/closes/:id/receipt', PEOPLE, async (c) =>
    ((id, width) => c.api.closeReceipt(id, width).then((pdf) => c.file('inline', `cierre-${id}-${width}mm.pdf`, 'application/pdf', pdf)))(
      closeId(c),
      c.query(receiptQuery).width,
    ),
  ),
  route('POST', '/closes/:id/print', PEOPLE, (c) => c.api.printCloseReceipt(closeId(c))),
  route('GET', '/closes/:id/pdf', PEOPLE, async (c) =>
    ((id) => c.api.closePdf(id).then((pdf) => c.file('inline', `cierre-${id}.pdf`, 'application/pdf', pdf)))(closeId(c)),
  ),
  // Prices below the shelf (docs/decisions/0074-price-overrides-and-scans.md): the counter asks a supervisor's word,
  // the close lists its own, a supervisor (the station's accountant) reads them all.
  route('GET', '/closes/:id/price-overrides', PEOPLE, (c) => c.api.closePriceOverrides(closeId(c))),
  route('POST', '/price-overrides/approvals', PEOPLE, (c) => c.api.approvePrice(c.body()).then((a) => (created(c), a))),
  route('GET', '/price-overrides', SUPERVISORS, (c) => c.api.listPriceOverrides(c.query(priceOverrideQuery))),
  route('GET', '/settings/price-overrides', PEOPLE, (c) => c.api.priceOverrideSettings()),
  route('PUT', '/settings/price-overrides', ADMINS, (c) => c.api.setPriceOverrideSettings(c.body())),
  route('GET', '/sync/status', EVERYONE, (c) => c.api.syncStatus()),
  route('GET', '/settings/normative', SUPERVISORS, (c) => c.api.normativeSettings()),
  route('PUT', '/settings/normative', ADMINS, (c) => c.api.setNormativeSettings(c.body())),
  // The head office hub: the token goes in and never comes back; a wrong token or an unreachable hub is a 422.
  route('GET', '/settings/hub', SUPERVISORS, (c) => c.api.hubSettings()),
  route('PUT', '/settings/hub', ADMINS, (c) => c.api.setHubSettings(c.req.body === null ? null : c.body())),
  // Numbering (decision 0029): an unconfirmed folder or a collided sequence is moved on here, audited.
  route('GET', '/settings/numbering', SUPERVISORS, (c) => c.api.numberingSettings()),
  route('PUT', '/settings/numbering', ADMINS, (c) => c.api.setNumberingSettings(c.body())),
  // MH's homologation test set (Ajustes → Homologación): only in the TEST environment; the core refuses LIVE.
  route('GET', '/homologation', ADMINS, (c) => c.api.homologation()),
  route('POST', '/homologation', ADMINS, (c) => c.api.startHomologation(c.body()).then((v) => (created(c, 202), v))),
  route('POST', '/homologation/resume', ADMINS, (c) => c.api.resumeHomologation()),
  route('GET', '/homologation/runs/:runId/report', ADMINS, async (c) => {
    const f = await c.api.homologationReport((c.req.params as { runId: string }).runId, c.query(homologationReportQuery).format);
    return c.file('attachment', f.fileName, f.mediaType, Buffer.from(f.base64, 'base64'));
  }),
  route('POST', '/sync/retry', SUPERVISORS, (c) => c.api.wakeSync().then((s) => (created(c, 202), s))),
  // A document past the cap on sends, let go again by a supervisor (docs/decisions/0068-a-document-is-sent-a-few-times.md).
  route('POST', '/sync/documents/:id/send-again', SUPERVISORS, (c) => c.api.sendAgain(c.id())),
  // The station's people (Ajustes).
  route('GET', '/users', ADMINS, (c) => c.api.listUsers()),
  route('POST', '/users', ADMINS, (c) => c.api.createUser(c.body()).then((u) => (created(c), u))),
  route('PUT', '/users/:login', ADMINS, (c) => c.api.updateUser((c.req.params as { login: string }).login, c.body())),
  // API keys for POS integrations: the plain key is shown once, when created.
  route('GET', '/api-keys', ADMINS, (c) => c.api.listApiKeys()),
  route('POST', '/api-keys', ADMINS, (c) => c.api.createApiKey(parsed(apiKeyBody, c.req.body ?? {}).name).then((k) => (created(c), k))),
  route('DELETE', '/api-keys/:keyId', ADMINS, (c) =>
    c.api.revokeApiKey((c.req.params as { keyId: string }).keyId).then(() => created(c, 204).send()),
  ),
  route('GET', '/settings/printing', PEOPLE, (c) => c.api.printSettings()),
  route('PUT', '/settings/printing', ADMINS, (c) => c.api.setPrintSettings(c.body() as PrintSettingsInput)),
  route('GET', '/settings/station', PEOPLE, (c) => c.api.stationInfo()),
  route('GET', '/settings/branches', PEOPLE, (c) => c.api.companyBranches()),
  route('PUT', '/settings/branches', SUPERVISORS, (c) => c.api.setCompanyBranches(c.body())),
  route('PUT', '/settings/station', ADMINS, (c) => c.api.updateStation(c.body())),
  route('POST', '/settings/station/setup', ADMINS, (c) => setUp(c)),
  route('POST', '/settings/welcome-seen', ADMINS, (c) => c.api.seeWelcome()),
  route('GET', '/backups', ADMINS, (c) => c.api.backups()),
  route('POST', '/backups', ADMINS, (c) => c.api.backupNow().then((b) => (created(c), b))),
  route('GET', '/audit/verify', ADMINS, (c) => c.api.verifyAudit()),
  // The product catalog (docs/decisions/0007-product-catalog.md): everyone reads it, a POS too; a supervisor changes it.
  route('GET', '/products', EVERYONE, (c) => c.api.listProducts(c.query(productListQuery))),
  route('GET', '/products/export', EVERYONE, (c) => exportProducts(c)),
  route('GET', '/products/:id', EVERYONE, (c) => c.api.getProduct(productId(c))),
  route('POST', '/products', SUPERVISORS, (c) =>
    c.api.createProduct(c.body()).then((p) => (created(c).header('location', `/products/${p.id}`), p)),
  ),
  route('PUT', '/products/:id', SUPERVISORS, (c) => c.api.updateProduct(productId(c), c.body())),
  // A whole catalog (50,000 rows, shared/catalog.ts MAX_IMPORT_ROWS) is bigger than any other body.
  route('POST', '/products/import', SUPERVISORS, (c) => c.api.importProducts(c.body()), IMPORT_BODY_LIMIT),
  // Webhooks for the POS (docs/decisions/0011-webhooks.md): an administrator's, never a POS key's.
  route('GET', '/webhooks', ADMINS, (c) => c.api.listWebhooks()),
  route('POST', '/webhooks', ADMINS, (c) =>
    c.api.createWebhook(c.body()).then((w) => (created(c).header('location', `/webhooks/${w.id}`), w)),
  ),
  route('DELETE', '/webhooks/:id', ADMINS, (c) => c.api.deleteWebhook(param(c, 'id')).then(() => created(c, 204).send())),
  route('POST', '/webhooks/:id/enable', ADMINS, (c) => c.api.enableWebhook(param(c, 'id'))),
  route('POST', '/webhooks/:id/disable', ADMINS, (c) => c.api.disableWebhook(param(c, 'id'))),
  route('GET', '/webhooks/:id/deliveries', ADMINS, (c) => c.api.webhookDeliveries(param(c, 'id'), c.req.query)),
  route('POST', '/webhook-deliveries/:id/retry', ADMINS, (c) =>
    c.api.retryWebhookDelivery(param(c, 'id')).then((d) => (created(c, 202), d)),
  ),
  // E-mail delivery (docs/decisions/0010-email-delivery.md): the server's settings, a resend, the failed ones again.
  route('GET', '/settings/smtp', ADMINS, (c) => c.api.smtpSettings()),
  route('PUT', '/settings/smtp', ADMINS, (c) => c.api.setSmtpSettings(c.body())),
  route('POST', '/settings/smtp/test', ADMINS, (c) => c.api.testSmtp(c.body())),
  route('POST', '/dte/:id/send', EVERYONE, (c) => c.api.sendDte(c.id(), c.body()).then((d) => (created(c, 202), d))),
  route('POST', '/dte/returns/:id/send', EVERYONE, (c) => c.api.sendReturn(c.id(), c.body()).then((d) => (created(c, 202), d))),
  route('POST', '/deliveries/retry-failed', SUPERVISORS, (c) => c.api.retryFailedDeliveries().then((r) => (created(c, 202), r))),
  // The accountant's month (docs/decisions/0013-iva-books-and-annexes.md): a supervisor reads, an administrator decides.
  route('GET', '/books', SUPERVISORS, (c) => c.api.monthBooks(c.query(annexQuery).month)),
  route('GET', '/books/:book', SUPERVISORS, (c) => bookDownload(c)),
  route('GET', '/annexes/:annex', SUPERVISORS, (c) => annexDownload(c)),
  route('GET', '/reports/sales', SUPERVISORS, (c) => c.api.salesReport(c.query(reportQuery))),
  route('GET', '/settings/books', SUPERVISORS, (c) => c.api.booksSettings()),
  route('PUT', '/settings/books', ADMINS, (c) => c.api.setBooksSettings(c.body())),
  route('GET', '/health', EVERYONE, (c) => c.api.health()),
  // MH's catalogs the contract takes (docs/decisions/0076-fields-said-in-two-languages.md): no secret, a POS reads them.
  route('GET', '/catalogs', EVERYONE, () => Promise.resolve(catalogIndexAnswer())),
  // The codes of the normative asked for, or of the one in force now (docs/decisions/0086-catalogs-per-normative.md).
  route('GET', '/catalogs/:name', EVERYONE, async (c) => {
    const { department, normative } = c.query(catalogQuery);
    return catalogAnswer(param(c, 'name'), department, normative ?? (await c.api.syncStatus()).normative.inForce);
  }),
];

/** A path parameter as sent (the core answers NOT_FOUND for one it does not have). */
const param = (c: Ctx, name: string): string => (c.req.params as Record<string, string>)[name] ?? '';

/** Server-Sent Events (registered on its own: it holds the connection open). */
const EVENTS_ROUTE = { method: 'GET', path: '/sync/events', roles: EVERYONE } as const;

/** Every API route with the callers it accepts, for the test that walks them all. */
export const ROUTE_TABLE: readonly { readonly method: Route['method']; readonly path: string; readonly roles: Roles }[] = [
  ...ROUTES.map(({ method, path, roles }) => ({ method, path, roles })),
  EVENTS_ROUTE,
];

/** POST /dte/{type}: 201 (200 for a replay) with Location; `Prefer: wait=N` gives MH up to N s to answer first. */
async function issue(c: Ctx, kind: DteKind) {
  const refund = kind === 'NC' ? refundSaid(c) : undefined;
  const { record, replayed, ignored } = await c.api.issue(kind, c.body(), handling(c), extensions(c));
  if (kind === 'NC') await c.api.refunded({ kind: 'NC', id: record.id, amount: record.total ?? '0' }, refund);
  ignoredFields(c, ignored);
  const wait = preferWait(c.req.headers.prefer);
  let current = record;
  if (wait !== null) {
    current = await c.api.settled(record.id, wait * 1000);
    applied(c, `wait=${wait}`);
  }
  return c.reply
    .code(replayed ? 200 : 201)
    .header('location', `/dte/${record.id}`)
    .send(current);
}

/** GET /products/export: the catalog as a file to save (CSV text, or the XLSX workbook's bytes). */
async function exportProducts(c: Ctx) {
  const file = await c.api.exportProducts(c.query(exportQuery).format);
  const body = file.format === 'xlsx' ? Buffer.from(file.content, 'base64') : file.content;
  return c.file('attachment', file.fileName, file.mediaType, body);
}

/** A path parameter that must be one of `values`; any other is a 404 naming what there is. */
function oneOf<T extends string>(c: Ctx, name: string, values: readonly T[], what: string): T {
  const v = param(c, name);
  if (!(values as readonly string[]).includes(v)) throw new CoreError('NOT_FOUND', `${what} no existe: use ${values.join(', ')}.`);
  return v as T;
}

async function annexDownload(c: Ctx) {
  const annex = oneOf(c, 'annex', ANNEXES, 'Ese anexo');
  const f = await c.api.annexFile(annex, c.query(annexQuery).month);
  return c.file('attachment', f.fileName, f.mediaType, Buffer.from(f.base64, 'base64'));
}

async function bookDownload(c: Ctx) {
  const book = oneOf(c, 'book', BOOKS, 'Ese libro');
  const q = c.query(bookQuery);
  return sendDownload(c.reply, await c.api.bookDownload(book, q.month, q.format));
}

/** The `:jobId` of /printer/pending/:jobId. */
const jobId = (c: Ctx) => (c.req.params as { jobId: string }).jobId;

/** The `:id` of /products/:id (the catalog answers NOT_FOUND for one it does not have). */
const productId = (c: Ctx) => (c.req.params as { id: string }).id;

async function receipt(c: Ctx, id: string, width: 58 | 80) {
  const pdf = await c.api.receipt(id, width);
  return c.file('inline', `${id.toUpperCase()}-${width}mm.pdf`, 'application/pdf', pdf);
}

/**
 * Fields the contract does not list are left out unless the client sends `Prefer: handling=strict` (RFC 7240),
 * which refuses them with 422 UNKNOWN_FIELD as before (docs/decisions/0002-contract-gaps.md).
 */
function handling(c: Ctx): UnknownFields {
  if (preferHandling(c.req.headers.prefer) !== 'strict') return 'ignore';
  applied(c, 'handling=strict');
  return 'reject';
}

/**
 * The contract's extensions the caller opted in to with `Sello-Extensions` (docs/decisions/0072-decimal-quantities.md);
 * without the header the request is checked as the spec says. An extension Sello does not know is a 422.
 */
function extensions(c: Ctx): Extensions {
  const parsed = parseExtensions(c.req.headers[EXTENSIONS_HEADER.toLowerCase()]);
  if (!parsed.ok) throw validationFailed([parsed.error]);
  if (parsed.applied.length > 0) void c.reply.header(EXTENSIONS_APPLIED_HEADER, parsed.applied.join(', '));
  return parsed.extensions;
}

/** How the caller says an NC or a Devolución was settled (`Sello-Refund-Method`, decision 0073); a bad value is a 422. */
function refundSaid(c: Ctx): RefundMethod | undefined {
  const parsed = parseRefundMethod(c.req.headers[REFUND_METHOD_HEADER.toLowerCase()]);
  if (!parsed.ok) throw validationFailed([{ path: REFUND_METHOD_HEADER, code: 'UNKNOWN_CODE', message: parsed.message }]);
  return parsed.method;
}

/** Each preference applied, in one Preference-Applied header. */
function applied(c: Ctx, preference: string) {
  const before = c.reply.getHeader('preference-applied');
  void c.reply.header('preference-applied', before ? `${String(before)}, ${preference}` : preference);
}

/** Names the fields left out in a Warning header (code 299, RFC 9111 §5.5), escaped to stay a valid header. */
export function ignoredFields(c: Pick<Ctx, 'reply'>, ignored: readonly string[]) {
  if (ignored.length === 0) return;
  // Called after the document is stored: it must not throw, whatever the keys (a lone surrogate included).
  const shown = ignored.slice(0, 20).map((p) => encodeURIComponent(wellFormed(p)).slice(0, 100));
  const more = ignored.length > shown.length ? ` (+${ignored.length - shown.length})` : '';
  void c.reply.header('warning', `299 sello "Campos no reconocidos, ignorados: ${shown.join(', ')}${more}"`);
}

/** The `:id` of /closes/:id: a UUID, or no such close. */
function closeId(c: Ctx): string {
  const id = (c.req.params as { id: string }).id;
  if (!isUuid(id)) throw new CoreError('NOT_FOUND', `No existe un cierre con id ${id}: el id es un UUID.`);
  return id.toLowerCase();
}

/** The session token in the request's cookie, if any. */
export function sessionToken(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

const cookie = (token: string, maxAge?: number) =>
  `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`;

/**
 * Checks under way per address. No lockout per address: wrong logins under other names (or a POS's stale key)
 * never lock a person out; each person's failures are counted per login and address in auth/people.ts
 * (decision 0032).
 */
interface LoginGate {
  readonly running: Map<string, number>;
}
/** scrypt checks one address may have under way; more wait (429), so a flood neither guesses faster nor eats the CPU. */
const LOGINS_AT_ONCE = 4;

/** POST /session: 201 with the person and the cookie; wrong passwords count against that login at this address. */
async function login(c: Ctx) {
  const { running } = c.logins;
  const ip = c.req.ip;
  const now = running.get(ip) ?? 0;
  if (now >= LOGINS_AT_ONCE) throw new LoginThrottled(1, 'address');
  running.set(ip, now + 1);
  try {
    // Counted as the hub counts it: an IPv6 client by its /64 (auth/login-backoff.ts).
    const { token, session } = await c.door.login(c.body(), countedAddress(ip));
    return c.reply.code(201).header('set-cookie', cookie(token)).header('cache-control', 'no-store').send(session);
  } finally {
    const left = (running.get(ip) ?? 1) - 1;
    if (left > 0) running.set(ip, left);
    else running.delete(ip);
  }
}

/** POST /settings/station/setup: the first-run wizard, where this server allows it. */
async function setUp(c: Ctx) {
  if (!c.setupOverHttp)
    throw new CoreError('FORBIDDEN', 'La estación se configura en la ventana de Sello (asistente de primer uso), no por la API local.');
  const r = await c.api.setUpStation(c.body());
  created(c);
  return r;
}

/** DELETE /session: 204, the cookie cleared, whether or not a session was open. */
async function logout(c: Ctx) {
  const token = sessionToken(c.req);
  if (token) c.door.logout(token);
  return c.reply.code(204).header('set-cookie', cookie('', 0)).send();
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw validationFailed(toFieldErrors(r.error.issues, value));
  return r.data;
}

function context(door: FrontDoor, logins: LoginGate, setupOverHttp: boolean, req: FastifyRequest, reply: FastifyReply): Ctx {
  return {
    get api() {
      if (!req.actor) throw new CoreError('UNAUTHORIZED', 'Inicie sesión para continuar.');
      return door.calls(req.actor);
    },
    door,
    logins,
    setupOverHttp,
    req,
    reply,
    body() {
      if (req.body === undefined || req.body === null)
        throw new CoreError('MALFORMED_REQUEST', 'Se esperaba un cuerpo JSON (Content-Type: application/json).');
      return req.body;
    },
    id() {
      const id = (req.params as { id: string }).id;
      if (!isUuid(id)) throw new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${id}: el id es un UUID.`);
      return id;
    },
    query: (schema) => parsed(schema, req.query),
    file: (disposition, name, type, content) =>
      reply.header('content-disposition', `${disposition}; filename="${name}"`).type(type).send(content),
  };
}

export async function buildHttpServer(source: CoreSource, options: HttpOptions): Promise<FastifyInstance> {
  // Resolved once; after the first-run wizard the same server serves the new station.
  const door = frontDoor(source);
  const app = Fastify({
    logger: false,
    // The caller's X-Request-Id when sane, else a new one: echoed on every answer (request-id.ts).
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req),
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL Fastify cannot even route (a stray %, a bad encoding) is the client's mistake: a problem body too.
    frameworkErrors: (_error, req, reply) => {
      void sendProblem(reply, urlProblem(req.url));
    },
  });
  app.decorateRequest('actor', null);
  // Every answer, errors and the UI's files included, is read as the type it says (docs/decisions/0067-email-rights-and-small-guards.md).
  app.addHook('onSend', async (req, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header(REQUEST_ID_HEADER, req.id);
  });
  // The contract is JSON only; any other content type is a malformed request.
  app.removeContentTypeParser('text/plain');

  // Body parsing problems are the client's: 400/413 with a problem body, never a 5xx.
  app.setErrorHandler((error: { code?: string; statusCode?: number; message?: string }, req, reply) => {
    const body = bodyProblem(error, req.routeOptions.bodyLimit ?? BODY_LIMIT);
    if (body) return sendProblem(reply, body);
    return fail(reply, error, options.logger, door);
  });
  // Before anything else, UI included: only requests addressed to this server, from no page or its own.
  const hosts = allowedHostNames(options.allowedHosts);
  app.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(req.headers.host, hosts)) {
      return sendProblem(reply, {
        code: 'FORBIDDEN',
        title: TITLES.FORBIDDEN,
        detail: `El encabezado Host (${String(req.headers.host ?? '').slice(0, 100)}) no es un nombre de este servidor. Si Sello atiende en la red local, arránquelo con --allow-host NOMBRE.`,
      });
    }
    if (!originAllowed(req.headers.origin, req.headers.host)) {
      return sendProblem(reply, {
        code: 'FORBIDDEN',
        title: TITLES.FORBIDDEN,
        detail: 'Solo la interfaz de Sello servida por este servidor puede llamarlo desde un navegador.',
      });
    }
  });
  // Wrong API keys, per address (a valid key is never refused by it); wrong passwords are counted in auth/people.ts.
  const throttle = authThrottle({ now: options.now ?? Date.now, ...options.throttle });
  const logins: LoginGate = { running: new Map() };

  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, {
      code: 'NOT_FOUND',
      title: TITLES.NOT_FOUND,
      detail: `No existe la ruta ${req.method} ${req.url.split('?')[0] ?? ''}.`,
    }),
  );

  const api = (scope: FastifyInstance, _options: unknown, done: () => void) => {
    scope.addHook('onRequest', async (req, reply) => {
      const version = req.headers['x-api-version'];
      // Public clients omit the header on GETs: absent means version 1.
      if (version !== undefined && !(SUPPORTED_API_VERSIONS as readonly string[]).includes(String(version))) {
        return sendProblem(reply, {
          code: 'UNSUPPORTED_API_VERSION',
          title: TITLES.UNSUPPORTED_API_VERSION,
          detail: `X-API-Version ${String(version)} no es soportada. Versiones soportadas: ${SUPPORTED_API_VERSIONS.join(', ')}.`,
        });
      }
      req.actor = null;
      const key = req.headers['x-api-key'];
      if (typeof key === 'string' && key.length > 0 && key.length <= 512) {
        // The key first (every key compared, constant time): a valid POS key is never refused for other callers'
        // wrong keys from the same address (decision 0032); the block only answers keys that are not valid.
        const id = door.core().apiKeys.verify(key);
        if (id) {
          req.actor = keyActor(id);
          return;
        }
        const wait = throttle.blockedFor(req.ip);
        if (wait > 0) {
          void reply.header('retry-after', String(wait));
          return sendProblem(reply, {
            code: 'TOO_MANY_REQUESTS',
            title: TITLES.TOO_MANY_REQUESTS,
            detail: `Demasiadas claves no válidas desde esta dirección. Espere ${wait} s y revise la clave configurada.`,
          });
        }
        throttle.failed(req.ip);
        return unauthorized(reply, 'La clave de API no es válida: revise la clave configurada en el punto de venta.');
      }
      const token = sessionToken(req);
      if (token) {
        try {
          req.actor = door.actor(token);
        } catch (e) {
          if (!(e instanceof CoreError)) return;
          // An ended session on a public route is no error; the cookie is cleared, unless a login sets a new one.
          if (req.method !== 'POST') void reply.header('set-cookie', cookie('', 0));
          if (publicRoute(req)) return;
          return sendProblem(reply, e.toApiError());
        }
      }
    });

    for (const r of ROUTES) {
      scope.route({
        method: r.method,
        url: r.path,
        config: { public: r.roles === PUBLIC },
        ...(r.bodyLimit === undefined
          ? {}
          : {
              bodyLimit: r.bodyLimit,
              // A big body is read only for whoever may send it: the caller is known before the body is parsed.
              onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
                if (!req.actor) return unauthorized(reply, 'Inicie sesión, o envíe una clave de API válida en el encabezado X-API-Key.');
                if (r.roles !== PUBLIC) requireCaller(req.actor, r.roles, 'Esta ruta');
              },
            }),
        handler: async (req, reply) => {
          if (r.roles !== PUBLIC) {
            if (!req.actor) return unauthorized(reply, 'Inicie sesión, o envíe una clave de API válida en el encabezado X-API-Key.');
            requireCaller(req.actor, r.roles, 'Esta ruta');
          }
          return r.handle(context(door, logins, options.setupOverHttp !== false, req, reply));
        },
      });
    }

    // Server-Sent Events for the browser-hosted UI: the same pushes the desktop shell sends over IPC.
    scope.get(EVENTS_ROUTE.path, (req, reply) => {
      if (!req.actor) return unauthorized(reply, 'Inicie sesión, o envíe una clave de API válida en el encabezado X-API-Key.');
      requireCaller(req.actor, EVENTS_ROUTE.roles, 'Esta ruta');
      // The stream lasts as long as what opened it: a logout, an expired session or a revoked key closes it.
      const key = req.headers['x-api-key'];
      const token = sessionToken(req);
      const stands = () =>
        typeof key === 'string' && key.length > 0 ? door.core().apiKeys.verify(key) !== null : token !== null && door.alive(token);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Hijacked, the stream skips the onSend hook that says it of every other answer.
        'x-content-type-options': 'nosniff',
        [REQUEST_ID_HEADER]: req.id,
      });
      let off = () => {};
      const keepAlive = setInterval(() => write(': sigue\n\n'), 20_000);
      keepAlive.unref();
      const stop = () => {
        off();
        clearInterval(keepAlive);
      };
      const write = (chunk: string) => {
        if (stands()) return void res.write(chunk);
        stop();
        res.end();
      };
      const send = (e: unknown) => write(`data: ${JSON.stringify(e)}\n\n`);
      send({ type: 'sync', status: door.core().sync.status() });
      off = door.onEvent(send);
      req.raw.on('close', stop);
    });
    done();
  };

  await app.register(api);
  registerApiDocs(app, () => openApiDocument(ROUTE_TABLE, SELLO_VERSION));
  if (options.uiDir) await registerUi(app, options.uiDir);
  return app;
}

const unauthorized = (reply: FastifyReply, detail: string) =>
  sendProblem(reply, { code: 'UNAUTHORIZED', title: TITLES.UNAUTHORIZED, detail });

/** A route anyone may call (logging in and out): an ended session's cookie is not refused there. */
const publicRoute = (req: FastifyRequest) => (req.routeOptions.config as { public?: boolean } | undefined)?.public === true;
