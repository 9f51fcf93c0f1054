// The documents and what follows each one: the create path, the copies and the search index, the letters, the
// customer's e-mail and the POS's webhooks, the clock's probe, the normative, and MH's homologation test set.
import { clockProbe } from '../clock-skew';
import type { Core } from '../core-types';
import { outbound } from '../delivery/outbound';
import { documentEvents } from '../dte/document-events';
import { documents } from '../dte/documents';
import { lookupAtHub } from '../dte/related-at-hub';
import { searchIndexer } from '../dte/search-indexer';
import { documentViews } from '../dte/views';
import { homologationService } from '../homologation/homologation';
import { letterDrawer } from '../render/pdf-in-worker';
import { normativeService } from '../station/normative-service';
import { priceOverrides } from '../overrides/price-overrides';
import { productsRepo } from '../catalog/products-repo';
import { backupSchedule } from '../store/backup-schedule';
import { unitFrom } from '../sync/backoff';
import { realTimers } from '../timers';
import type { Basics } from './basics';
import type { MhRooms } from './mh-rooms';
import type { LateRooms, StationRooms } from './station-rooms';

export type DocumentRooms = ReturnType<typeof documentRooms>;

export function documentRooms(b: Basics, s: StationRooms, m: MhRooms, late: LateRooms) {
  const { deps, clock, random, logger, fetchFn, newId } = b;
  const { store, station, signingKey, contingencies, everyone, clockCheck, stations, secrets, smtp, signing } = s;
  const { sync, replicator, invalidations, returns, integrityCheck } = m;
  const backups = backupSchedule({ ...deps, clock, logger, random: unitFrom(random), everyMs: deps.backups?.everyMs });
  // The trigram index, filled right after each create (dte/search-indexer.ts); what a crash left queued, now.
  const indexer = searchIndexer({ store, logger, random: unitFrom(random), timers: deps.sync?.timers });
  indexer.wake();
  const issue = {
    store,
    clock,
    station,
    logger,
    signingKey,
    contingency: contingencies.open,
    nameOf: everyone.nameOf,
    clockCheck: (now: Date) => clockCheck.check(now),
    integrityCheck,
  };
  // Letter PDFs (e-mails, downloads) drawn on a worker thread when the host names its entry (decision 0045).
  const letters = letterDrawer({ ...(deps.workers?.pdf ? { entry: deps.workers.pdf } : {}), logger });
  // A price below the shelf needs a supervisor at the counter, recorded with the sale (decision 0074).
  const overrides = priceOverrides({
    store,
    clock,
    newId,
    product: productsRepo(store).byCode,
    users: everyone.users,
    nameOf: everyone.nameOf,
  });
  const dtes = documents({
    views: documentViews({ store, clock, station, invalidations, deliveries: (id) => out.mail.ofDocument(id), drawLetter: letters.letter }),
    issue,
    invalidations,
    wake: () => [sync, out, replicator, indexer].forEach((r) => r.wake()),
    issued: () => backups.noteIssue(),
    issuedAt: (at) => clockCheck.issued(at),
    askHub: (ids) => lookupAtHub(stations.hub(), ids, fetchFn),
    priceGuard: overrides.issuing,
  });
  // The customer's e-mail and the POS's webhooks (delivery/outbound.ts); every status the engine moves wakes them.
  const tuning = { webhooks: deps.webhooks, deliveries: deps.deliveries, timers: deps.sync?.timers };
  const out = late.out.set(
    outbound({
      store,
      clock,
      logger,
      fetch: fetchFn,
      secrets,
      newId,
      random,
      station,
      smtp,
      documents: dtes,
      returns: returns.paper,
      tuning,
      // The e-mails an event queues are records the hub receives too (migration 019): it hears of them at once.
      queued: () => replicator.wake(),
    }),
  );
  // The e-mails and webhooks read the document events; the hub's replication, its queue.
  const feed = documentEvents(store);
  sync.onActivity(
    () => feed.last(),
    () => out.wake(),
  );
  out.wake();
  sync.onActivity(
    () => replicator.mark(),
    () => replicator.wake(),
  );
  replicator.wake();
  // Asks MH for its time at start and whenever no answer came for a while (clock-skew.ts), when the host wants it.
  const stopClockProbe = deps.clockProbeMs
    ? clockProbe(deps.clockProbeMs, deps.sync?.timers ?? realTimers, clock, clockCheck, s.askMhTime)
    : () => {};

  const normative = normativeService({ store, clock, stations });
  // An invalidation MH answered at once wrote its event without the engine: the senders look now.
  const invalidate: Core['dtes']['invalidate'] = (body, actor, unknown) =>
    dtes.invalidate(body, actor, unknown).finally(() => [out, replicator].forEach((r) => r.wake()));
  // MH's homologation test set (homologation/): issues through the same create path, engine and events.
  const homologation = homologationService({
    store,
    clock,
    logger,
    timers: deps.sync?.timers ?? realTimers,
    newId,
    station,
    signingKey: () => signing.privateKey(),
    contingencies,
    create: (kind, body, actor) => dtes.create(kind, body, actor),
    invalidate: (body, actor) => invalidate(body, actor),
    makeReturn: (body, actor) => returns.make(body, actor),
    reportEoe: (body, actor) => m.specialOperations.report(body, actor),
    onChange: (listener) => sync.onEvent(listener),
    dataDir: deps.dataDir,
    normative,
    randomSeed: () => random(4).readUInt32BE(0) & 0x7fffffff || 1,
  });

  return { backups, indexer, letters, dtes, out, stopClockProbe, normative, invalidate, homologation, overrides };
}
