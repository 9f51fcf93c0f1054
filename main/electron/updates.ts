// Updates: electron-updater against the feed pinned when the app was built (release-pins.ts). Only a packaged app
// with a pinned update key checks; a downloaded update is offered only once its detached signature verifies against
// that key (and, on Windows, electron-updater has checked the code-signing publisher), else it is deleted and the
// person told. It installs only when the person says so, and never while a document is issued or invalidated.
// A version not newer than the running one, or older than the highest one seen, is refused before anything else.
import { rm } from 'node:fs/promises';
import type { Logger } from '../core/logger';
import type { ReleasePins } from './release-pins';
import { compareVersions, fileFloor, isVersion } from './update-floor';
import { verifyDownloadedUpdate, type SignatureVerdict } from './update-signature';

/** The slice of electron-updater's AppUpdater used here (tests pass a fake). */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  /** electron-updater's own guard against an older version on the feed; ours (the floor) checks again. */
  allowDowngrade?: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  on(event: 'update-downloaded', listener: (info: { version: string; downloadedFile?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateDeps {
  readonly isPackaged: boolean;
  /** The feed and the update key, fixed at build time (builtInPins()); tests pass their own. */
  readonly pins: ReleasePins;
  readonly updater: UpdaterLike;
  /** The running app's version (app.getVersion()). */
  readonly currentVersion: string;
  /** Where the highest version this station has seen is remembered (a file in userData). */
  readonly floorFile: string;
  /** Asks the person (a dialog in the shell); true to restart and install now. */
  confirm(version: string): Promise<boolean>;
  /** Tells the person an update was refused (a dialog in the shell); the message is in Spanish. */
  refused(version: string, message: string): void;
  /** Whether an issue or invalidation is in progress right now. */
  busy(): boolean;
  readonly logger: Logger;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (timer: unknown) => void;
  readonly checkEveryMs?: number;
  readonly busyRetryMs?: number;
  /** Checks a downloaded file as `version`; by default its `.version.sig` from the pinned feed against the pinned key. */
  readonly verify?: (file: string, version: string) => Promise<SignatureVerdict>;
}

export type UpdateState =
  | { readonly state: 'off'; readonly why: 'development build' | 'no update key pinned' }
  | { readonly state: 'idle' }
  | { readonly state: 'ready'; readonly version: string }
  | { readonly state: 'refused'; readonly version: string; readonly message: string }
  | { readonly state: 'installing'; readonly version: string };

/** What the person reads when an update is refused: what happened and what to do. */
export const refusedMessage = (version: string): string =>
  `La actualización ${version} no lleva la firma de Sello y no se instaló: pudo ser alterada. ` +
  'Sello sigue funcionando con la versión actual. Avise a soporte técnico.';

/** What the person reads when the feed offers a version older than one this station already has or has seen. */
export const olderMessage = (version: string, floor: string): string =>
  `La actualización ${version} no es más nueva que la versión ${floor} que esta estación ya tiene o ya recibió, y no se instaló: ` +
  'volver a una versión anterior podría traer de vuelta fallos ya corregidos. Sello sigue funcionando con la versión actual. ' +
  'Avise a soporte técnico.';

/** electron-updater's code when a Windows installer is not signed by the pinned publisher. */
const INVALID_SIGNATURE = 'ERR_UPDATER_INVALID_SIGNATURE';

export function setUpUpdates(d: UpdateDeps): { state(): UpdateState; checkNow(): Promise<void>; stop(): void } {
  if (!d.isPackaged) return off('development build');
  const publicKeyPem = d.pins.publicKeyPem;
  if (!publicKeyPem) return off('no update key pinned');
  const verify = d.verify ?? ((file: string, version: string) => verifyDownloadedUpdate(file, version, d.pins.feedUrl, publicKeyPem));
  const floor = fileFloor(d.floorFile, d.currentVersion);
  // The running version is the floor's least: a restart on a newer build raises it even before any update.
  try {
    floor.raise(d.currentVersion);
  } catch (e) {
    d.logger.warn('the update floor could not be written', { file: d.floorFile, error: e instanceof Error ? e.message : String(e) });
  }
  let state: UpdateState = { state: 'idle' };
  let timer: unknown = null;
  let stopped = false;
  const every = d.checkEveryMs ?? 6 * 3600_000;
  const retry = d.busyRetryMs ?? 2000;

  d.updater.autoDownload = true;
  d.updater.allowDowngrade = false;
  // Never on quit by itself: installing is the person's decision, and only of a verified file.
  d.updater.autoInstallOnAppQuit = false;
  d.updater.setFeedURL({ provider: 'generic', url: d.pins.feedUrl });

  const refuse = (version: string, reason: string) => {
    const message = refusedMessage(version);
    state = { state: 'refused', version, message };
    d.logger.error('update refused: not signed by the publisher', { version, reason });
    d.refused(version, message);
  };

  /** Why `version` may not be installed whatever its signature (older, the same, no version at all), or null. */
  const belowFloor = (version: string): string | null => {
    const least = floor.current();
    if (!isVersion(version)) return 'the offered version is not a version';
    if ((compareVersions(version, d.currentVersion) ?? 0) <= 0) return `not newer than the running version ${d.currentVersion}`;
    if ((compareVersions(version, least) ?? 0) < 0) return `older than ${least}, the highest version this station has seen`;
    return null;
  };
  const refuseOlder = (version: string, reason: string) => {
    const least = floor.current();
    const message = olderMessage(version, least);
    state = { state: 'refused', version, message };
    d.logger.error('update refused: older than this station (a rollback)', { version, running: d.currentVersion, floor: least, reason });
    d.refused(version, message);
  };

  d.updater.on('error', (e) => {
    const code = (e as Error & { code?: unknown }).code;
    const version = /New version (\S+)/.exec(e.message)?.[1] ?? 'nueva';
    if (code === INVALID_SIGNATURE) refuse(version, e.message);
    else d.logger.warn('update check failed', { error: e.message });
  });

  const installWhenIdle = (version: string) => {
    if (stopped) return;
    if (d.busy()) {
      unref(d.setTimer(() => installWhenIdle(version), retry));
      return;
    }
    state = { state: 'installing', version };
    d.logger.info('installing update', { version });
    d.updater.quitAndInstall(false, true);
  };

  const offer = (version: string) => {
    state = { state: 'ready', version };
    void d.confirm(version).then(
      (yes) => {
        if (yes) installWhenIdle(version);
      },
      (e: unknown) => d.logger.warn('update confirmation failed', { error: String(e) }),
    );
  };

  d.updater.on('update-downloaded', (info) => {
    const file = info.downloadedFile;
    if (!file) {
      refuse(info.version, 'the updater did not say which file it downloaded');
      return;
    }
    const older = belowFloor(info.version);
    if (older) {
      void rm(file, { force: true }).catch(() => undefined);
      refuseOlder(info.version, older);
      return;
    }
    void verify(file, info.version)
      .catch((e: unknown): SignatureVerdict => ({ ok: false, reason: e instanceof Error ? e.message : String(e) }))
      .then(async (v) => {
        if (v.ok) {
          // Seen and signed: from now on nothing older is taken, even if this one is never installed.
          try {
            floor.raise(info.version);
          } catch (e) {
            d.logger.warn('the update floor could not be written', {
              file: d.floorFile,
              error: e instanceof Error ? e.message : String(e),
            });
          }
          return offer(info.version);
        }
        // Deleted so that nothing can install it later; the next check downloads and checks again.
        await rm(file, { force: true }).catch(() => undefined);
        refuse(info.version, v.reason);
      });
  });

  const checkNow = async () => {
    try {
      await d.updater.checkForUpdates();
    } catch (e) {
      d.logger.warn('update check failed', { error: e instanceof Error ? e.message : String(e) });
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = d.setTimer(() => void checkNow().finally(() => schedule(every)), ms);
    unref(timer);
  };
  // The first check waits for the app to settle; a counter opening in the morning is busy.
  schedule(60_000);
  return {
    state: () => state,
    checkNow,
    stop() {
      stopped = true;
      if (timer) d.clearTimer(timer);
    },
  };
}

/** A Node timer must not keep the app alive; fakes have nothing to unref. */
const unref = (t: unknown) => (t as { unref?: () => void } | null)?.unref?.();

function off(why: 'development build' | 'no update key pinned') {
  const state: UpdateState = { state: 'off', why };
  return { state: () => state, checkNow: () => Promise.resolve(), stop: () => undefined };
}
