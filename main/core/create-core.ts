// The composition root: builds one station core from its dependencies and wires the rooms together. No
// module-level state: tests build as many as they like. Each room is a factory in its own file.
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { createAlertBoard } from './alerts';
import { clockProbe, clockWatch, timedFetch } from './clock-skew';
import { verifyAudit } from './audit';
import { auditHeadFile } from './audit-head';
import { keyChain } from './audit-key';
import { sweepAbandonedDownloads } from './books/book-file';
import { stationBooks } from './books/station-books';
import { letterDrawer } from './render/pdf-in-worker';
import { normativeService } from './station/normative-service';
import { hubSetting } from './station/hub-setting';
import { auditedApiKeys } from './auth/api-keys';
import { people } from './auth/people';
import { productCatalog } from './catalog/products';
import { systemClock } from './clock';
import type { Core, CoreDeps } from './core-types';
import { invalidationService } from './dte/invalidation/invalidate';
import { doubtAlerts } from './dte/invalidation/doubt';
import { returnService } from './dte/retorno/retorno';
import { documents } from './dte/documents';
import { latestCreatedAt } from './dte/documents-repo';
import { documentViews } from './dte/views';
import { uuidV4 } from './ids';
import { silentLogger } from './logger';
import { mhClientCache } from './mh/client-cache';
import { dayCloses } from './close/closes';
import { takeIdEnvio } from './outbox/outbox';
import { printing } from './settings/printing';
import { logoOf, printerService } from './printer/printer-service';
import { issuingKey, signingKeys } from './signing/signing-key';
import { expiryAlerts, expiryWatch } from './signing/expiry-alerts';
import { mhPasswordNeeded, openOrCreateStation } from './station/at-start';
import { stationSecretBox } from './station/former-secrets';
import type { SecretBox } from './station/secrets';
import { stationRepo } from './station/station-repo';
import { stationService } from './station/station-service';
import { backupSchedule } from './store/backup-schedule';
import { integrityWatch, newestCopy } from './store/integrity-watch';
import { openStationStore } from './store/open-station-store';
import { reportDataDirModes } from './store/data-dir-mode';
import { contingencyStore } from './sync/contingency';
import { createSyncEngine, tunedBy } from './sync/engine';
import { outbound } from './delivery/outbound';
import { smtpSettings } from './delivery/smtp-settings';
import { recoverAfterStop } from './sync/recover';
import { createReplicator } from './replication/replicator';
import { stationHeartbeat } from './replication/snapshots';
import { lookupAtHub } from './dte/related-at-hub';
import { unitFrom } from './sync/backoff';
import { webhooks as webhookEndpoints } from './webhooks/webhooks';
import { homologationService } from './homologation/homologation';
import { realTimers } from './timers';
import { awaitSeal } from './dte/receipt-after-seal';
import { searchIndexer } from './dte/search-indexer';
import { diskWatch } from './store/disk-space';
import { numberingService } from './dte/numbering';

export type { Core, CoreDeps } from './core-types';
export { SELLO_VERSION } from './station/station-service';

