// Builds one station core from its dependencies. No module-level state: tests build as many as they like.
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { validate, type DteKind } from '../../shared/contract';
import type { BackupsStatus, DteDetail, DteListPage, DteListQuery, DteRecord, Health, InvalidationRecord, ReceiverEntry, StationInfo, StationSaved } from '../../shared/records';
import { invalidateDte, pendingInvalidations, sendInvalidation, toInvalidationRecord, type InvalidationDeps } from './dte/invalidation/invalidate';
import { invalidationDeadline } from './dte/invalidation/windows';
import { outbox, takeIdEnvio } from './outbox/outbox';
import { lockDataDir } from './store/data-dir-lock';
import { uuidV4 } from './ids';
import { DEFAULT_PRINT_SETTINGS, printSettings, type PrintSettings } from '../../shared/printing';
import { letterPdf } from './render/letter-pdf';
import { printable } from './render/model';
import { lookupUrl, qrDataUri } from './render/qr';
import { receiptPdf, type ReceiptWidth } from './render/receipt';
import { audit, verifyAudit } from './audit';
import type { ChainVerdict } from './audit-chain';
import { backupOnline, backupsDir, listBackups, removePartials, type BackupInfo } from './store/backup';
import { apiKeys, type ApiKeys } from './auth/api-keys';
import { isoLocal, systemClock, type Clock } from './clock';
import { createDte, type CreateResult } from './dte/issue';
import { findDocument, listDocuments } from './dte/documents';
import { searchReceivers } from './dte/receivers';
import { toRecord } from './dte/record';
import { CoreError, validationFailed } from './errors';
import { silentLogger, type Logger } from './logger';
import { DEMO_STATION } from './station/demo';
import { stationProfile, type StationProfile, type StoredStation } from './station/profile';
import { keyFileBox, type SecretBox } from './station/secrets';
import { stationRepo } from './station/station-repo';
import { openStore, type Store } from './store/database';
import { generateMhCertificate } from './signing/certificate';
import { signingKeys, type SigningKeys } from './signing/signing-key';
import { readFileSync } from 'node:fs';
import { stationUpdate } from '../../shared/station';
import { checkCertificate, checkMhLogin, type CertificatePaths } from './station/checks';
import { identityChanges } from './station/identity';
import { mhClient, type MhClient } from './mh/client';
import { unitFrom } from './sync/backoff';
import { createSyncEngine, type SyncEngine } from './sync/engine';
import type { Timers } from './timers';
import { contingencyStore } from './sync/contingency';

export const SELLO_VERSION = '0.1.0';
const DEMO_CERT_PASSWORD = 'demo';

export interface CoreDeps {
  readonly dataDir: string;
  readonly clock?: Clock;
  /** Source of randomness (ids, keys); injected so tests can make it deterministic. */
  readonly random?: (n: number) => Buffer;
  readonly fetch?: typeof fetch;
  readonly logger?: Logger;
  readonly secrets?: SecretBox;
  /** Path to a better-sqlite3 binding built for this runtime (the Electron shell passes its own). */
  readonly nativeBinding?: string;
  /** Station profile applied when the data dir has none yet; the demo station when absent. */
  readonly initialStation?: unknown;
  /** MH's certificate applied with `initialStation`, in the same transaction (the first-run wizard). */
  readonly initialCertificate?: { readonly xml: string; readonly password: string };
  /** Who set the initial station up, for the audit log ('system' when absent). */
  readonly initialActor?: string;
  /** quick_check already ran on the database file (the host runs it in a worker before opening). */
  readonly integrityChecked?: boolean;
  /** Open an existing station only: a data dir without one is refused, never turned into a demo. */
  readonly mustExist?: boolean;
  /** MH to talk to instead of the station's settings: the demo's embedded simulator, or a test's. */
  readonly mh?: { readonly baseUrl: string; readonly user: string; readonly password: string; readonly timeoutMs?: number };
  /** Scheduled copies of the database (store/backup.ts): every 6 h by default; `everyMs: 0` turns them off. */
  readonly backups?: { readonly everyMs?: number };
  /** Sync engine tuning: tests shorten the lease, or drive the engine by hand. */
  readonly sync?: { readonly leaseMs?: number; readonly manual?: boolean; readonly jitter?: () => number; readonly lotePollMs?: number; readonly timers?: Timers };
}

