// Webhook endpoints as an administrator manages them (docs/decisions/0011-webhooks.md): registered through the API
// or the station file, listed without their secrets, disabled and enabled, deleted; the delivery log and "send
// again". The secret is sealed (station/secrets.ts) and shown once, when the station made it.
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { validate } from '../../../shared/contract/validate';
import {
  WEBHOOK_EVENTS,
  webhookDeliveriesQuery,
  webhookInput,
  type StationWebhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEvent,
  type WebhookInfo,
} from '../../../shared/webhooks';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { documentEvents, type DocumentEvent } from '../dte/document-events';
import { CoreError, validationFailed } from '../errors';
import { tryOpen, type SecretBox } from '../station/secrets';
import type { Store } from '../store/database';
import { GIVE_UP_MS, SECRET_LOST_REASON } from './sender';
import { webhooksRepo, type DeliveryRow, type EndpointRow } from './webhooks-repo';

// The feed's events and the ones a receiver may subscribe to are the same list (a compile error otherwise).
const SAME_EVENTS: [DocumentEvent, WebhookEvent] extends [WebhookEvent, DocumentEvent] ? true : never = true;
void SAME_EVENTS;

export interface Webhooks {
  readonly list: () => WebhookInfo[];
  readonly create: (input: unknown, actor: string) => WebhookCreated;
  readonly remove: (id: string, actor: string) => { deleted: true };
  readonly setActive: (id: string, active: boolean, actor: string) => WebhookInfo;
  readonly deliveries: (id: string, query: unknown) => WebhookDeliveryPage;
  /** "Send again": the same delivery id and body, pending now with 24 hours of its own. */
  readonly retry: (deliveryId: string, actor: string) => WebhookDelivery;
  /** The station file's `webhooks`, inside its configure transaction: created, updated, or removed when gone from it. */
  readonly applyFile: (entries: readonly StationWebhook[], actor: string, at: string) => void;
}

export interface WebhooksDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly secrets: SecretBox;
  readonly newId: () => string;
  readonly random?: (n: number) => Buffer;
  /** A delivery became due (enabled, sent again): the sender runs. */
  readonly wake: () => void;
}

const NOT_FOUND = () => new CoreError('NOT_FOUND', 'No hay un webhook con ese id.');
/** Only the origin goes to the audit log: a query string may carry a receiver's own token. */
const originOf = (url: string) => new URL(url).origin;

