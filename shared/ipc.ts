// The IPC channel contract: one invoke channel carrying {method, args}, each method's arguments checked
// in the main process before they reach the core. Results come back as Result envelopes.
import { z } from 'zod';
import { ANNEXES, BOOKS, BOOK_FORMATS } from './books';
import { IPC_CHANNEL, type RequestMethod } from './api';
import { CATALOG_FORMATS, productListQuery } from './catalog';
import { refundMethod } from './close';
import { DTE_KINDS } from './contract/kinds';
import { DTE_STATUSES } from './records';

export { IPC_CHANNEL };

export const IPC_ARGS = {
  health: z.tuple([]),
  listDtes: z.tuple([
    z.strictObject({
      type: z.enum(DTE_KINDS).optional(),
      status: z.enum(DTE_STATUSES).optional(),
      from: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      to: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
      q: z.string().max(100).optional(),
      limit: z.number().int().min(1).max(200).optional(),
      cursor: z.string().max(500).optional(),
    }),
  ]),
  getDte: z.tuple([z.string().max(64)]),
  // The body is validated by the core with the contract schemas (field paths and all).
  createDte: z.tuple([z.enum(DTE_KINDS), z.unknown(), refundMethod.optional()]),
  dteDetail: z.tuple([z.string().max(64)]),
  qrCode: z.tuple([z.string().max(64)]),
  dteJson: z.tuple([z.string().max(64)]),
  receivers: z.union([z.tuple([z.enum(DTE_KINDS)]), z.tuple([z.enum(DTE_KINDS), z.string().max(100).optional()])]),
  // Invalidation bodies are validated by the core with the contract schema.
  invalidate: z.tuple([z.unknown()]),
  // The settlement of an invalidation in doubt is validated by the core (dte/invalidation/doubt.ts).
  settleInvalidation: z.tuple([z.string().max(64), z.unknown()]),
  // Evento de Retorno bodies are validated by the core (shared/retorno.ts).
  returnDte: z.tuple([z.unknown(), refundMethod.optional()]),
  dteReturns: z.tuple([z.string().max(64)]),
  specialOperations: z.tuple([z.string().max(7).optional()]),
  invalidateReturn: z.tuple([z.string().max(64), z.unknown()]),
  printReturnReceipt: z.tuple([z.string().max(64)]),
  printReturnLetter: z.tuple([z.string().max(64)]),
  returnJson: z.tuple([z.string().max(64)]),
  sendReturn: z.tuple([z.string().max(64), z.unknown()]),
  // The settlement of an ER in doubt is validated by the core (dte/retorno/return-doubt.ts).
  settleReturn: z.tuple([z.string().max(64), z.unknown()]),
  syncStatus: z.tuple([]),
  normativeSettings: z.tuple([]),
  setNormativeSettings: z.tuple([z.unknown()]),
  hubSettings: z.tuple([]),
  setHubSettings: z.tuple([z.unknown()]),
  numberingSettings: z.tuple([]),
  // Prices below the shelf (decision 0074): bodies and queries are validated by the core (shared/price-overrides.ts).
  priceOverrideSettings: z.tuple([]),
  setPriceOverrideSettings: z.tuple([z.unknown()]),
  approvePrice: z.tuple([z.unknown()]),
  listPriceOverrides: z.tuple([z.unknown()]),
  closePriceOverrides: z.tuple([z.string().max(64)]),
  setNumberingSettings: z.tuple([z.unknown()]),
  retrySync: z.tuple([]),
  sendAgain: z.tuple([z.string().max(64)]),
  listApiKeys: z.tuple([]),
  createApiKey: z.tuple([z.string().trim().min(1).max(100)]),
  revokeApiKey: z.tuple([z.string().max(64)]),
  printSettings: z.tuple([]),
  stationInfo: z.tuple([]),
  // The list is validated by the core (shared/branches.ts).
  companyBranches: z.tuple([]),
  setCompanyBranches: z.tuple([z.unknown()]),
  // The settings themselves are validated by the core, with field paths.
  setPrintSettings: z.tuple([z.unknown()]),
  // Station bodies are validated by the core with shared/station.ts (field paths and all).
  setUpStation: z.tuple([z.unknown()]),
  seeWelcome: z.tuple([]),
  updateStation: z.tuple([z.unknown()]),
  printReceipt: z.tuple([z.string().max(64)]),
  printLetter: z.tuple([z.string().max(64)]),
  printerStatus: z.tuple([]),
  testPrint: z.tuple([]),
  openCashDrawer: z.tuple([]),
  pendingReceipts: z.tuple([]),
  reprintPending: z.tuple([z.string().max(64)]),
  discardPending: z.tuple([z.string().max(64)]),
  activity: z.tuple([z.enum(['editing', 'idle'])]),
  backups: z.tuple([]),
  backupNow: z.tuple([]),
  verifyAudit: z.tuple([]),
  login: z.tuple([z.string().max(64), z.string().max(200)]),
  logout: z.tuple([]),
  session: z.tuple([]),
  demoUsers: z.tuple([]),
  listUsers: z.tuple([]),
  // People's bodies are validated by the core with shared/people.ts (field paths and all).
  createUser: z.tuple([z.unknown()]),
  updateUser: z.tuple([z.string().max(64), z.unknown()]),
  // Close requests and list queries are validated by the core with shared/close.ts (field paths and all).
  makeClose: z.tuple([z.unknown()]),
  listCloses: z.tuple([z.unknown()]),
  getClose: z.tuple([z.string().max(64)]),
  // Bodies and scopes are validated by the core with shared/close.ts (field paths and all).
  openDrawer: z.tuple([z.unknown()]),
  drawerOpening: z.tuple([z.unknown()]),
  correctFloat: z.tuple([z.string().max(64), z.unknown()]),
  printCloseReceipt: z.tuple([z.string().max(64)]),
  printClosePdf: z.tuple([z.string().max(64)]),
  listProducts: z.tuple([productListQuery]),
  getProduct: z.tuple([z.string().max(64)]),
  // Products and imports are validated by the core with shared/catalog.ts (field paths and all).
  createProduct: z.tuple([z.unknown()]),
  updateProduct: z.tuple([z.string().max(64), z.unknown()]),
  importProducts: z.tuple([z.unknown()]),
  exportProducts: z.tuple([z.enum(CATALOG_FORMATS)]),
  listWebhooks: z.tuple([]),
  // Webhook bodies and log queries are validated by the core with shared/webhooks.ts (field paths and all).
  createWebhook: z.tuple([z.unknown()]),
  deleteWebhook: z.tuple([z.string().max(64)]),
  enableWebhook: z.tuple([z.string().max(64)]),
  disableWebhook: z.tuple([z.string().max(64)]),
  webhookDeliveries: z.tuple([z.string().max(64), z.unknown()]),
  retryWebhookDelivery: z.tuple([z.string().max(64)]),
  smtpSettings: z.tuple([]),
  // SMTP settings and addresses are validated by the core with shared/delivery.ts (field paths and all).
  setSmtpSettings: z.tuple([z.unknown()]),
  testSmtp: z.tuple([z.unknown()]),
  sendDte: z.tuple([z.string().max(64), z.unknown()]),
  retryFailedDeliveries: z.tuple([]),
  // Months, queries and settings are validated by the core with shared/books.ts (field paths and all).
  monthBooks: z.tuple([z.string().max(16)]),
  annexFile: z.tuple([z.enum(ANNEXES), z.string().max(16)]),
  bookFile: z.tuple([z.enum(BOOKS), z.string().max(16), z.enum(BOOK_FORMATS)]),
  salesReport: z.tuple([z.unknown()]),
  booksSettings: z.tuple([]),
  setBooksSettings: z.tuple([z.unknown()]),
  // The run's choices are validated by the core with shared/homologation.ts (field paths and all).
  homologation: z.tuple([]),
  startHomologation: z.tuple([z.unknown()]),
  resumeHomologation: z.tuple([]),
  homologationReport: z.tuple([z.string().max(64), z.enum(['pdf', 'csv'])]),
} as const satisfies Record<RequestMethod, z.ZodType>;

export const ipcRequest = z.strictObject({
  method: z.enum(Object.keys(IPC_ARGS) as [keyof typeof IPC_ARGS, ...(keyof typeof IPC_ARGS)[]]),
  args: z.array(z.unknown()).max(4),
});
