// Which station the app serves. A real station lives in the base data folder; the demo in `<base>/demo`, with
// its own MH simulator, so demo documents never mix with real ones: control-number sequences are not keyed by
// company, and a demo document left in the queue must never reach the real MH. The first-run wizard creates
// the real station and swaps it in while the app runs; the HTTP server and IPC always ask for `current()`.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { DIR_MODE, reportDataDirModes, tightenDataDir } from './store/data-dir-mode';
import { join, resolve } from 'node:path';
import { validate } from '../../shared/contract';
import type { Health, SelloEvent, StationSaved } from '../../shared/records';
import { stationSetup } from '../../shared/station';
import { systemClock, type Clock } from './clock';
import { createCore, type Core, type CoreDeps } from './create-core';
import { CoreError, validationFailed } from './errors';
import { uuidV4 } from './ids';
import { silentLogger, type Logger } from './logger';
import { backupsDir, checkDatabaseFileInWorker, listBackups } from './store/backup';
import { StoreDamagedError } from './store/database';
import type { IntegrityVerdict } from './store/integrity-watch';
import { StoreUnavailableError, asDiskError, diskProblem, errorCode, isCorruption } from './store/start-failure';
import { checkCertificate, checkMhLogin, refuseEndedCertificate } from './station/checks';
import { requireMhAddress } from './mh/pinned-address';
import { DEMO_PRODUCTS } from './catalog/demo-products';
import { DEMO_STATION } from './station/demo';
import type { StationProfile } from './station/profile';
import { randomBytes } from 'node:crypto';

export type HostDeps = Omit<
  CoreDeps,
  'dataDir' | 'initialStation' | 'initialCertificate' | 'initialActor' | 'mustExist' | 'mh' | 'integrityChecked'
>;

/** An MH for the demo, listening on loopback: its URL, the demo's key registered, and a way to stop it. */
export interface DemoMh {
  listen(port: number): Promise<string>;
  registerKey(nit: string, spkiBase64: string): void;
  close(): Promise<void>;
}
export type DemoMhFactory = (o: { readonly logger: Logger; readonly clock: Clock; readonly random: (n: number) => Buffer }) => DemoMh;

export interface HostOptions {
  /** The real station's folder; the demo uses `<baseDir>/demo`. */
  readonly baseDir: string;
  readonly deps: HostDeps;
  /** A station file applied at start (`serve --config`): the real station, created or updated from it. */
  readonly config?: unknown;
  /** Serve the demo even when a real station exists (`serve --demo`). */
  readonly demo?: boolean;
  /**
   * The demo's MH: a simulator the front door brings (main/mh-sim, `demoSimulator` there), since the core holds the
   * domain alone. Without it the demo serves with no MH, its documents waiting to be sent.
   */
  readonly demoMh?: DemoMhFactory;
  /** Port of the demo's MH simulator (random when absent), so a test can steer it through /_sim. */
  readonly demoMhPort?: number;
  /** How long the start waits for the integrity check before serving without its verdict (INTEGRITY_GRACE_MS). */
  readonly integrityGraceMs?: number;
}

export interface CoreHost {
  current(): Core;
  /** The current core's pushes, followed across a swap, plus a `station` event when the station changes. */
  onEvent(listener: (e: SelloEvent) => void): () => void;
  /** The demo's MH simulator while the demo is served (its address is shown in Ajustes). */
  demoMh(): string | null;
  /** The current station's health; `firstRun` while the demo stands in for a station not set up yet. */
  health(): Health;
  /** The welcome was answered "look around the demo": kept in the base folder, so every window knows it. */
  seeWelcome(): void;
  /** First run: checks a new station, creates it in the base folder and serves it from now on. */
  setUp(input: unknown, actor: string): Promise<StationSaved>;
  close(): Promise<void>;
}

export const demoDir = (baseDir: string): string => join(resolve(baseDir), 'demo');

/** How long a start waits for SQLite's check before serving with the check still running (decision 0042). */
export const INTEGRITY_GRACE_MS = 400;

type Checked = { integrityChecked: true; integrityPending?: Promise<IntegrityVerdict> } | Record<string, never>;

/**
 * SQLite's check of a database about to be opened, in a worker thread. A small station's verdict comes within
 * the grace: a damaged file stops the start here. A big one's takes seconds (a million documents): the station
 * opens meanwhile, and a later verdict of damage stops issuing (store/integrity-watch.ts).
 */