export function webhooks(d: WebhooksDeps): Webhooks {
  const repo = webhooksRepo(d.store);
  const random = d.random ?? nodeRandomBytes;
  const now = () => d.clock.now();

  const info = (e: EndpointRow, counts = repo.counts()): WebhookInfo => ({
    id: e.id,
    url: e.url,
    events: e.events,
    source: e.source,
    active: e.active,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt,
    createdAt: e.createdAt,
    pending: counts.get(e.id)?.pending ?? 0,
    failed: counts.get(e.id)?.failed ?? 0,
  });

  const delivery = (r: DeliveryRow): WebhookDelivery => ({
    id: r.id,
    webhookId: r.endpointId,
    event: r.event,
    documentId: r.documentId,
    occurredAt: r.occurredAt,
    status: r.status,
    attempts: r.attempts,
    lastAttemptAt: r.lastAttemptAt,
    lastStatus: r.lastStatus,
    lastError: r.lastError,
    nextAttemptAt: r.status === 'PENDING' ? isoLocal(new Date(r.nextAttemptAt)) : null,
    deliveredAt: r.deliveredAt,
    giveUpAt: isoLocal(new Date(r.giveUpAt)),
  });

  const endpoint = (id: string): EndpointRow => {
    const e = repo.endpoint(id);
    if (!e) throw NOT_FOUND();
    return e;
  };

  return {
    list: () => {
      const counts = repo.counts();
      return repo.endpoints().map((e) => info(e, counts));
    },
    create(input, actor) {
      const parsed = validate(webhookInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors);
      const v = parsed.value;
      const secret = v.secret ?? `whsec_${random(32).toString('base64url')}`;
      const at = isoLocal(now());
      const id = d.newId();
      const events = v.events ?? [...WEBHOOK_EVENTS];
      d.store.tx(() => {
        repo.skipWhileIdle(documentEvents(d.store).last());
        repo.insertEndpoint({
          id,
          url: v.url,
          events,
          secretSealed: d.secrets.seal(secret),
          source: 'app',
          // A new endpoint receives what happens from now on, not the station's history.
          fromSeq: documentEvents(d.store).last(),
          createdAt: at,
        });
        audit(d.store, at, actor, 'settings.webhook.created', id, { origin: originOf(v.url), events });
      });
      return { ...info(endpoint(id)), secret: v.secret ? null : secret };
    },
    remove(id, actor) {
      const e = endpoint(id);
      if (e.source === 'file')
        throw new CoreError('STATION_CONFLICT', 'Este webhook viene del archivo de la estación: quítelo allí (se aplica al iniciar).');
      d.store.tx(() => {
        repo.deleteEndpoint(id);
        audit(d.store, isoLocal(now()), actor, 'settings.webhook.deleted', id, { origin: originOf(e.url) });
      });
      return { deleted: true };
    },
    setActive(id, active, actor) {
      const e = endpoint(id);
      if (e.active !== active) {
        const at = isoLocal(now());
        d.store.tx(() => {
          if (active) repo.skipWhileIdle(documentEvents(d.store).last());
          repo.setActive(id, active, active ? null : 'Desactivado por un administrador.', at);
          audit(d.store, at, actor, active ? 'settings.webhook.enabled' : 'settings.webhook.disabled', id);
        });
        if (active) d.wake();
      }
      return info(endpoint(id));
    },
    deliveries(id, query) {
      endpoint(id);
      const parsed = validate(webhookDeliveriesQuery, query ?? {});
      if (!parsed.ok) throw validationFailed(parsed.errors);
      const limit = parsed.value.limit ?? 50;
      const rows = repo.deliveries(id, limit + 1, parsed.value.cursor ? Number(parsed.value.cursor) : null);
      const items = rows.slice(0, limit);
      return { items: items.map(delivery), nextCursor: rows.length > limit ? String(items[items.length - 1]!.eventSeq) : null };
    },
    retry(deliveryId, actor) {
      const r = repo.delivery(deliveryId);
      if (!r) throw new CoreError('NOT_FOUND', 'No hay un envío de webhook con ese id.');
      const t = now();
      d.store.tx(() => {
        repo.resend(deliveryId, t.getTime(), t.getTime() + GIVE_UP_MS);
        audit(d.store, isoLocal(t), actor, 'settings.webhook.resent', deliveryId, { webhook: r.endpointId });
      });
      d.wake();
      return delivery(repo.delivery(deliveryId)!);
    },
    applyFile(entries, actor, at) {
      const fromFile = repo.endpoints().filter((e) => e.source === 'file');
      for (const entry of entries) {
        const events = entry.events ?? [...WEBHOOK_EVENTS];
        const existing = fromFile.find((e) => e.url === entry.url);
        if (!existing) {
          const id = d.newId();
          repo.skipWhileIdle(documentEvents(d.store).last());
          repo.insertEndpoint({
            id,
            url: entry.url,
            events,
            secretSealed: d.secrets.seal(entry.secret),
            source: 'file',
            fromSeq: documentEvents(d.store).last(),
            createdAt: at,
          });
          audit(d.store, at, actor, 'settings.webhook.created', id, { origin: originOf(entry.url), events, source: 'file' });
          continue;
        }
        const opened = tryOpen(d.secrets, existing.secretSealed);
        const sameEvents = JSON.stringify(existing.events) === JSON.stringify(events);
        if (opened === entry.secret && sameEvents) continue;
        repo.updateEndpoint(existing.id, events, opened === entry.secret ? existing.secretSealed : d.secrets.seal(entry.secret), at);
        // A secret that could not open here is sealed again from the file: the endpoint works again.
        if (!existing.active && existing.disabledReason === SECRET_LOST_REASON) {
          repo.skipWhileIdle(documentEvents(d.store).last());
          repo.setActive(existing.id, true, null, at);
        }
        audit(d.store, at, actor, 'settings.webhook.updated', existing.id, { origin: originOf(entry.url), events, source: 'file' });
      }
      for (const e of fromFile) {
        if (entries.some((x) => x.url === e.url)) continue;
        repo.deleteEndpoint(e.id);
        audit(d.store, at, actor, 'settings.webhook.deleted', e.id, { origin: originOf(e.url), source: 'file' });
      }
    },
  };
}
