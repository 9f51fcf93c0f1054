// Updates: electron-updater against a generic feed the operator configures. Only a packaged app checks (a
// development build has nothing to replace); an update downloads in the background, installs only when the
// person says so, and never while a document is being issued or invalidated.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../core/logger';

/** The slice of electron-updater's AppUpdater used here (tests pass a fake). */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateDeps {
  readonly isPackaged: boolean;
  /** The generic feed's URL; none means updates are off. */
  readonly feedUrl: string | null;
  readonly updater: UpdaterLike;
  /** Asks the person (a dialog in the shell); true to restart and install now. */
  confirm(version: string): Promise<boolean>;
  /** Whether an issue or invalidation is in progress right now. */
  busy(): boolean;
  readonly logger: Logger;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (timer: unknown) => void;
  readonly checkEveryMs?: number;
  readonly busyRetryMs?: number;
}

export type UpdateState =
  | { readonly state: 'off'; readonly why: 'development build' | 'no feed configured' }
  | { readonly state: 'idle' }
  | { readonly state: 'ready'; readonly version: string }
  | { readonly state: 'installing'; readonly version: string };

/** The feed: SELLO_UPDATE_FEED, else `updates.json` ({"feedUrl": "https://…"}) in the app's data folder. */
export function feedUrlFrom(env: NodeJS.ProcessEnv, userData: string): string | null {
  const fromEnv = env.SELLO_UPDATE_FEED?.trim();
  const candidate = fromEnv || readFeedFile(join(userData, 'updates.json'));
  if (!candidate) return null;
  try {
    const u = new URL(candidate);
    // Updates replace the program: only over HTTPS (plain HTTP on loopback, for a local test feed).
    if (u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname))) return u.href;
  } catch {
    // Not a URL: treated as no feed.
  }
  return null;
}

function readFeedFile(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { feedUrl?: unknown }).feedUrl;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function setUpUpdates(d: UpdateDeps): { state(): UpdateState; checkNow(): Promise<void>; stop(): void } {
  if (!d.isPackaged) return off('development build');
  if (!d.feedUrl) return off('no feed configured');
  let state: UpdateState = { state: 'idle' };
  let timer: unknown = null;
  let stopped = false;
  const every = d.checkEveryMs ?? 6 * 3600_000;
  const retry = d.busyRetryMs ?? 2000;

  d.updater.autoDownload = true;
  // Never on quit by itself: installing is the person's decision.
  d.updater.autoInstallOnAppQuit = false;
  d.updater.setFeedURL({ provider: 'generic', url: d.feedUrl });
  d.updater.on('error', (e) => d.logger.warn('update check failed', { error: e.message }));

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

  d.updater.on('update-downloaded', (info) => {
    state = { state: 'ready', version: info.version };
    void d.confirm(info.version).then(
      (yes) => {
        if (yes) installWhenIdle(info.version);
      },
      (e: unknown) => d.logger.warn('update confirmation failed', { error: String(e) }),
    );
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

function off(why: 'development build' | 'no feed configured') {
  const state: UpdateState = { state: 'off', why };
  return { state: () => state, checkNow: () => Promise.resolve(), stop: () => undefined };
}
