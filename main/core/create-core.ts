// The composition root: builds one station core from its dependencies and wires the rooms together. No
// module-level state: tests build as many as they like. Each room is a factory in its own file.
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { verifyAudit } from './audit';
import { auditedApiKeys } from './auth/api-keys';
import { people } from './auth/people';
import { productCatalog } from './catalog/products';
import { systemClock } from './clock';
import type { Core, CoreDeps } from './core-types';
import { invalidationService } from './dte/invalidation/invalidate';
import { documents } from './dte/documents';
import { documentViews } from './dte/views';
import { uuidV4 } from './ids';
import { silentLogger } from './logger';
import { mhClientCache } from './mh/client-cache';
import { dayCloses } from './close/closes';
import { takeIdEnvio } from './outbox/outbox';
import { printing } from './settings/printing';
import { issuingKey, signingKeys } from './signing/signing-key';
import { mhPasswordNeeded, openOrCreateStation } from './station/at-start';
import { stationSecretBox } from './station/former-secrets';
import type { SecretBox } from './station/secrets';
import { stationRepo } from './station/station-repo';
import { stationService } from './station/station-service';
import { backupSchedule } from './store/backup-schedule';
import { openStationStore } from './store/open-station-store';
import { contingencyStore } from './sync/contingency';
import { createSyncEngine, tunedBy } from './sync/engine';
import { createDeliveries } from './delivery/deliveries';
import { smtpSettings } from './delivery/smtp-settings';
import { unitFrom } from './sync/backoff';
import { recoverAfterStop } from './sync/recover';
import { realTimers } from './timers';
import { documentEvents } from './dte/document-events';
import { webhookSender } from './webhooks/sender';
import { webhooks as webhookEndpoints } from './webhooks/webhooks';

export type { Core, CoreDeps } from './core-types';
import { SELLO_VERSION } from './station/station-service';
export { SELLO_VERSION };

export function createCore(deps: CoreDeps): Core {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? nodeRandomBytes;
  const logger = deps.logger ?? silentLogger;
  const fetchFn = deps.fetch ?? fetch;
  const newId = () => uuidV4(random);
  const { store, unlock, orClose } = openStationStore({
    dataDir: deps.dataDir,
    clock,
    nativeBinding: deps.nativeBinding,
    integrityChecked: deps.integrityChecked,
  });
  const contingencies = contingencyStore(store, logger);
  recoverAfterStop(store, contingencies, clock, logger);

  // Its key is kept outside the data folder; one an older version left inside is moved out (decision 0005).
  const secrets: SecretBox = orClose(() =>
    stationSecretBox({ given: deps.secrets, former: deps.formerSecrets, dataDir: deps.dataDir, store, logger }),
  );
  const stations = stationRepo(store, secrets);
  const keys = auditedApiKeys(store, random);
  const signing = signingKeys(store, secrets);
  // Issuing and invalidating say why when the certificate's key does not open here; the sync engine just waits.
  const signingKey = issuingKey(signing);
  const allowedMhUrls = deps.allowedMhUrls ?? [];
  // The station is read lazily: the people room exists before the first configure creates the station's people.
  // Endpoints exist before the station file is applied (its `webhooks`); the sender wakes once everything is wired.
  const hooks = webhookEndpoints({
    store,
    clock,
    secrets,
    newId,
    random,
    lastSeq: () => documentEvents(store).last(),
    wake: () => hookSender.wake(),
  });
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
  orClose(() => openOrCreateStation(deps, { service: stationSvc, stations, signing, mhOverridden: !!deps.mh, logger }));

  const client = mhClientCache({ stations, override: deps.mh, fetch: fetchFn, clock, logger, allowedMhUrls });
  const nextIdEnvio = () => takeIdEnvio(store);
  const invalidations = invalidationService({ store, clock, station, newId, signingKey, client, nextIdEnvio, logger, inFlight: new Set() });
  const sync = createSyncEngine({
    invalidations,
    station,
    newId,
    store,
    clock,
    logger,
    client,
    signingKey: () => signing.privateKey(),
    passwordNeeded: mhPasswordNeeded(stations, !!deps.mh),
    deliveries: () => mail.counts(),
    ...tunedBy(deps.sync, random),
  });
  // Resume what a previous run left: pending documents and sends cut short by a crash.
  sync.wake();

  const backups = backupSchedule({
    dataDir: deps.dataDir,
    clock,
    logger,
    everyMs: deps.backups?.everyMs,
    nativeBinding: deps.nativeBinding,
  });
  const issue = { store, clock, station, logger, signingKey, contingency: contingencies.open, nameOf: everyone.nameOf };
  const dtes = documents({
    views: documentViews({ store, clock, station, invalidations, deliveries: (id) => mail.ofDocument(id) }),
    issue,
    invalidations,
    wake: () => {
      sync.wake();
      hookSender.wake();
    },
    issued: () => backups.noteIssue(),
  });
  const hookSender = webhookSender({
    store,
    clock,
    logger,
    fetch: fetchFn,
    secrets,
    newId,
    random: deps.webhooks?.jitter ?? unitFrom(random),
    record: (id) => dtes.get(id),
    userAgent: `Sello/${SELLO_VERSION}`,
    tuning: { ...deps.webhooks, timers: deps.webhooks?.timers ?? deps.sync?.timers ?? realTimers },
  });
  // Every status the engine moves is an event some receiver may want.
  sync.onEvent(() => hookSender.wake());
  hookSender.wake();
  // E-mail: approved documents with a recipient's address, and invalidation notices (delivery/deliveries.ts).
  const mail = createDeliveries({
    store,
    clock,
    logger,
    random: unitFrom(random),
    newId,
    station,
    smtp,
    documents: { get: (id) => dtes.get(id), letterPdf: (id) => dtes.letterPdf(id) },
    ...deps.deliveries,
    timers: deps.deliveries?.timers ?? deps.sync?.timers,
  });
  sync.onEvent(() => mail.wake());
  mail.wake();

  return {
    dataDir: deps.dataDir,
    closes: dayCloses({ store, clock, newId, station, users: everyone.users, nameOf: everyone.nameOf }),
    stationInfo: stationSvc.stationInfo,
    health: stationSvc.health,
    station,
    configure: stationSvc.configure,
    dtes: {
      ...dtes,
      // An invalidation MH answered at once wrote its event without the engine: the sender looks now.
      invalidate: (body, actor, unknown) =>
        dtes.invalidate(body, actor, unknown).finally(() => {
          hookSender.wake();
          mail.wake();
        }),
    },
    apiKeys: keys,
    people: everyone,
    products: productCatalog({ store, clock, newId }),
    webhooks: { ...hooks, runOnce: () => hookSender.runOnce() },
    deliveries: { ...mail, smtp },
    sync,
    printing: printing(store, clock),
    signing: { publicKey: () => signing.publicKey(), nit: () => signing.nit() },
    backups: { create: backups.create, list: backups.list, status: backups.status },
    verifyAudit: () => verifyAudit(store),
    importCertificate: stationSvc.importCertificate,
    async updateStation(input, actor) {
      const { credentialsChanged, ...saved } = await stationSvc.update(input, actor);
      if (credentialsChanged) sync.retryNow();
      return saved;
    },
    close() {
      backups.close();
      hookSender.stop();
      mail.stop();
      sync.stop();
      store.close();
      unlock();
    },
  };
}