export interface Core {
  readonly dataDir: string;
  health(): Health;
  /** The station for the settings screen, without secrets. */
  stationInfo(): StationInfo;
  station(): StoredStation;
  /** Applies a station profile (idempotent); API keys in it are stored hashed. */
  configure(profile: unknown, actor: string, certificate?: { xml: string; password: string }): { changed: boolean };
  /** Ajustes: the station's data, MH credentials and certificate; its identity (environment, NIT, branch, POS) stays. */
  updateStation(input: unknown, actor: string): Promise<StationSaved>;
  readonly dtes: {
    create(kind: DteKind, body: unknown, actor: string): CreateResult;
    get(id: string): DteRecord;
    list(query: DteListQuery): DteListPage;
    /** The signed MH document as the receiver gets it (APPROVED only). */
    signedJson(id: string): Record<string, unknown>;
    /** The address book for a kind's recipient (NC and ND share the CCF's), most recent first. */
    receivers(kind: DteKind, q?: string): ReceiverEntry[];
    /** The stored MH document and its JWS, whatever the status (for the sync engine and tests; not served). */
    mhDocument(id: string): { document: Record<string, unknown>; jws: string };
    /** The detail screen's view of one document: record, history, MH's answer, invalidation window. */
    detail(id: string): DteDetail;
    /** MH's graphic representation on letter paper (APPROVED only). */
    letterPdf(id: string): Promise<Buffer>;
    /** The counter receipt, 58 or 80 mm wide: any status but REJECTED, marked while it has no seal. */
    receipt(id: string, width: ReceiptWidth, actor: string): Promise<Buffer>;
    /** A base64 PNG data URI of the QR to MH's public lookup (APPROVED only). */
    qr(id: string): Promise<string>;
    /** Checks that a DTE may be downloaded (exists and APPROVED); returns it. */
    approved(id: string): DteRecord;
    /** Invalidates an APPROVED DTE; `pending` when MH could not be reached and the event waits in the queue. */
    invalidate(body: unknown, actor: string): Promise<{ record: InvalidationRecord; pending: boolean }>;
  };
  readonly apiKeys: ApiKeys;
  readonly sync: SyncEngine;
  readonly signing: Pick<SigningKeys, 'publicKey' | 'nit'>;
  readonly printing: { get(): PrintSettings; set(input: unknown, actor: string): PrintSettings };
  /** Copies of the database in `DATA/backups`: one now (online), and the ones kept. */
  readonly backups: {
    create(reason: 'manual' | 'scheduled', onProgress?: (done: number) => void): Promise<BackupInfo>;
    list(): BackupInfo[];
    /** For Ajustes: the copies kept and the one under way. */
    status(): BackupsStatus;
  };
  /** Checks the audit log's hash chain from the first entry to the last (in pages, yielding between them). */
  verifyAudit(): Promise<ChainVerdict>;
  /** Imports MH's certificate (.crt XML) after checking its password and that it is the company's. */
  importCertificate(xml: string, password: string, actor: string): void;
  close(): void;
}

