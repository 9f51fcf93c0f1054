// What each caller may do, in one place: the HTTP route table (http/server.ts) and the front door's calls
// (front-door.ts) both read these sets, and test/integration/route-scopes.test.ts walks every route with each.
import type { StationCalls } from '../../../shared/api';
import { SUPERVISED_KINDS, type DteKind } from '../../../shared/contract';
import { ROLE_NAMES, type Role } from '../../../shared/people';
import { CoreError } from '../errors';
import type { Actor, Caller } from './actor';

/** Everyone with a credential: the three roles and a point of sale's key (the contract and its reads). */
export const EVERYONE: readonly Caller[] = ['CASHIER', 'SUPERVISOR', 'ADMIN', 'pos'];
/** People logged in, whatever their role (the counter's own screens). */
export const PEOPLE: readonly Caller[] = ['CASHIER', 'SUPERVISOR', 'ADMIN'];
/** Retry, and what a supervisor approves at the counter. */
export const SUPERVISORS: readonly Caller[] = ['SUPERVISOR', 'ADMIN'];
/** NC, ND and invalidation: a supervisor at the counter, or a point of sale through the contract. */
export const APPROVERS: readonly Caller[] = ['SUPERVISOR', 'ADMIN', 'pos'];
/** Station settings, people, API keys, printing, copies, audit. */
export const ADMINS: readonly Caller[] = ['ADMIN'];

/** Credit and debit notes adjust a sale already reported: a supervisor's call, not a cashier's. */
export const issuersOf = (kind: DteKind): readonly Caller[] => (SUPERVISED_KINDS.includes(kind) ? APPROVERS : EVERYONE);

/** "Emitir …", for the refusal. */
export const issuing = (kind: DteKind): string =>
  kind === 'NC' ? 'Emitir una nota de crédito' : kind === 'ND' ? 'Emitir una nota de débito' : `Emitir un documento ${kind}`;

/** The calls a session or a key makes after logging in; the session calls themselves are the front door's. */
export type ActorCall = Exclude<keyof StationCalls, 'login' | 'logout' | 'session' | 'demoUsers'>;

