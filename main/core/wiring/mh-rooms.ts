// What talks to MH and the hub: the MH client, the hub's replicator, the events (invalidations, Eventos de Retorno),
// the sync engine, the numbering's watch, and the alerts of the disk and the certificate's end.
import { timedFetch } from '../clock-skew';
import { doubtAlerts } from '../dte/invalidation/doubt';
import { invalidationService } from '../dte/invalidation/invalidate';
import { numberingService } from '../dte/numbering';
import { returnDoubtAlerts } from '../dte/retorno/return-doubt';
import { returnService } from '../dte/retorno/retorno';
import { specialOperationsService } from '../dte/operaciones-especiales/special-operations';
import { mhClientCache } from '../mh/client-cache';
import { takeIdEnvio } from '../outbox/outbox';
import { createReplicator } from '../replication/replicator';
import { stationHeartbeat } from '../replication/snapshots';
import { expiryAlerts, expiryWatch } from '../signing/expiry-alerts';
import { mhPasswordNeeded } from '../station/at-start';
import { diskWatch } from '../store/disk-space';
import { unitFrom } from '../sync/backoff';
import { heldAlerts, heldByMh } from '../sync/held-by-mh';
import { capAlerts, pastTheCap } from '../sync/send-cap';
import { createSyncEngine, tunedBy } from '../sync/engine';
import { realTimers } from '../timers';
import type { Basics } from './basics';
import type { LateRooms, StationRooms } from './station-rooms';

export type MhRooms = ReturnType<typeof mhRooms>;

export function mhRooms({ deps, clock, random, logger, fetchFn, newId }: Basics, s: StationRooms, late: LateRooms) {
  const { store, stations, signing, signingKey, station, alerts, clockCheck, integrity, allowedMhUrls } = s;
  const client = late.client.set(
    mhClientCache({
      stations,
      override: deps.mh,
      fetch: fetchFn,
      clock,
      logger,
      allowedMhUrls,
      onServerTime: (t) => clockCheck.measured(t),
    }),
  );
  // The head office hub (replication/replicator.ts): its own loop, woken by new documents and status moves.
  const replicator = createReplicator({
    store,
    clock,
    logger,
    fetch: timedFetch(fetchFn, clock, 'hub', (t) => clockCheck.measured(t)),
    hub: () => stations.hub(),
    // Read when it is sent: the sync engine is built below.
    heartbeat: () => stationHeartbeat(store, clock, sync.status(), signing.current()),
    random: deps.sync?.jitter ?? unitFrom(random),
    timers: deps.sync?.timers,
    manual: deps.replication?.manual,
    unreachableAlertMs: deps.replication?.unreachableAlertMs,
    // Read when it fires: the sync engine and the disk watch are built below.
    changed: () => sync.publish(),
    diskFull: () => disk.writeFailed(),
  });
  // The hub away for long is said aloud (docs/decisions/0070-station-faults-said-aloud.md).
  alerts.add(() => replicator.alerts());
  const nextIdEnvio = () => takeIdEnvio(store);
  const integrityCheck = () => integrity.check();
  // Invalidations and Eventos de Retorno are signed and sent alike; each keeps its own events in flight.
  const events = { store, clock, station, newId, signingKey, client, nextIdEnvio, logger, integrityCheck };
  const invalidations = invalidationService({ ...events, inFlight: new Set() });
  // An ER made in contingency joins the open event (decision 0050).
  const returns = returnService({
    ...events,
    inFlight: new Set(),
    contingency: s.contingencies.open,
    // Sealed: to the customer by e-mail, at the address its document was issued to (decision 0050). Inside MH's
    // verdict's transaction: a failure here must not undo the verdict, so it is logged and the e-mail left out.
    approved: (id) => {
      try {
        late.out.get().mail.sendReturn(id, undefined, null);
      } catch (e) {
        logger.error('return e-mail not queued', { event: id, error: e instanceof Error ? e.message : String(e) });
      }
    },
  });
  // Eventos de Operaciones Especiales: never in contingency; one left waiting goes with the other events (decision 0083).
  const specialOperations = specialOperationsService({ ...events, inFlight: new Set() });
  // An invalidation MH may hold stays visible until a supervisor settles it (decision 0024).
  alerts.add(() => doubtAlerts(invalidations.inDoubt()));
  // An ER MH holds whose seal was lost waits for a supervisor (decision 0070).
  alerts.add(() => returnDoubtAlerts(returns.inDoubt()));
  // A document MH holds invalidated that this copy never invalidated waits for a person (decision 0064).
  alerts.add(() => heldAlerts(heldByMh(store)));
  // A document past the cap on sends waits for a supervisor (sync/send-cap.ts).
  alerts.add(() => capAlerts(pastTheCap(store)));
  const sync = late.sync.set(
    createSyncEngine({
      // Events waiting for MH, sent after the documents: invalidations, then Eventos de Retorno (decision 0015).
      invalidations: {
        pending: () => invalidations.pending() + returns.pending() + specialOperations.pending(),
        async send(c) {
          const first = await invalidations.send(c);
          if (first?.login || (first?.exchange && first.exchange.kind !== 'response')) return first;
          const second = (await returns.send(c)) ?? first;
          if (second?.login || (second?.exchange && second.exchange.kind !== 'response')) return second;
          return (await specialOperations.send(c)) ?? second;
        },
      },
      station,
      newId,
      store,
      clock,
      logger,
      client,
      signingKey: () => signing.privateKey(),
      certificateFingerprint: () => signing.fingerprint(),
      passwordNeeded: mhPasswordNeeded(stations, !!deps.mh),
      deliveries: () => late.out.get().mail.counts(),
      hub: () => replicator.status(),
      alerts: () => alerts.list(),
      invalidationsInDoubt: () => invalidations.inDoubt(),
      numberingCollision: (id, message) => numbering.collided(id, message),
      ...tunedBy(deps.sync, random),
    }),
  );
  // Numbering that never collides in silence (decision 0029): its alerts, and the hub asked at once when it waits.
  const numbering = numberingService({
    store,
    clock,
    logger,
    station,
    hub: () => stations.hub(),
    fetch: fetchFn,
    timers: deps.sync?.timers ?? realTimers,
    changed: () => sync.publish(),
  });
  alerts.add(() => numbering.alerts());
  void numbering.askHub();
  // Resume what a previous run left: pending documents and sends cut short by a crash.
  sync.wake();
  // The data folder's free space (store/disk-space.ts): its alert is pushed as soon as it changes.
  const disk = diskWatch({ dir: deps.dataDir, clock, logger, ...deps.disk, thresholds: deps.disk, changed: () => sync.publish() });
  alerts.add(() => disk.alerts());
  // The certificate's end, 30, 7 and 1 days before (docs/decisions/0027-certificate-life-cycle.md).
  alerts.add(() => expiryAlerts(signing.current(), clock));
  const expiry = expiryWatch(realTimers, () => sync.publish());

  return { client, replicator, integrityCheck, invalidations, returns, specialOperations, sync, numbering, disk, expiry };
}
