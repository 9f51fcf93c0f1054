// The station's own rooms: its store, secrets and audit chain, what watches them (the alert board, the start's
// integrity check, the clock), the station record, keys, people and the books. Built first: the rest reads them.
import { createAlertBoard } from '../alerts';
import { clockWatch } from '../clock-skew';
import { wrongClockDocuments } from '../wrong-clock-documents';
import { auditHeadFile } from '../audit-head';
import { keyChain } from '../audit-key';
import { sweepAbandonedDownloads } from '../books/book-file';
import { stationBooks } from '../books/station-books';
import { auditedApiKeys } from '../auth/api-keys';
import { people } from '../auth/people';
import { latestCreatedAt } from '../dte/documents-repo';
import type { MhClient } from '../mh/client';
import type { Outbound } from '../delivery/outbound';
import { smtpSettings } from '../delivery/smtp-settings';
import { issuingKey, signingKeys } from '../signing/signing-key';
import { openOrCreateStation } from '../station/at-start';
import { stationSecretBox } from '../station/former-secrets';
import type { SecretBox } from '../station/secrets';
import { stationRepo } from '../station/station-repo';
import { productsRepo } from '../catalog/products-repo';
import { unitAlerts } from '../catalog/unit-alerts';
import { stationService } from '../station/station-service';
import { integrityWatch, newestCopy } from '../store/integrity-watch';
import { openStationStore } from '../store/open-station-store';
import { reportDataDirModes } from '../store/data-dir-mode';
import { contingencyStore } from '../sync/contingency';
import type { SyncEngine } from '../sync/engine';
import { recoverAfterStop } from '../sync/recover';
import { webhooks as webhookEndpoints } from '../webhooks/webhooks';
import type { Basics } from './basics';
import type { Later } from './late';
import { replacedWatch } from '../store/replaced-alert';

/** The rooms built after these, reached through closures called once everything is wired. */
export interface LateRooms {
  readonly sync: Later<SyncEngine>;
  readonly out: Later<Outbound>;
  readonly client: Later<() => MhClient | null>;
}

export type StationRooms = ReturnType<typeof stationRooms>;

export function stationRooms({ deps, clock, random, logger, fetchFn, newId }: Basics, late: LateRooms) {
  // A room may have news while the core is still being built (the audit chain's start findings): the engine, built
  // later, publishes the alerts it reads on its own first status, so a notice before it exists is dropped.
  const publish = () => late.sync.peek()?.publish();
  // With the start's check still running, the copy to restore is the newest one made before this start opened the
  // file: a migration's copy taken at the open is of the file not yet known whole.
  const lastCopyBeforeOpening = deps.integrityPending ? newestCopy(deps.dataDir) : null;
  // A file laid over the running station's refuses every write from then on (file-identity.ts).
  const replaced = replacedWatch({ clock, logger, changed: publish });
  // The store reads its folder, native binding and integrity flag from the host's deps.
  const { store, unlock, orClose } = openStationStore({
    ...deps,
    clock,
    onReplaced: replaced.told,
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
      changed: publish,
    }),
  );
  const contingencies = contingencyStore(store, logger);
  recoverAfterStop(store, contingencies, clock, logger);
  // What stops documents from being sealed, from every room, shown with the sync state (alerts.ts).
  const alerts = createAlertBoard((error) => logger.error('an alert source failed', { error: String(error) }));
  alerts.add(() => chain.alerts());
  alerts.add(() => replaced.alerts());
  // The start's integrity check, when still running as the station serves (decision 0042).
  const integrity = integrityWatch({
    pending: deps.integrityPending,
    latestBackup: () => lastCopyBeforeOpening,
    clock,
    logger,
    changed: publish,
  });
  alerts.add(() => integrity.alerts());
  // Any answer of MH carries its time: the MH client is built with the sync rooms.
  const askMhTime = () =>
    void late.client
      .get()()
      ?.reachable()
      .catch(() => false);
  // The clock held against MH's and the hub's answers (clock-skew.ts).
  // Documents made while a reading finds the clock wrong are named for a person (wrong-clock-documents.ts).
  const wrongClock = wrongClockDocuments({ store, clock, logger, changed: publish });
  const clockCheck = clockWatch({
    clock,
    lastIssuedAt: () => latestCreatedAt(store),
    changed: publish,
    probe: askMhTime,
    read: (offsetMs) => wrongClock.read(offsetMs),
  });
  alerts.add(() => clockCheck.alerts());
  alerts.add(() => wrongClock.alerts());

  const stations = stationRepo(store, secrets);
  const keys = auditedApiKeys(store, random);
  const signing = signingKeys(store, secrets);
  // Issuing and invalidating say why when the certificate's key does not open here; the sync engine just waits.
  const signingKey = issuingKey(signing);
  const allowedMhUrls = deps.allowedMhUrls ?? [];
  // The station is read lazily: the people room exists before the first configure creates the station's people.
  // Endpoints exist before the station file is applied (its `webhooks`); the sender wakes once everything is wired.
  const hooks = webhookEndpoints({ store, clock, secrets, newId, random, wake: () => late.out.get().wake() });
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
  // Products the 2026 units catalog lacks, while 2026 is in force or ahead (catalog/unit-alerts.ts).
  const products = productsRepo(store);
  alerts.add(() => unitAlerts(products.activeWithUnits, stations.get()?.mhNormative ?? null, clock.now()));
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

  return {
    store,
    unlock,
    secrets,
    chain,
    contingencies,
    alerts,
    integrity,
    clockCheck,
    askMhTime,
    stations,
    keys,
    signing,
    signingKey,
    allowedMhUrls,
    hooks,
    smtp,
    everyone,
    stationSvc,
    station,
    books,
  };
}