async function checkedBeforeOpening(dir: string, deps: HostDeps, graceMs: number = INTEGRITY_GRACE_MS): Promise<Checked> {
  const file = join(dir, 'sello.db');
  if (!existsSync(file)) return {};
  const verdict = checkDatabaseFileInWorker(file, deps.nativeBinding);
  let timer: NodeJS.Timeout | undefined;
  const early = await Promise.race([verdict, new Promise<null>((r) => (timer = setTimeout(() => r(null), graceMs)))]);
  clearTimeout(timer);
  if (early === null) {
    // Late: damage stops issuing; a check the disk kept from running (full, refused) is only logged.
    // Damage only on SQLite's word (quick_check's answer, SQLITE_CORRUPT, SQLITE_NOTADB): a lock, a busy file or a
    // disk that kept the check from running is logged, and issuing goes on as it would have before the check.
    const late = verdict.then((r): IntegrityVerdict => {
      if (r.ok) return { ok: true };
      if (r.code !== undefined && !isCorruption(r.code)) throw new Error(`${r.code}: ${r.problem}`);
      return { ok: false, problem: r.problem };
    });
    return { integrityChecked: true, integrityPending: late };
  }
  if (!early.ok) {
    // A disk too full to open the file (its -shm), or closed to this user, is not a damaged file.
    const disk = diskProblem(early.code ?? null, dir);
    if (disk) throw new StoreUnavailableError(file, disk, early.problem);
    throw new StoreDamagedError(file, early.problem, listBackups(backupsDir(dir))[0]?.file ?? null);
  }
  return { integrityChecked: true };
}

/**
 * Opens a station's core in `dir`; a full, read-only or refusing disk at start is said as such (store/start-failure.ts).
 * SQLite's own word of damage while opening (the check still running) is the damaged database, with its copy to restore.
 */
function opened(dir: string, open: () => Core): Core {
  try {
    return open();
  } catch (e) {
    const file = join(dir, 'sello.db');
    if (isCorruption(errorCode(e)))
      throw new StoreDamagedError(file, e instanceof Error ? e.message : String(e), listBackups(backupsDir(dir))[0]?.file ?? null);
    throw asDiskError(e, file);
  }
}

/** The real station in `dir`, or null when the folder has none (never turned into a demo). */
async function openExisting(dir: string, deps: HostDeps, graceMs?: number): Promise<Core | null> {
  if (!existsSync(join(dir, 'sello.db'))) return null;
  const checked = await checkedBeforeOpening(dir, deps, graceMs);
  try {
    return opened(dir, () => createCore({ ...deps, ...checked, dataDir: dir, mustExist: true }));
  } catch (e) {
    if (e instanceof CoreError && e.code === 'STATION_NOT_READY') return null;
    throw e;
  }
}

