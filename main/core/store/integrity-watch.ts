// SQLite's check of the station's file when it is still running as the station serves (decision 0042): a big
// station opens at once, and the first verdict of damage stops issuing with a critical alert naming the copy to
// restore, as a failed check at start would have said.
import type { StationAlert } from '../../../shared/records';
import { isoLocal, type Clock } from '../clock';
import { CoreError } from '../errors';
import type { Logger } from '../logger';
import { backupsDir, listBackups } from './backup';

/** quick_check's verdict, from store/backup.ts's worker. */
export type IntegrityVerdict = { readonly ok: true } | { readonly ok: false; readonly problem: string };

export interface IntegrityWatch {
  /** Throws SERVICE_UNAVAILABLE once the file is known to be damaged: nothing more is sealed on top of it. */
  readonly check: () => void;
  readonly alerts: () => readonly StationAlert[];
  /** 'checking' while the verdict is awaited; it does not stop issuing. */
  readonly state: () => 'checking' | 'ok' | 'damaged';
}

export interface IntegrityWatchDeps {
  /** The check still running; absent when it already passed before the store opened. */
  readonly pending?: Promise<IntegrityVerdict>;
  /** The newest copy in the station's backups folder, read when damage is found. */
  readonly latestBackup: () => string | null;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The alert changed: the status is pushed at once. */
  readonly changed: () => void;
}

const restoreAction = (backup: string | null) =>
  backup
    ? `Cierre Sello y restaure la copia más reciente con: sello restore --from "${backup}". Los documentos emitidos desde esa copia siguen en MH.`
    : 'No hay copias de respaldo en esta carpeta: cierre Sello, busque una copia externa y restáurela con sello restore --from ARCHIVO.';

export function integrityWatch(d: IntegrityWatchDeps): IntegrityWatch {
  let state: 'checking' | 'ok' | 'damaged' = d.pending ? 'checking' : 'ok';
  let damage: { problem: string; since: string; backup: string | null } | null = null;
  void d.pending?.then(
    (v) => {
      if (v.ok) state = 'ok';
      else {
        // Stopped first: naming the copy must not be what keeps the station issuing on a damaged file.
        damage = { problem: v.problem, since: isoLocal(d.clock.now()), backup: null };
        state = 'damaged';
        try {
          damage.backup = d.latestBackup();
        } catch (e) {
          d.logger.error('the backups folder could not be read', { error: e instanceof Error ? e.message : String(e) });
        }
        d.logger.error('the station database is damaged: issuing stopped', { problem: v.problem });
      }
      try {
        d.changed();
      } catch (e) {
        d.logger.error('the integrity verdict could not be pushed', { error: e instanceof Error ? e.message : String(e) });
      }
    },
    (e: unknown) => {
      // The check itself could not run (a worker that died): said in the log, issuing goes on as before it.
      state = 'ok';
      d.logger.error('the integrity check could not run', { error: e instanceof Error ? e.message : String(e) });
    },
  );
  return {
    state: () => state,
    check() {
      if (damage)
        throw new CoreError(
          'SERVICE_UNAVAILABLE',
          `La base de datos de la estación está dañada (${damage.problem}); no se emite más en ella. ${restoreAction(damage.backup)}`,
        );
    },
    alerts: () =>
      damage
        ? [
            {
              code: 'store_damaged',
              level: 'critical',
              message: 'La base de datos de la estación está dañada: no se emiten documentos.',
              action: restoreAction(damage.backup),
              since: damage.since,
            },
          ]
        : [],
  };
}

/** The newest copy in a station's backups folder, or null (none, or a folder that cannot be read). */
export function newestCopy(dataDir: string): string | null {
  try {
    return listBackups(backupsDir(dataDir))[0]?.file ?? null;
  } catch {
    return null;
  }
}