export function createCore(deps: CoreDeps): Core {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? nodeRandomBytes;
  const logger = deps.logger ?? silentLogger;
  const fetchFn = deps.fetch ?? fetch;
  const newId = () => uuidV4(random);
  // With the start's check still running, the copy to restore is the newest one made before this start opened the
  // file: a migration's copy taken at the open is of the file not yet known whole.
  const lastCopyBeforeOpening = deps.integrityPending ? newestCopy(deps.dataDir) : null;
  // The store reads its folder, native binding and integrity flag from the host's deps.
  const { store, unlock, orClose } = openStationStore({
    ...deps,
    clock,
    onCheckpointError: (error) =>
      logger.error('WAL checkpoint thread failed or backs off; the connection checkpoints itself meanwhile', { error }),
    onDataDirModes: (m) => reportDataDirModes(logger, m),
  });
  // Its key is kept outside the data folder; one an older version left inside is moved out (decision 0005).
  const secrets: SecretBox = orClose(() =>
    stationSecretBox({ given: deps.secrets, former: deps.formerSecrets, dataDir: deps.dataDir, store, logger }),
  );
  // The audit chain keyed before anything is written; checked off the start's path (decision 0034).
  const chain = orClose(() =>
    keyChain({
      store,
      box: secrets,
      headFile: auditHeadFile(deps.dataDir, { dir: deps.auditHeadDir }),
      clock,
      random,
      logger,
      changed: () => sync.publish(),
    }),
  );
  const contingencies = contingencyStore(store, logger);
  recoverAfterStop(store, contingencies, clock, logger);
  // What stops documents from being sealed, from every room, shown with the sync state (alerts.ts).
  const alerts = createAlertBoard((error) => logger.error('an alert source failed', { error: String(error) }));
  alerts.add(() => chain.alerts());
  // The start's integrity check, when still running as the station serves (decision 0042).
  const integrity = integrityWatch({
    pending: deps.integrityPending,
    latestBackup: () => lastCopyBeforeOpening,
    clock,
    logger,
    changed: () => sync.publish(),
  });
  alerts.add(() => integrity.alerts());
  // The clock held against MH's and the hub's answers (clock-skew.ts); `sync` is read when a reading comes.
  const clockCheck = clockWatch({
    clock,
    lastIssuedAt: () => latestCreatedAt(store),
    changed: () => sync.publish(),
    probe: () => askMhTime(),
  });
  alerts.add(() => clockCheck.alerts());
  // Any answer of MH carries its time; `client` is built below.
  const askMhTime = () =>
    void client()
      ?.reachable()
      .catch(() => false);

  const stations = stationRepo(store, secrets);
  const keys = auditedApiKeys(store, random);
  const signing = signingKeys(store, secrets);
  // Issuing and invalidating say why when the certificate's key does not open here; the sync engine just waits.
  const signingKey = issuingKey(signing);
  const allowedMhUrls = deps.allowedMhUrls ?? [];
  // The station is read lazily: the people room exists before the first configure creates the station's people.
  // Endpoints exist before the station file is applied (its `webhooks`); the sender wakes once everything is wired.
  const hooks = webhookEndpoints({ store, clock, secrets, newId, random, wake: () => out.wake() });
  const smtp = smtpSettings(store, clock, secrets);
  const everyone = people({ store, clock, random, keys, station: () => stationSvc.station() });
  const stationSvc = stationService({
    store,
    clock,
    logger,
    fetch: fetchFn,
    stations,
    signing,
    keys,
    allowedMhUrls,
    users: everyone.users,
    webhooks: hooks,
    smtp,
    mhOverride: deps.mh,
  });
  const station = stationSvc.station;
  // Book files a killed process left in the temporary folder (the customers' names are in them): gone at start.
  void sweepAbandonedDownloads().then((n) => n > 0 && logger.info('abandoned book downloads removed', { folders: n }));
  // The month's reading and drawing on a worker thread when the host names its entry (books/books-in-worker.ts).
  const books = stationBooks(store, clock, station, {
    ...(deps.workers?.books
      ? {
          worker: {
            entry: deps.workers.books,
            file: store.sqlite.name,
            ...(deps.nativeBinding ? { nativeBinding: deps.nativeBinding } : {}),
            logger,
          },
        }
      : {}),
  });
  orClose(() => openOrCreateStation(deps, { service: stationSvc, stations, signing, mhOverridden: !!deps.mh, logger }));

  const client = mhClientCache({
    stations,
    override: deps.mh,
    fetch: fetchFn,
    clock,
    logger,
    allowedMhUrls,
    onServerTime: (t) => clockCheck.measured(t),
  });
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
  });
  const nextIdEnvio = () => takeIdEnvio(store);
  const integrityCheck = () => integrity.check();
  // Invalidations and Eventos de Retorno are signed and sent alike; each keeps its own events in flight.
  const events = { store, clock, station, newId, signingKey, client, nextIdEnvio, logger, integrityCheck };
  const invalidations = invalidationService({ ...events, inFlight: new Set() });
  const returns = returnService({ ...events, inFlight: new Set() });
  // An invalidation MH may hold stays visible until a supervisor settles it (decision 0024).
  alerts.add(() => doubtAlerts(invalidations.inDoubt()));
  const sync = createSyncEngine({
    // Events waiting for MH, sent after the documents: invalidations, then Eventos de Retorno (decision 0015).
    invalidations: {
      pending: () => invalidations.pending() + returns.pending(),
      async send(c) {
        const first = await invalidations.send(c);
        if (first?.login || (first?.exchange && first.exchange.kind !== 'response')) return first;
        return (await returns.send(c)) ?? first;
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
    deliveries: () => out.mail.counts(),
    hub: () => replicator.status(),
    alerts: () => alerts.list(),
    invalidationsInDoubt: () => invalidations.inDoubt(),
    numberingCollision: (id, message) => numbering.collided(id, message),
    ...tunedBy(deps.sync, random),
  });
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
  const dtes = documents({
    views: documentViews({ store, clock, station, invalidations, deliveries: (id) => out.mail.ofDocument(id), drawLetter: letters.letter }),
    issue,
    invalidations,
    wake: () => [sync, out, replicator, indexer].forEach((s) => s.wake()),
    issued: () => backups.noteIssue(),
    issuedAt: (at) => clockCheck.issued(at),
    askHub: (ids) => lookupAtHub(stations.hub(), ids, fetchFn),
  });
  // The customer's e-mail and the POS's webhooks (delivery/outbound.ts); every status the engine moves wakes them.
  const tuning = { webhooks: deps.webhooks, deliveries: deps.deliveries, timers: deps.sync?.timers };
  const out = outbound({
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
    tuning,
    // The e-mails an event queues are records the hub receives too (migration 019): it hears of them at once.
    queued: () => replicator.wake(),
  });
  sync.onEvent(() => out.wake());
  out.wake();
  sync.onEvent(() => replicator.wake());
  replicator.wake();
  // Asks MH for its time at start and whenever no answer came for a while (clock-skew.ts), when the host wants it.
  const stopClockProbe = deps.clockProbeMs
    ? clockProbe(deps.clockProbeMs, deps.sync?.timers ?? realTimers, clock, clockCheck, askMhTime)
    : () => {};

  const normative = normativeService({ store, clock, stations });
  // An invalidation MH answered at once wrote its event without the engine: the senders look now.
  const invalidate: Core['dtes']['invalidate'] = (body, actor, unknown) =>
    dtes.invalidate(body, actor, unknown).finally(() => [out, replicator].forEach((s) => s.wake()));
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
    onChange: (listener) => sync.onEvent(listener),
    dataDir: deps.dataDir,
    normative,
    randomSeed: () => random(4).readUInt32BE(0) & 0x7fffffff || 1,
  });

  const printSettings = printing(store, clock);
  const sealWait = (id: string) =>
    awaitSeal(
      {
        get: (d) => dtes.get(d),
        online: () => sync.status().state === 'online',
        waitForDocument: (d, ms) => sync.waitForDocument(d, ms),
        timers: deps.sync?.timers ?? realTimers,
      },
      id,
    );
  const sealedReceipt: Core['dtes']['receipt'] = async (id, width, actor) => {
    await sealWait(id);
    return dtes.receipt(id, width, actor, logoOf(printSettings.get()));
  };

  function certificateTaken<T extends { certificateChanged: boolean }>(r: T): T {
    if (r.certificateChanged) sync.retryNow();
    return r;
  }

  return {
    dataDir: deps.dataDir,
    closes: dayCloses({ store, clock, newId, station, users: everyone.users, nameOf: everyone.nameOf }),
    books,
    normative,
    homologation,
    numbering,
    hubSetting: hubSetting({
      store,
      clock,
      logger,
      fetch: fetchFn,
      stations,
      status: () => replicator.status(),
      changed: () => replicator.hubChanged(),
    }),
    stationInfo: stationSvc.stationInfo,
    health: stationSvc.health,
    station,
    // A new signing certificate ends a signature refusal at once (docs/decisions/0027-certificate-life-cycle.md).
    configure: (profile, actor, certificate) => certificateTaken(stationSvc.configure(profile, actor, certificate)),
    // The counter receipt waits a moment for MH's seal while MH is reachable (dte/receipt-after-seal.ts).
    dtes: { ...dtes, invalidate, receipt: sealedReceipt },
    invalidationDoubts: {
      inDoubt: () => invalidations.inDoubt(),
      settleDoubt: (id, input, actor) => {
        const r = invalidations.settleDoubt(id, input, actor);
        // The document may be APPROVED again: the feeds and the screens hear of it now.
        [sync, out, replicator].forEach((s) => s.wake());
        return r;
      },
    },
    returns,
    apiKeys: keys,
    people: everyone,
    products: productCatalog({ store, clock, newId }),
    webhooks: { ...hooks, runOnce: () => out.hooks.runOnce() },
    deliveries: { ...out.mail, smtp },
    sync,
    printing: printSettings,
    printer: printerService({
      store,
      clock,
      newId,
      printing: printSettings,
      // The ESC/POS receipt waits for MH's seal as the PDF does (dte/receipt-after-seal.ts).
      receipt: async (id, actor) => (await sealWait(id), dtes.receiptSource(id, actor)),
      documentOf: (id) => {
        const r = dtes.get(id);
        return { numeroControl: r.controlNumber, total: r.total };
      },
      stationName: () => stationSvc.stationInfo().company.name,
      nameOf: everyone.nameOf,
    }),
    signing: { publicKey: () => signing.publicKey(), nit: () => signing.nit(), history: () => signing.history() },
    search: { flush: () => indexer.flush() },
    backups: { create: backups.create, list: backups.list, status: backups.status },
    verifyAudit: () => verifyAudit(store),
    auditChecked: () => chain.checked,
    importCertificate: (xml, password, actor) =>
      certificateTaken({ certificateChanged: stationSvc.importCertificate(xml, password, actor) }),
    async updateStation(input, actor) {
      const { credentialsChanged, certificateChanged, ...saved } = await stationSvc.update(input, actor);
      if (credentialsChanged || certificateChanged) sync.retryNow();
      return saved;
    },
    replication: { runOnce: () => replicator.runOnce(), status: () => replicator.status() },
    disk: { writeFailed: () => disk.writeFailed(), free: () => disk.free() },
    close() {
      disk.stop();
      homologation.stop();
      stopClockProbe();
      expiry.stop();
      numbering.stop();
      replicator.stop();
      backups.close();
      void books.close();
      void letters.close();
      indexer.stop();
      out.stop();
      sync.stop();
      chain.stop();
      store.close();
      unlock();
    },
  };
}
