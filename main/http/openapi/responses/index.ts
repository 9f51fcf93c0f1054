// The success bodies the OpenAPI document describes field by field, one file per domain, keyed `METHOD /path`
// (OpenAPI's braces) as in operations.ts. document.ts draws each JSON answer from here; a schema named in
// NAMED_RESPONSES is drawn once under components and `$ref`'d. Each schema is proven the type its route's core call
// answers with (proof.ts), and test/integration/openapi-answers.test.ts parses real answers with them.
import type { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { apiKeyCreated, apiKeyList } from './api-keys';
import { companyBranchesView } from './branches';
import { monthBooks, salesReport, booksSettingsView } from './books';
import { catalogIndex, catalogListing } from './catalogs';
import { cashMovement, currentOpening, dayClose, dayClosePage, drawerOpening, floatCorrection } from './closes';
import { dteDetail, dteListPage, dteRecord, qrCode, receivers } from './dte';
import { health } from './health';
import { homologationView } from './homologation';
import { invalidationDoubt, invalidationRecord } from './invalidation';
import { deliveryRecord, queuedAgain, smtpSettingsView, smtpTestResult } from './mail';
import { demoUsers, sessionInfo, userInfo, userList } from './people';
import { priceApproval, priceOverridePage, priceOverrideSettings } from './price-overrides';
import { drawerOpened, pendingDiscarded, pendingReceipts, printed, printerStatus, printSettingsView } from './printing';
import { product, productImportResult, productPage } from './products';
import { documentReturns, returnInvalidationRecord, returnRecord } from './returns';
import { eoeCsvItems, eoeList, eoeRecord } from './special-operations';
import {
  auditCheck,
  backupEntry,
  backupsStatus,
  hubSettingView,
  normativeView,
  numberingView,
  stationInfo,
  stationSaved,
  welcomeSeen,
} from './settings';
import { syncStatus } from './sync';
import { webhookCreated, webhookDelivery, webhookDeliveryPage, webhookInfo, webhookList } from './webhooks';

export { dteListPage, dteRecord, problem } from './dte';
/** One `data:` line of GET /sync/events (an 'events' answer, so not in RESPONSE_SCHEMAS). */
export { selloEvent } from './events';

/**
 * The success body of each operation that answers JSON, for its main status. The other success statuses carry
 * the same body: an issue's 200 on an idempotent replay, an invalidation's or a return's 202 while MH is waited for.
 */
export const RESPONSE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  'POST /session': sessionInfo,
  'GET /session': sessionInfo,
  'GET /session/demo-users': demoUsers,
  ...Object.fromEntries(DTE_KINDS.map((kind) => [`POST /dte/${kind.toLowerCase()}`, dteRecord])),
  'POST /dte/invalidate': invalidationRecord,
  'POST /dte/invalidations/{id}/settle': invalidationRecord,
  'POST /dte/return': returnRecord,
  'GET /dte/{id}/returns': documentReturns,
  'POST /dte/returns/{id}/settle': returnRecord,
  'POST /dte/returns/{id}/print': printed,
  'POST /dte/returns/{id}/invalidate': returnInvalidationRecord,
  'POST /events/eoe': eoeRecord,
  'POST /events/eoe/items-from-csv': eoeCsvItems,
  'GET /events/eoe': eoeList,
  'GET /events/eoe/{id}': eoeRecord,
  'GET /dte': dteListPage,
  'GET /dte/{id}': dteRecord,
  'GET /dte/{id}/detail': dteDetail,
  'GET /dte/{id}/qr': qrCode,
  'POST /dte/{id}/print': printed,
  'GET /printer/status': printerStatus,
  'POST /printer/test': printed,
  'POST /printer/drawer': drawerOpened,
  'GET /printer/pending': pendingReceipts,
  'POST /printer/pending/{jobId}/print': printed,
  'DELETE /printer/pending/{jobId}': pendingDiscarded,
  'GET /receivers': receivers,
  'POST /closes': dayClose,
  'GET /closes': dayClosePage,
  'GET /closes/{id}': dayClose,
  'POST /closes/openings': drawerOpening,
  'GET /closes/openings/current': currentOpening,
  'POST /closes/movements': cashMovement,
  'POST /closes/openings/{id}/corrections': floatCorrection,
  'POST /closes/{id}/print': printed,
  'GET /closes/{id}/price-overrides': priceOverridePage,
  'POST /price-overrides/approvals': priceApproval,
  'GET /price-overrides': priceOverridePage,
  'GET /settings/price-overrides': priceOverrideSettings,
  'PUT /settings/price-overrides': priceOverrideSettings,
  'GET /sync/status': syncStatus,
  'POST /sync/retry': syncStatus,
  'POST /sync/documents/{id}/send-again': syncStatus,
  'GET /settings/normative': normativeView,
  'PUT /settings/normative': normativeView,
  'GET /settings/hub': hubSettingView,
  'PUT /settings/hub': hubSettingView,
  'GET /settings/numbering': numberingView,
  'PUT /settings/numbering': numberingView,
  'GET /homologation': homologationView,
  'POST /homologation': homologationView,
  'POST /homologation/resume': homologationView,
  'GET /users': userList,
  'POST /users': userInfo,
  'PUT /users/{login}': userInfo,
  'GET /api-keys': apiKeyList,
  'POST /api-keys': apiKeyCreated,
  'GET /settings/printing': printSettingsView,
  'PUT /settings/printing': printSettingsView,
  'GET /settings/station': stationInfo,
  'GET /settings/branches': companyBranchesView,
  'PUT /settings/branches': companyBranchesView,
  'PUT /settings/station': stationSaved,
  'POST /settings/station/setup': stationSaved,
  'POST /settings/welcome-seen': welcomeSeen,
  'GET /backups': backupsStatus,
  'POST /backups': backupEntry,
  'GET /audit/verify': auditCheck,
  'GET /products': productPage,
  'GET /products/{id}': product,
  'POST /products': product,
  'PUT /products/{id}': product,
  'POST /products/import': productImportResult,
  'GET /webhooks': webhookList,
  'POST /webhooks': webhookCreated,
  'POST /webhooks/{id}/enable': webhookInfo,
  'POST /webhooks/{id}/disable': webhookInfo,
  'GET /webhooks/{id}/deliveries': webhookDeliveryPage,
  'POST /webhook-deliveries/{id}/retry': webhookDelivery,
  'GET /settings/smtp': smtpSettingsView,
  'PUT /settings/smtp': smtpSettingsView,
  'POST /settings/smtp/test': smtpTestResult,
  'POST /dte/{id}/send': deliveryRecord,
  'POST /dte/returns/{id}/send': deliveryRecord,
  'POST /deliveries/retry-failed': queuedAgain,
  'GET /books': monthBooks,
  'GET /reports/sales': salesReport,
  'GET /settings/books': booksSettingsView,
  'PUT /settings/books': booksSettingsView,
  'GET /health': health,
  'GET /catalogs': catalogIndex,
  'GET /catalogs/{name}': catalogListing,
};

/** Schemas drawn once under `#/components/schemas/<name>`: each used by several answers, or big. */
export const NAMED_RESPONSES: Readonly<Record<string, z.ZodType>> = {
  DteRecord: dteRecord,
  DteListPage: dteListPage,
  DteDetail: dteDetail,
  InvalidationRecord: invalidationRecord,
  InvalidationDoubt: invalidationDoubt,
  ReturnRecord: returnRecord,
  ReturnInvalidationRecord: returnInvalidationRecord,
  SyncStatus: syncStatus,
  DeliveryRecord: deliveryRecord,
  DayClose: dayClose,
  StationInfo: stationInfo,
  Product: product,
  WebhookInfo: webhookInfo,
  WebhookDelivery: webhookDelivery,
};
