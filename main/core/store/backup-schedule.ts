// Copies of the database in DATA/backups: one at a time (a request during a copy gets that copy), and
// scheduled ones: soon after start when the newest is older than the period, then every period.
import { join } from 'node:path';
import type { BackupsStatus } from '../../../shared/records';
import type { Clock } from '../clock';
import { CoreError } from '../errors';
import type { Logger } from '../logger';
import { backoffMs } from '../sync/backoff';
import { backupOnline, backupsDir, listBackups, type BackupInfo } from './backup';
import { isOutOfSpace } from './out-of-space';

export interface BackupScheduleDeps {
  readonly dataDir: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Every 6 h by default; 0 turns scheduled copies off. */
  readonly everyMs?: number;
  readonly nativeBinding?: string;
  /** A uniform number in [0, 1): the jitter of the wait after a failed scheduled copy. */
  readonly random: () => number;
}

// Members are functions, not methods: the core hands them out on their own (no `this`).
export interface Backups {
  readonly create: (reason: 'manual' | 'scheduled', onProgress?: (done: number) => void) => Promise<BackupInfo>;
  readonly list: () => BackupInfo[];
  /** For Ajustes: the copies kept and the one under way. */
  readonly status: () => BackupsStatus;
  /** A document was just issued: a scheduled copy waits for a quiet moment. */
  readonly noteIssue: () => void;
  readonly close: () => void;
}

export function backupSchedule(d: BackupScheduleDeps): Backups {
  const dir = backupsDir(d.dataDir);
  const everyMs = d.everyMs ?? 6 * 3600_000;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<BackupInfo> | null = null;
  let progress: number | null = null;
  let lastError: string | null = null;

  const create = (reason: 'manual' | 'scheduled', onProgress?: (done: number) => void): Promise<BackupInfo> => {
    if (closed) return Promise.reject(new CoreError('STATION_NOT_READY', 'La estación se está cerrando.'));
    if (!running) {
      progress = 0;
      const report = (done: number) => {
        progress = done;
        onProgress?.(done);
      };
      running = backupOnline(join(d.dataDir, 'sello.db'), dir, d.clock.now(), reason, report, d.nativeBinding)
        .then(
          (b) => {
            lastError = null;
            return b;
          },
          (e: unknown) => {
            lastError = e instanceof Error ? e.message : String(e);
            if (isOutOfSpace(e))
              throw new CoreError(
                'DISK_FULL',
                'No se pudo hacer la copia de seguridad: el disco de la estación está lleno. Libere espacio en el disco y vuelva a intentar.',
              );
            throw new CoreError(
              'INTERNAL',
              `No se pudo hacer la copia de seguridad (${lastError}). Revise el espacio libre en el disco y vuelva a intentar.`,
            );
          },
        )
        .finally(() => {
          running = null;
          progress = null;
        });
    }
    return running;
  };

  // A copy floods the disk, and every issue waits for its own flush: a scheduled copy waits for a quiet
  // moment (no document issued for a while), up to two hours, then goes anyway.
  const quietMs = Math.min(30_000, everyMs / 4);
  let lastIssueAt = 0;
  let deferredSince: number | null = null;
  /** Scheduled copies failed in a row. */
  let failures = 0;
  const schedule = (inMs: number) => {
    if (everyMs <= 0 || closed) return;
    timer = setTimeout(() => {
      // Wall time, like the timer it paces (the injected clock is the documents' time, fixed in tests).
      const now = Date.now();
      if (now - lastIssueAt < quietMs && now - (deferredSince ??= now) < 2 * 3600_000) {
        schedule(quietMs);
        return;
      }
      deferredSince = null;
      void create('scheduled')
        .then(
          (b) => {
            failures = 0;
            d.logger.info('backup done', { file: b.file, bytes: b.bytes });
            return everyMs;
          },
          (e: unknown) => {
            // Tried again after a growing wait (from a minute up to the period): a disk freed meanwhile gets its
            // copy soon, a disk still full is not written to every minute.
            const wait = Math.min(everyMs, backoffMs(failures, d.random, 2 * 60_000, everyMs, 60_000));
            failures += 1;
            if (!closed) d.logger.error('backup failed', { error: e instanceof Error ? e.message : String(e), retryInMs: wait });
            return wait;
          },
        )
        .then(schedule);
    }, inMs);
    timer.unref();
  };
  const newest = listBackups(dir).find((b) => b.reason === 'scheduled' || b.reason === 'manual');
  const age = newest ? d.clock.now().getTime() - Date.parse(newest.takenAt) : Infinity;
  schedule(age >= everyMs ? Math.min(everyMs, 60_000) : everyMs - age);

  return {
    create,
    list: () => listBackups(dir),
    status: () => ({
      running: running !== null,
      progress,
      lastError,
      items: listBackups(dir).map((b) => ({ file: b.file, reason: b.reason, bytes: b.bytes, takenAt: b.takenAt })),
    }),
    noteIssue: () => {
      lastIssueAt = Date.now();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
