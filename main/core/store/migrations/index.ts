// Every migration, statically imported so bundling never loses one. Append only; never edit a released one.
import { m001Initial } from './001-initial';
import { m002OutboxDependencies } from './002-outbox-dependencies';
import { m003Events } from './003-events';
import { m004Receivers } from './004-receivers';
import { m005SearchText } from './005-search-text';
import { m006AuditChain } from './006-audit-chain';
import { m007SearchIndex } from './007-search-index';
import { m008SyncDoubt } from './008-sync-doubt';
import { m009IdAsSent } from './009-id-as-sent';
import { m010Users } from './010-users';
import { m011IssuedBy } from './011-issued-by';
import { m012Products } from './012-products';
import { m013DayCloses } from './013-day-closes';
import { m014DocumentEvents } from './014-document-events';
import { m015Deliveries } from './015-deliveries';
import { m016Webhooks } from './016-webhooks';
import { m017Returns } from './017-returns';
import { m018Replication } from './018-replication';
import { m019ReplicatedRecords } from './019-replicated-records';
import { m020Homologation } from './020-homologation';
import { m021PackedDocuments } from './021-packed-documents';
import { m022SearchQueue } from './022-search-queue';
import { m023ContingencyIndex } from './023-contingency-index';
import { m024RecipientEmail } from './024-recipient-email';
import { m025InvalidationDoubt } from './025-invalidation-doubt';
import { m026Certificates } from './026-certificates';
import { m027AuditBindings } from './027-audit-bindings';
import { m028SalePaper } from './028-sale-paper';
import { m029DrawerOpenings } from './029-drawer-openings';
import { m030PrintJobs } from './030-print-jobs';
import { m031ContingencyReturns } from './031-contingency-returns';
import { m032ReturnInvalidations } from './032-return-invalidations';
import { m033ReturnDeliveries } from './033-return-deliveries';
import { m034ContingencyStatusIndex } from './034-contingency-status-index';
import { m035OutboxSends } from './035-outbox-sends';
import { m036PriceOverrides } from './036-price-overrides';
import { m037RefundsAndFloats } from './037-refunds-and-floats';
import { m038CashMovements } from './038-cash-movements';
import { m039SpecialOperations } from './039-special-operations';
import { m040ReceiversNewKinds } from './040-receivers-new-kinds';
import { m041HomologationOperaciones } from './041-homologation-operaciones';
import { m042ProductsByUnit } from './042-products-by-unit';
import type { Migration } from './types';

export type { Migration };
export const MIGRATIONS: readonly Migration[] = [
  m001Initial,
  m002OutboxDependencies,
  m003Events,
  m004Receivers,
  m005SearchText,
  m006AuditChain,
  m007SearchIndex,
  m008SyncDoubt,
  m009IdAsSent,
  m010Users,
  m011IssuedBy,
  m012Products,
  m013DayCloses,
  m014DocumentEvents,
  m015Deliveries,
  m016Webhooks,
  m017Returns,
  m018Replication,
  m019ReplicatedRecords,
  m020Homologation,
  m021PackedDocuments,
  m022SearchQueue,
  m023ContingencyIndex,
  m024RecipientEmail,
  m025InvalidationDoubt,
  m026Certificates,
  m027AuditBindings,
  m028SalePaper,
  m029DrawerOpenings,
  m030PrintJobs,
  m031ContingencyReturns,
  m032ReturnInvalidations,
  m033ReturnDeliveries,
  m034ContingencyStatusIndex,
  m035OutboxSends,
  m036PriceOverrides,
  m037RefundsAndFloats,
  m038CashMovements,
  m039SpecialOperations,
  m040ReceiversNewKinds,
  m041HomologationOperaciones,
  m042ProductsByUnit,
];