export function createCore(deps: CoreDeps): Core {
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? nodeRandomBytes;
  const logger = deps.logger ?? silentLogger;
  mkdirSync(deps.dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(deps.dataDir);
  let store: Store;
  try {
    // A kill -9 during a copy leaves a `.partial`, never a copy: clear those first.
    removePartials(backupsDir(deps.dataDir));
    store = openStore(join(deps.dataDir, 'sello.db'), { ...(deps.nativeBinding ? { nativeBinding: deps.nativeBinding } : {}), backupDir: backupsDir(deps.dataDir), now: () => clock.now(), integrityChecked: deps.integrityChecked === true });
  } catch (e) {
    unlock();
    throw e;
  }
  // We hold the only lock on this store: whatever was being sent belonged to a process that died, so it may
  // have reached MH. It is queried before any resend.
  // Lotes whose send a stop cut short are lost; then every send still marked in flight is in doubt.
  contingencyStore(store, logger).recoverLotes(clock.now());
  const recovered = outbox(store, logger).recoverAll(clock.now());
  const secrets = deps.secrets ?? keyFileBox(deps.dataDir);
  const stations = stationRepo(store, secrets);
  const plainKeys = apiKeys(store, random);
  // Keys given out and taken back are settings events in the audit chain (never the key itself).
  const keys: ApiKeys = {
    ...plainKeys,
    create(name, at, actor = 'app') {
      return store.tx(() => {
        const r = plainKeys.create(name, at);
        audit(store, at, actor, 'settings.apikey.created', r.id, { name });
        return r;
      });
    },
    revoke(id, at, actor = 'app') {
      return store.tx(() => {
        const done = plainKeys.revoke(id, at);
        if (done) audit(store, at, actor, 'settings.apikey.revoked', id);
        return done;
      });
    },
  };
  const signing = signingKeys(store, secrets);

  const station = (): StoredStation => {
    const s = stations.get();
    if (!s) throw new Error('station is not configured');
    return s;
  };

  const importCertificate = (xml: string, password: string, nit: string, actor: string, paths: CertificatePaths) => {
    signing.store(checkCertificate(xml, password, nit, paths));
    audit(store, isoLocal(clock.now()), actor, 'certificate.imported', nit);
  };

  const configure = (input: unknown, actor: string, certificate?: { xml: string; password: string }) => {
    const parsed = validate(stationProfile, input);
    if (!parsed.ok) throw validationFailed(parsed.errors, 'La configuración de la estación tiene datos no válidos.');
    const profile: StationProfile = parsed.value;
    const at = isoLocal(clock.now());
    const certFile = profile.mh?.certificateFile;
    let certXml: string | null = null;
    if (certFile && signing.nit() !== profile.company.nit) {
      try {
        certXml = readFileSync(certFile, 'utf8');
      } catch {
        throw validationFailed([{ path: 'mh.certificateFile', code: 'NOT_ALLOWED', message: `No se puede leer el archivo ${certFile}.` }]);
      }
    }
    // Station, keys and certificate in one transaction: a refused certificate leaves nothing half applied.
    return store.tx(() => {
      const changed = stations.save(profile);
      for (const key of profile.apiKeys ?? []) keys.add(key, profile.demo ? 'demo' : 'station file', at);
      if (changed) audit(store, at, actor, 'station.configured', profile.company.id, { environment: profile.environment, branch: profile.branch.mhCode });
      if (certificate) {
        importCertificate(certificate.xml, certificate.password, profile.company.nit, actor, { file: 'certificate.xml', password: 'certificate.password' });
      } else if (certXml !== null) {
        importCertificate(certXml, profile.mh?.certificatePassword ?? '', profile.company.nit, actor, { file: 'mh.certificateFile', password: 'mh.certificatePassword' });
      } else if (profile.demo && !signing.privateKey()) {
        // The demo signs with a certificate of its own, generated in MH's format.
        const pem = generateMhCertificate(profile.company.nit, DEMO_CERT_PASSWORD);
        importCertificate(pem, DEMO_CERT_PASSWORD, profile.company.nit, 'system', { file: 'mh', password: 'mh' });
      }
      return { changed };
    });
  };

  // A first start with nothing configured is a demo station (docs/decisions/0002-contract-gaps.md).
  if (!stations.get()) {
    try {
      if (deps.mustExist) throw new CoreError('STATION_NOT_READY', `No hay una estación configurada en ${deps.dataDir}.`);
      configure(deps.initialStation ?? DEMO_STATION, deps.initialActor ?? 'system', deps.initialCertificate);
    } catch (e) {
      store.close();
      unlock();
      throw e;
    }
    if (deps.initialStation === undefined) logger.info('no station configured: demo station set up');
  }

  // One MH client per MH address and user, so its token survives between documents.
  let client: { key: string; value: MhClient } | null = null;
  const currentClient = (): MhClient | null => {
    const s = stations.get();
    const target = deps.mh ?? (s?.mh ? { baseUrl: s.mh.baseUrl, user: s.mh.user, password: null } : null);
    if (!s || !target) return null;
    const key = `${target.baseUrl}|${target.user}`;
    if (client?.key !== key) {
      client = {
        key,
        value: mhClient({
          baseUrl: target.baseUrl,
          user: target.user,
          password: () => target.password ?? stations.mhSecrets()?.password ?? '',
          ambiente: s.environment === 'LIVE' ? '01' : '00',
          fetch: deps.fetch ?? fetch,
          clock,
          logger,
          ...(deps.mh?.timeoutMs ? { timeoutMs: deps.mh.timeoutMs } : {}),
        }),
      };
    }
    return client.value;
  };
  const invalidationDeps: InvalidationDeps = {
    store,
    clock,
    station,
    newId: () => uuidV4(random),
    signingKey: () => signing.privateKey(),
    client: () => currentClient(),
    nextIdEnvio: () => takeIdEnvio(store),
    logger,
    inFlight: new Set(),
  };
  const invalidations = {
    pending: () => pendingInvalidations(store).length,
    /** One attempt at each, oldest first (one that never gets an answer blocks none); the first miss is reported. */
    async send(c: MhClient) {
      let first: Awaited<ReturnType<typeof sendInvalidation>>['unreached'] = null;
      for (const id of pendingInvalidations(store)) {
        const { unreached } = await sendInvalidation({ ...invalidationDeps, client: () => c }, id);
        if (unreached?.login || (unreached?.exchange && unreached.exchange.kind !== 'response')) return unreached;
        first ??= unreached;
      }
      return first;
    },
  };
  const sync = createSyncEngine({
    invalidations,
    station,
    signingKey: () => signing.privateKey(),
    newId: () => uuidV4(random),
    store,
    clock,
    random: deps.sync?.jitter ?? unitFrom(random),
    logger,
    client: currentClient,
    manual: deps.sync?.manual === true,
    ...(deps.sync?.lotePollMs !== undefined ? { lotePollMs: deps.sync.lotePollMs } : {}),
    ...(deps.sync?.leaseMs ? { leaseMs: deps.sync.leaseMs } : {}),
    ...(deps.sync?.timers ? { timers: deps.sync.timers } : {}),
  });
  // Resume what a previous run left: pending documents and sends cut short by a crash.
  if (recovered) logger.warn('sends interrupted by a previous stop will be checked with MH', { documents: recovered });
  sync.wake();

  // Scheduled copies: one soon after start when the newest is older than the period, then every period.
  let closed = false;
  let backupTimer: NodeJS.Timeout | null = null;
  let backupRunning: Promise<BackupInfo> | null = null;
  let backupProgress: number | null = null;
  let backupError: string | null = null;
  const everyMs = deps.backups?.everyMs ?? 6 * 3600_000;
  const runBackup = (reason: 'manual' | 'scheduled', onProgress?: (done: number) => void): Promise<BackupInfo> => {
    if (closed) return Promise.reject(new CoreError('STATION_NOT_READY', 'La estación se está cerrando.'));
    // One copy at a time; a request during a copy gets that copy.
    if (!backupRunning) {
      backupProgress = 0;
      backupRunning = backupOnline(join(deps.dataDir, 'sello.db'), backupsDir(deps.dataDir), clock.now(), reason, (done) => {
        backupProgress = done;
        onProgress?.(done);
      }, deps.nativeBinding)
        .then(
          (b) => {
            backupError = null;
            return b;
          },
          (e: unknown) => {
            backupError = e instanceof Error ? e.message : String(e);
            throw new CoreError('INTERNAL', `No se pudo hacer la copia de seguridad (${backupError}). Revise el espacio libre en el disco y vuelva a intentar.`);
          },
        )
        .finally(() => {
          backupRunning = null;
          backupProgress = null;
        });
    }
    return backupRunning;
  };
  // A copy floods the disk, and every issue waits for its own flush: a scheduled copy waits for a quiet
  // moment (no document issued for a while), up to two hours, then goes anyway.
  const quietMs = Math.min(30_000, everyMs / 4);
  let lastIssueAt = 0;
  let deferredSince: number | null = null;
  const scheduleBackup = (inMs: number) => {
    if (everyMs <= 0 || closed) return;
    backupTimer = setTimeout(() => {
      // Wall time, like the timer it paces (the injected clock is the documents' time, fixed in tests).
      const now = Date.now();
      if (now - lastIssueAt < quietMs && now - (deferredSince ??= now) < 2 * 3600_000) {
        scheduleBackup(quietMs);
        return;
      }
      deferredSince = null;
      runBackup('scheduled').then(
        (b) => logger.info('backup done', { file: b.file, bytes: b.bytes }),
        (e: unknown) => {
          if (!closed) logger.error('backup failed', { error: e instanceof Error ? e.message : String(e) });
        },
      ).finally(() => scheduleBackup(everyMs));
    }, inMs);
    backupTimer.unref();
  };
  {
    const newest = listBackups(backupsDir(deps.dataDir)).find((b) => b.reason === 'scheduled' || b.reason === 'manual');
    const age = newest ? clock.now().getTime() - Date.parse(newest.takenAt) : Infinity;
    scheduleBackup(age >= everyMs ? Math.min(everyMs, 60_000) : everyMs - age);
  }

  const contingencies = contingencyStore(store, logger);
  const openContingency = () => {
    const e = contingencies.open();
    return e ? { id: e.id, type: e.type, reason: e.reason } : null;
  };

  const get = (id: string): DteRecord => {
    const row = findDocument(store, id);
    if (!row) throw new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${id}.`);
    return toRecord(row);
  };

  const mhDoc = (id: string): Record<string, unknown> => {
    const row = store.one(store.q.selectFrom('documents').select(['mh_json']).where('id', '=', id.toLowerCase()));
    if (!row?.mh_json) throw new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${id}.`);
    return JSON.parse(row.mh_json) as Record<string, unknown>;
  };

  const approved = (id: string): DteRecord => {
    const record = get(id);
    if (record.status !== 'APPROVED') {
      throw new CoreError('DTE_NOT_APPROVED', `El DTE está en estado ${record.status}; solo un DTE aprobado por MH se descarga.`);
    }
    return record;
  };

  const stationInfo = (): StationInfo => {
    const s = station();
    return {
      environment: s.environment,
      demo: s.demo === true,
      company: {
        name: s.company.name,
        commercialName: s.company.commercialName ?? null,
        nit: s.company.nit,
        nrc: s.company.nrc,
        activity: s.company.economicActivityDescription,
        economicActivity: s.company.economicActivity,
        phone: s.company.phone,
        email: s.company.email,
        address: { department: s.company.address.department, municipality: s.company.address.municipality, complement: s.company.address.complement },
      },
      branch: { mhCode: s.branch.mhCode, posNumber: s.branch.posNumber, establishmentType: s.branch.establishmentType },
      responsible: s.responsible ? { name: s.responsible.name, identificationDocument: { type: s.responsible.identificationDocument.type, number: s.responsible.identificationDocument.number } } : null,
      mh: deps.mh ? { baseUrl: deps.mh.baseUrl, user: deps.mh.user } : s.mh ? { baseUrl: s.mh.baseUrl, user: s.mh.user } : null,
      certificate: { loaded: signing.privateKey() !== null, nit: signing.nit() },
    };
  };

  return {
    dataDir: deps.dataDir,
    stationInfo,
    health() {
      const s = station();
      return {
        status: 'ok',
        version: SELLO_VERSION,
        environment: s.environment,
        demo: s.demo === true,
        companyName: s.company.name,
        branchCode: s.branch.mhCode,
        posNumber: s.branch.posNumber,
        firstRun: false,
      };
    },
    station,
    configure,
    dtes: {
      create(kind, body, actor) {
        const result = createDte({ store, clock, station, logger, signingKey: () => signing.privateKey(), contingency: () => openContingency() }, kind, body, actor);
        lastIssueAt = Date.now();
        if (!result.replayed) sync.wake();
        return result;
      },
      get,
      list: (query) => listDocuments(store, query),
      approved,
      detail(id) {
        const record = get(id);
        const row = findDocument(store, id);
        const doc = mhDoc(id) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        const timeline = store
          .all(store.q.selectFrom('audit_log').select(['at', 'action', 'detail']).where('subject', '=', record.id).orderBy('seq'))
          .map((a) => ({ at: a.at, action: a.action, detail: a.detail ? (JSON.parse(a.detail) as Record<string, unknown>) : null }));
        const events = store.all(store.q.selectFrom('invalidations').selectAll().where('dte_id', '=', record.id).orderBy('created_at')).map(toInvalidationRecord);
        const receiver = doc.receptor ?? doc.sujetoExcluido ?? null;
        return {
          record,
          timeline,
          invalidation: {
            deadline: record.status === 'APPROVED' && row ? isoLocal(invalidationDeadline(record.type, new Date(row.sealed_at ?? row.updated_at))) : null,
            events,
          },
          summary: {
            receiver: receiver?.nombre ?? null,
            total: record.total,
            items: Array.isArray(doc.cuerpoDocumento) ? doc.cuerpoDocumento.length : 0,
            contingency: doc.identificacion?.tipoOperacion === 2,
          },
        };
      },
      async letterPdf(id) {
        const record = approved(id);
        return letterPdf(printable(record, mhDoc(id), station().demo === true));
      },
      async receipt(id, width, actor) {
        const record = get(id);
        if (record.status === 'REJECTED') {
          throw new CoreError('DTE_REJECTED', 'MH rechazó este documento: no se entrega comprobante. Emita uno nuevo con los datos corregidos.');
        }
        const pdf = await receiptPdf(printable(record, mhDoc(id), station().demo === true), width);
        audit(store, isoLocal(clock.now()), actor, 'dte.receipt', record.id, { width, status: record.status });
        return pdf;
      },
      async qr(id) {
        const record = approved(id);
        const doc = mhDoc(id).identificacion as Record<string, unknown>;
        return qrDataUri(lookupUrl(String(doc.ambiente), record.id, String(doc.fecEmi)));
      },
      mhDocument(id) {
        const row = store.one(store.q.selectFrom('documents').select(['mh_json', 'jws']).where('id', '=', id.toLowerCase()));
        if (!row?.mh_json || !row.jws) throw new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${id}.`);
        return { document: JSON.parse(row.mh_json) as Record<string, unknown>, jws: row.jws };
      },
      receivers: (kind, q) => searchReceivers(store, kind, q),
      signedJson(id) {
        approved(id);
        const row = store.one(store.q.selectFrom('documents').select(['mh_json', 'jws', 'seal']).where('id', '=', id.toLowerCase()));
        if (!row?.mh_json || !row.jws) throw new CoreError('DTE_NOT_APPROVED', 'El DTE no tiene documento firmado.');
        return { ...(JSON.parse(row.mh_json) as Record<string, unknown>), firmaElectronica: row.jws, selloRecibido: row.seal };
      },
      async invalidate(body, actor) {
        const r = await invalidateDte(invalidationDeps, body, actor);
        // MH did not answer: the engine sends it as soon as MH is back, not when the next document is issued.
        if (r.pending) sync.wake();
        return r;
      },
    },
    apiKeys: keys,
    sync,
    printing: {
      get() {
        const v = store.one(store.q.selectFrom('settings').select('value').where('key', '=', 'printing'))?.value;
        return v ? (JSON.parse(v) as PrintSettings) : DEFAULT_PRINT_SETTINGS;
      },
      set(input, actor) {
        const parsed = validate(printSettings, input);
        if (!parsed.ok) throw validationFailed(parsed.errors, 'La configuración de impresión tiene datos no válidos.');
        const value = JSON.stringify(parsed.value);
        store.tx(() => {
          store.run(store.q.insertInto('settings').values({ key: 'printing', value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })));
          audit(store, isoLocal(clock.now()), actor, 'settings.printing', null, parsed.value);
        });
        return parsed.value;
      },
    },
    signing: { publicKey: () => signing.publicKey(), nit: () => signing.nit() },
    backups: {
      create: runBackup,
      list: () => listBackups(backupsDir(deps.dataDir)),
      status: () => ({
        running: backupRunning !== null,
        progress: backupProgress,
        lastError: backupError,
        items: listBackups(backupsDir(deps.dataDir)).map((b) => ({ file: b.file, reason: b.reason, bytes: b.bytes, takenAt: b.takenAt })),
      }),
    },
    verifyAudit: () => verifyAudit(store),
    importCertificate: (xml, password, actor) => importCertificate(xml, password, station().company.nit, actor, { file: 'certificate', password: 'certificate' }),
    async updateStation(input, actor) {
      const current = station();
      if (current.demo) {
        throw new CoreError('STATION_CONFLICT', 'La estación de demostración no se edita: configure su propia estación con el asistente.');
      }
      const parsed = validate(stationUpdate, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'Los datos de la estación no son válidos.');
      const u = parsed.value;
      const identity = identityChanges(current, u);
      if (identity.length > 0) {
        throw validationFailed(identity, 'El ambiente, el NIT, la sucursal y el punto de venta no cambian en una estación: configure una nueva.');
      }
      const secretsNow = stations.mhSecrets();
      const password = u.mh.password ?? secretsNow?.password;
      if (!password) throw validationFailed([{ path: 'mh.password', code: 'REQUIRED', message: 'Escriba la contraseña de la API de MH.' }]);
      const mh = { baseUrl: u.mh.baseUrl, user: u.mh.user, password };
      // Credentials are checked only when they change; a station keeps working offline.
      const credentialsChanged = !current.mh || current.mh.baseUrl !== mh.baseUrl || current.mh.user !== mh.user || u.mh.password != null;
      const mhCheck = credentialsChanged ? await checkMhLogin(mh, current.environment, { fetch: deps.fetch ?? fetch, clock, logger }) : 'unchanged';
      const profile: StationProfile = {
        ...current,
        company: { ...u.company, id: current.company.id },
        branch: u.branch,
        responsible: u.responsible ?? null,
        mh: { ...mh, certificatePassword: secretsNow?.certificatePassword ?? null, certificateFile: current.mh?.certificateFile ?? null },
      };
      configure(profile, actor, u.certificate ?? undefined);
      if (credentialsChanged) sync.retryNow();
      return { station: stationInfo(), mhCheck };
    },
    close() {
      closed = true;
      if (backupTimer) clearTimeout(backupTimer);
      sync.stop();
      store.close();
      unlock();
    },
  };
}
