// What a station core offers its front doors (core-types.ts Core), put together from the rooms: the counter receipt
// that waits a moment for MH's seal, a new certificate ending a refusal at once, and the order things stop in.
import { verifyAudit } from '../audit';
import { dayCloses } from '../close/closes';
import type { Core } from '../core-types';
import { productCatalog } from '../catalog/products';
import { awaitSeal } from '../dte/receipt-after-seal';
import { printerService } from '../printer/printer-service';
import { printing } from '../settings/printing';
import { companyBranches } from '../station/branches';
import { hubSetting } from '../station/hub-setting';
import { realTimers } from '../timers';
import type { Basics } from './basics';
import type { DocumentRooms } from './document-rooms';
import type { MhRooms } from './mh-rooms';
import type { StationRooms } from './station-rooms';

export function coreFace(b: Basics, s: StationRooms, m: MhRooms, d: DocumentRooms): Core {
  const { deps, clock, logger, fetchFn, newId } = b;
  const { store, unlock, chain, stations, keys, signing, hooks, smtp, everyone, stationSvc, station, books } = s;
  const { replicator, invalidations, returns, specialOperations, sync, numbering, disk, expiry } = m;
  const { backups, indexer, letters, dtes, out, stopClockProbe, normative, invalidate, homologation } = d;
  const printSettings = printing(store, clock, { logger });
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
    return dtes.receipt(id, width, actor, printSettings.logo());
  };

  function certificateTaken<T extends { certificateChanged: boolean }>(r: T): T {
    if (r.certificateChanged) sync.retryNow();
    return r;
  }

  return {
    dataDir: deps.dataDir,
    closes: dayCloses({ store, clock, newId, station, users: everyone.users, nameOf: everyone.nameOf }),
    priceOverrides: d.overrides,
    branches: companyBranches({ store, clock, demo: () => stations.get()?.demo === true }),
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
    specialOperations,
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
    replication: { runOnce: () => replicator.runOnce(), status: () => replicator.status(), mark: () => replicator.mark() },
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