/** Who may make each call of shared/api.ts (createDte also checks the kind with `issuersOf`). */
export const CALL_PERMISSIONS: Readonly<Record<ActorCall, readonly Caller[]>> = {
  health: EVERYONE,
  listDtes: EVERYONE,
  getDte: EVERYONE,
  createDte: EVERYONE,
  dteDetail: EVERYONE,
  qrCode: EVERYONE,
  dteJson: EVERYONE,
  receivers: PEOPLE,
  // The day's close: a cashier makes and reads their own only (close/closes.ts checks the scope).
  makeClose: PEOPLE,
  listCloses: PEOPLE,
  getClose: PEOPLE,
  openDrawer: PEOPLE,
  drawerOpening: PEOPLE,
  correctFloat: SUPERVISORS,
  printCloseReceipt: PEOPLE,
  printClosePdf: PEOPLE,
  // Prices below the shelf (docs/decisions/0074-price-overrides-and-scans.md): the counter asks and reads the
  // threshold, the supervisor's word is checked by the core; the list is a supervisor's (the accountant's) read.
  priceOverrideSettings: PEOPLE,
  setPriceOverrideSettings: ADMINS,
  approvePrice: PEOPLE,
  listPriceOverrides: SUPERVISORS,
  closePriceOverrides: PEOPLE,
  invalidate: APPROVERS,
  // An invalidation in doubt is settled by a person who checked MH's public lookup (decision 0024).
  settleInvalidation: SUPERVISORS,
  // Evento de Retorno: like an invalidation (docs/decisions/0015-evento-de-retorno.md); everyone reads a document's.
  returnDte: APPROVERS,
  dteReturns: EVERYONE,
  // Evento de Operaciones Especiales: everyone reads them (the sync screen); making one is POST /events/eoe's.
  specialOperations: EVERYONE,
  invalidateReturn: APPROVERS,
  printReturnReceipt: PEOPLE,
  printReturnLetter: PEOPLE,
  returnJson: EVERYONE,
  sendReturn: EVERYONE,
  // An ER in doubt is settled by a person who found its seal on MH's portal (dte/retorno/return-doubt.ts).
  settleReturn: SUPERVISORS,
  syncStatus: EVERYONE,
  normativeSettings: SUPERVISORS,
  setNormativeSettings: ADMINS,
  // The head office hub (station/hub-setting.ts): a supervisor sees where the station replicates, never the token.
  hubSettings: SUPERVISORS,
  setHubSettings: ADMINS,
  // Numbering (dte/numbering.ts): a supervisor sees why issuing stopped; only an administrator moves it on.
  numberingSettings: SUPERVISORS,
  setNumberingSettings: ADMINS,
  // MH's homologation test set: an administrator's business, as the station's identity and certificate are.
  homologation: ADMINS,
  startHomologation: ADMINS,
  resumeHomologation: ADMINS,
  homologationReport: ADMINS,
  retrySync: SUPERVISORS,
  // Past the cap on sends, a person who checked MH's lookup lets a document go again (sync/send-cap.ts).
  sendAgain: SUPERVISORS,
  listUsers: ADMINS,
  createUser: ADMINS,
  updateUser: ADMINS,
  listApiKeys: ADMINS,
  createApiKey: ADMINS,
  revokeApiKey: ADMINS,
  // Every screen that prints reads the paper width and the printer.
  printSettings: PEOPLE,
  setPrintSettings: ADMINS,
  // The header and the receipt show the station's name.
  stationInfo: PEOPLE,
  // The counter picks an NR's destination from the list; a supervisor keeps it (decision 0084).
  companyBranches: PEOPLE,
  setCompanyBranches: SUPERVISORS,
  setUpStation: ADMINS,
  seeWelcome: ADMINS,
  updateStation: ADMINS,
  printReceipt: PEOPLE,
  printLetter: PEOPLE,
  // The receipt printer (docs/decisions/0041-escpos-receipts.md): the counter reads it and opens the drawer; a
  // supervisor drops a receipt nobody will collect; the test print belongs with the settings.
  printerStatus: PEOPLE,
  testPrint: ADMINS,
  openCashDrawer: PEOPLE,
  pendingReceipts: PEOPLE,
  reprintPending: PEOPLE,
  discardPending: SUPERVISORS,
  activity: PEOPLE,
  backups: ADMINS,
  backupNow: ADMINS,
  verifyAudit: ADMINS,
  // The catalog (issue 14): everyone reads it, a POS too (it looks prices up); a supervisor changes it.
  listProducts: EVERYONE,
  getProduct: EVERYONE,
  exportProducts: EVERYONE,
  createProduct: SUPERVISORS,
  updateProduct: SUPERVISORS,
  importProducts: SUPERVISORS,
  // Webhooks (docs/decisions/0011-webhooks.md): where the station's documents are sent is an administrator's choice.
  listWebhooks: ADMINS,
  createWebhook: ADMINS,
  deleteWebhook: ADMINS,
  enableWebhook: ADMINS,
  disableWebhook: ADMINS,
  // The accountant's month (docs/decisions/0013-iva-books-and-annexes.md): a supervisor reads, an administrator decides.
  monthBooks: SUPERVISORS,
  annexFile: SUPERVISORS,
  bookFile: SUPERVISORS,
  salesReport: SUPERVISORS,
  booksSettings: SUPERVISORS,
  setBooksSettings: ADMINS,
  webhookDeliveries: ADMINS,
  retryWebhookDelivery: ADMINS,
  // E-mail (docs/decisions/0010-email-delivery.md): the server is the station's settings; a resend is a read
  // sent elsewhere (a POS may offer it at its terminal); retrying every failed one is a supervisor's call.
  smtpSettings: ADMINS,
  setSmtpSettings: ADMINS,
  testSmtp: ADMINS,
  sendDte: EVERYONE,
  retryFailedDeliveries: SUPERVISORS,
};

/** Throws FORBIDDEN, saying who may, unless `actor` is among `allowed`. `what` starts a sentence: "Esta operación". */
export function requireCaller(actor: Actor, allowed: readonly Caller[], what: string): void {
  if (allowed.includes(actor.caller)) return;
  if (actor.caller === 'pos')
    throw new CoreError(
      'FORBIDDEN',
      `Una clave de API de un punto de venta solo emite y consulta documentos: ${lower(what)} es de la aplicación de Sello.`,
    );
  const roles = allowed.filter((c): c is Role => c !== 'pos').map((r) => ROLE_NAMES[r]);
  throw new CoreError(
    'FORBIDDEN',
    `${what} necesita el rol ${roles.join(' o ')}; usted entró como ${ROLE_NAMES[actor.caller]}. Pida a un ${roles.join(' o ').toLowerCase()} que lo haga.`,
  );
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
