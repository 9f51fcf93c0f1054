// The data folder's free space (decision 0026): looked at on a timer and right after a write failed for lack of
// it, shown as the `disk_low` alert (alerts.ts) so the banner, the sync screen and GET /sync/status say why
// documents stop being stored before, and while, they do.
import { statfsSync } from 'node:fs';
import type { StationAlert } from '../../../shared/records';
import { isoLocal, type Clock } from '../clock';
import type { Logger } from '../logger';
import { realTimers, type TimerHandle, type Timers } from '../timers';

const MB = 1024 * 1024;

export interface DiskThresholds {
  /** Under this much free, a warning: about a year of a busy branch's documents, or one backup of a large store. */
  readonly warnBytes?: number;
  /** Under this much free, critical: a backup or a burst of documents may not fit. */
  readonly criticalBytes?: number;
  /** How often free space is looked at while it is fine (while it is low, at least every 5 s). */
  readonly everyMs?: number;
}

/** What a core's host may set (CoreDeps.disk). */
export type DiskWatchTuning = DiskThresholds & Pick<DiskWatchDeps, 'timers' | 'freeBytes'>;

export const DEFAULT_DISK_THRESHOLDS = { warnBytes: 500 * MB, criticalBytes: 50 * MB, everyMs: 30_000 } as const;

export interface DiskWatchDeps {
  readonly dir: string;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly thresholds?: DiskThresholds;
  readonly timers?: Timers;
  /** Bytes free to this process in `dir` (tests give their own). */
  readonly freeBytes?: (dir: string) => number;
  /** The alert came, went or changed level: push the status. */
  readonly changed: () => void;
}

export interface DiskWatch {
  /** A write failed for lack of space: critical now, whatever statfs says, until a later look finds room. */
  writeFailed(): void;
  /** Looks now. */
  check(): void;
  /** The `disk_low` alert, or none. */
  alerts(): StationAlert[];
  /** Bytes free at the last look; null before one succeeded. */
  free(): number | null;
  stop(): void;
}

type Level = 'ok' | 'warning' | 'critical';

export const statfsFree = (dir: string): number => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

const megabytes = (bytes: number) => `${Math.floor(bytes / MB).toLocaleString('es-SV')} MB`;

export function diskWatch(d: DiskWatchDeps): DiskWatch {
  const warnBytes = d.thresholds?.warnBytes ?? DEFAULT_DISK_THRESHOLDS.warnBytes;
  const criticalBytes = Math.min(d.thresholds?.criticalBytes ?? DEFAULT_DISK_THRESHOLDS.criticalBytes, warnBytes);
  const everyMs = d.thresholds?.everyMs ?? DEFAULT_DISK_THRESHOLDS.everyMs;
  const timers = d.timers ?? realTimers;
  const freeBytes = d.freeBytes ?? statfsFree;
  let free: number | null = null;
  let failedWrite = false;
  let level: Level = 'ok';
  let since: string | null = null;
  let timer: TimerHandle | null = null;
  let stopped = false;

  const levelNow = (): Level =>
    failedWrite || (free !== null && free < criticalBytes) ? 'critical' : free !== null && free < warnBytes ? 'warning' : 'ok';

  function look(fromTimer: boolean, announce: boolean): void {
    try {
      free = freeBytes(d.dir);
      // A failed write holds until a later look (not the one it asked for) finds room again.
      if (fromTimer && failedWrite && free >= criticalBytes) failedWrite = false;
    } catch (e) {
      d.logger.error('free space check failed', { error: e instanceof Error ? e.message : String(e) });
    }
    const next = levelNow();
    if (next === level) return;
    since = next === 'ok' ? null : level === 'ok' ? isoLocal(d.clock.now()) : since;
    const was = level;
    level = next;
    if (next === 'ok') d.logger.info('disk space recovered', { freeMb: Math.floor((free ?? 0) / MB) });
    else d.logger.warn('disk space low', { level: next, freeMb: free === null ? null : Math.floor(free / MB) });
    if (announce && was !== next) d.changed();
  }

  function schedule(): void {
    if (stopped) return;
    timer = timers.set(
      () => {
        timer = null;
        look(true, true);
        schedule();
      },
      level === 'ok' ? everyMs : Math.min(everyMs, 5_000),
    );
  }

  // The first look is quiet: the station is still being built, and its first status carries it.
  look(true, false);
  schedule();

  const reschedule = () => {
    if (timer) timers.clear(timer);
    timer = null;
    schedule();
  };

  return {
    writeFailed() {
      if (stopped) return;
      failedWrite = true;
      look(false, true);
      reschedule();
    },
    check() {
      if (stopped) return;
      look(true, true);
      reschedule();
    },
    alerts() {
      switch (level) {
        case 'ok':
          return [];
        case 'warning':
          return [
            {
              code: 'disk_low',
              level: 'warning',
              message: `Queda poco espacio en el disco de la estación: ${megabytes(free ?? 0)} libres.`,
              action:
                'Libere espacio pronto (borre archivos que no necesite o lleve copias viejas a otro disco): con el disco lleno no se pueden emitir documentos.',
              since,
            },
          ];
        case 'critical':
          return [
            {
              code: 'disk_low',
              level: 'critical',
              message: failedWrite
                ? 'El disco de la estación está lleno: no se pueden guardar ni emitir documentos.'
                : `El disco de la estación está casi lleno (${megabytes(free ?? 0)} libres): los documentos pueden dejar de guardarse.`,
              action:
                'Libere espacio en el disco ya (borre archivos que no necesite o lleve copias viejas a otro disco); la estación lo nota sola y vuelve a emitir.',
              since,
            },
          ];
        default: {
          const never: never = level;
          return never;
        }
      }
    },
    free: () => free,
    stop() {
      stopped = true;
      if (timer) timers.clear(timer);
    },
  };
}
