// What leaves the station after a document changes: the customer's e-mail (deliveries.ts) and the POS's
// webhooks (../webhooks/sender.ts). Built and woken together; each reads document_events after its own cursor.
import type { DteRecord } from '../../../shared/records';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { StoredStation } from '../station/profile';
import { SELLO_VERSION } from '../station/station-service';
import type { SecretBox } from '../station/secrets';
import type { Store } from '../store/database';
import { unitFrom } from '../sync/backoff';
import { realTimers, type Timers } from '../timers';
import { webhookSender, type WebhookSender, type WebhookTuning } from '../webhooks/sender';
import { createDeliveries, type Deliveries, type DeliveryTuning, type ReturnMail } from './deliveries';
import type { SmtpSettings } from './smtp-settings';

export interface OutboundDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  readonly secrets: SecretBox;
  readonly newId: () => string;
  readonly random: (n: number) => Buffer;
  readonly station: () => StoredStation;
  readonly smtp: SmtpSettings;
  readonly documents: { get(id: string): DteRecord; letterPdf(id: string): Promise<Buffer> };
  /** Eventos de Retorno as e-mailed (deliveries.ts, ReturnMail). */
  readonly returns?: ReturnMail;
  /** E-mails were queued (the head office hub receives them). */
  readonly queued?: () => void;
  /** Tests' tuning; both senders take the sync engine's timers unless given their own. */
  readonly tuning: { readonly webhooks?: WebhookTuning; readonly deliveries?: DeliveryTuning; readonly timers?: Timers };
}

export interface Outbound {
  readonly mail: Deliveries;
  readonly hooks: WebhookSender;
  /** Something happened to documents: both look at the feed soon. */
  wake(): void;
  stop(): void;
}

export function outbound(d: OutboundDeps): Outbound {
  const { webhooks, deliveries, timers } = d.tuning;
  const hooks = webhookSender({
    store: d.store,
    clock: d.clock,
    logger: d.logger,
    fetch: d.fetch,
    secrets: d.secrets,
    newId: d.newId,
    random: webhooks?.jitter ?? unitFrom(d.random),
    record: (id) => d.documents.get(id),
    userAgent: `Sello/${SELLO_VERSION}`,
    tuning: { ...webhooks, timers: webhooks?.timers ?? timers ?? realTimers },
  });
  const mail = createDeliveries({
    store: d.store,
    clock: d.clock,
    logger: d.logger,
    newId: d.newId,
    station: d.station,
    smtp: d.smtp,
    random: unitFrom(d.random),
    documents: d.documents,
    ...(d.returns ? { returns: d.returns } : {}),
    queued: d.queued,
    ...deliveries,
    timers: deliveries?.timers ?? timers,
  });
  return {
    mail,
    hooks,
    wake() {
      hooks.wake();
      mail.wake();
    },
    stop() {
      hooks.stop();
      mail.stop();
    },
  };
}