export async function createCoreHost(o: HostOptions): Promise<CoreHost> {
  const base = resolve(o.baseDir);
  const logger = o.deps.logger ?? silentLogger;
  // The whole folder (the demo's and the real station's) private before anything opens (decision 0035).
  mkdirSync(base, { recursive: true, mode: DIR_MODE });
  reportDataDirModes(logger, tightenDataDir(base));
  const clock = o.deps.clock ?? systemClock;
  const random = o.deps.random ?? randomBytes;
  let sim: { server: DemoMh; url: string } | null = null;
  // A marker beside the demo's folder, not in a browser's storage: a new window or profile asks no more.
  const welcomeFile = join(base, 'welcome-seen');

  const openDemo = async (): Promise<Core> => {
    const server = o.demoMh?.({ logger, clock, random }) ?? null;
    // No MH brought: an address nothing answers on, so the demo's documents wait as they would offline.
    const url = server ? await server.listen(o.demoMhPort ?? 0) : 'http://127.0.0.1:9';
    let core: Core;
    try {
      const checked = await checkedBeforeOpening(demoDir(base), o.deps, o.integrityGraceMs);
      core = opened(demoDir(base), () =>
        createCore({
          ...o.deps,
          ...checked,
          dataDir: demoDir(base),
          initialStation: DEMO_STATION,
          mh: { baseUrl: url, user: DEMO_STATION.company.nit, password: 'demo' },
          // The demo's simulator processes a lote in seconds, so its results are asked for sooner than MH's minute.
          sync: { lotePollMs: 5000, ...o.deps.sync },
        }),
      );
    } catch (e) {
      await server?.close();
      throw e;
    }
    // A demo folder brought from another machine: its certificate's key does not open here, so it gets a new one.
    try {
      if (core.stationInfo().passwordsNeeded) core.configure(DEMO_STATION, 'system');
      // The demo's shop sells from the first start: its sample catalog goes into a catalog still empty.
      core.products.loadSamples(DEMO_PRODUCTS, 'system');
    } catch (e) {
      core.close();
      await server?.close();
      throw e;
    }
    const key = core.signing.publicKey();
    if (key) server?.registerKey(DEMO_STATION.company.nit, key.export({ format: 'der', type: 'spki' }).toString('base64'));
    sim = server ? { server, url } : null;
    core.sync.wake();
    return core;
  };

  const openStart = async (): Promise<Core> => {
    if (o.config !== undefined) {
      const checked = await checkedBeforeOpening(base, o.deps, o.integrityGraceMs);
      const core = opened(base, () => createCore({ ...o.deps, ...checked, dataDir: base, initialStation: o.config }));
      try {
        // Applied again on every start (idempotent): edits to the station file take effect on restart.
        core.configure(o.config, 'cli');
      } catch (e) {
        core.close();
        throw asDiskError(e, join(base, 'sello.db'));
      }
      return core;
    }
    if (!o.demo) {
      const real = await openExisting(base, o.deps, o.integrityGraceMs);
      if (real) return real;
    }
    return openDemo();
  };

  let core = await openStart();
  // A homologation run a stop cut short goes on where it stopped (homologation/homologation.ts).
  core.homologation.resume();
  const listeners = new Set<(e: SelloEvent) => void>();
  // Attached only while someone listens (a window, a client of /events): with a listener the engine builds the
  // sync state after every run and step of the cese, which nobody needs when nobody looks.
  const forward = (e: SelloEvent) => listeners.forEach((l) => l(e));
  let detach: (() => void) | null = null;

  const swap = async (next: Core) => {
    const previous = core;
    const previousSim = sim;
    detach?.();
    core = next;
    sim = null;
    detach = listeners.size ? core.sync.onEvent(forward) : null;
    previous.close();
    await previousSim?.server.close();
    const event: SelloEvent = { type: 'station', station: core.stationInfo() };
    listeners.forEach((l) => l(event));
  };

  return {
    current: () => core,
    demoMh: () => sim?.url ?? null,
    health() {
      const h = core.health();
      return { ...h, firstRun: h.demo && !o.demo, welcomeSeen: !h.demo || o.demo === true || existsSync(welcomeFile) };
    },
    seeWelcome() {
      writeFileSync(welcomeFile, `${clock.now().toISOString()}\n`, { mode: 0o600 });
    },
    onEvent(listener) {
      listeners.add(listener);
      detach ??= core.sync.onEvent(forward);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          detach?.();
          detach = null;
        }
      };
    },
    async setUp(input, actor) {
      if (!core.stationInfo().demo) {
        throw new CoreError('STATION_CONFLICT', 'Esta estación ya está configurada: cambie sus datos en Ajustes.');
      }
      const parsed = validate(stationSetup, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'Los datos de la estación no son válidos.');
      const s = parsed.value;
      const cert = checkCertificate(s.certificate.xml, s.certificate.password, s.company.nit, {
        file: 'certificate.xml',
        password: 'certificate.password',
      });
      refuseEndedCertificate(cert, clock.now(), 'certificate.xml');
      requireMhAddress(s.mh.baseUrl, s.environment, o.deps.allowedMhUrls ?? [], 'Los datos de la estación no son válidos.');
      const mhCheck = await checkMhLogin(s.mh, s.environment, { fetch: o.deps.fetch ?? fetch, clock, logger });
      const profile: StationProfile = {
        environment: s.environment,
        company: { ...s.company, id: s.company.id ?? uuidV4(random) },
        branch: s.branch,
        responsible: s.responsible ?? null,
        mh: { baseUrl: s.mh.baseUrl, user: s.mh.user, password: s.mh.password },
        // The station's first person: its administrator, who then adds the others in Ajustes.
        users: [{ ...s.admin, role: 'ADMIN' }],
        newPointOfSale: s.newPointOfSale ?? null,
      };
      const existing = await openExisting(base, o.deps, o.integrityGraceMs);
      if (existing) {
        existing.close();
        throw new CoreError('STATION_CONFLICT', `Ya hay una estación configurada en ${base}: reinicie Sello para usarla.`);
      }
      const fresh = !existsSync(join(base, 'sello.db'));
      let next: Core;
      try {
        next = createCore({ ...o.deps, dataDir: base, initialStation: profile, initialCertificate: s.certificate, initialActor: actor });
      } catch (e) {
        // Nothing half-made stays behind: the next start must not find a station folder without a station.
        if (fresh) for (const f of ['sello.db', 'sello.db-wal', 'sello.db-shm']) rmSync(join(base, f), { force: true });
        throw e;
      }
      logger.info('station set up', { environment: profile.environment, branch: profile.branch.mhCode, pos: profile.branch.posNumber });
      await swap(next);
      return { station: core.stationInfo(), mhCheck };
    },
    async close() {
      detach?.();
      detach = null;
      listeners.clear();
      core.close();
      await sim?.server.close();
      sim = null;
    },
  };
}
