// A station's database, opened for one process: the data folder locked, leftovers of a cut-short copy
// cleared, migrations applied. The lock is released if the store cannot open.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock';
import { backupsDir, removePartials } from './backup';
import { lockDataDir } from './data-dir-lock';
import { openStore, type Store } from './database';
import { onlyExisting, pathsUnder, tightenDataDir, type DataDirModes } from './data-dir-mode';
import { doubtAfterRestore } from './restored-copy';
import { removeRestoreLeftovers } from './restore';

export interface StationStoreOptions {
  readonly dataDir: string;
  readonly clock: Clock;
  readonly nativeBinding?: string | undefined;
  /** quick_check already ran on the file (the host runs it in a worker before opening). */
  readonly integrityChecked?: boolean | undefined;
  /** Told when the WAL checkpoint thread fails (store/checkpointer.ts). */
  readonly onCheckpointError?: ((message: string) => void) | undefined;
  /** Told once when the database file is found replaced under the running station (file-identity.ts). */
  readonly onReplaced?: ((why: string) => void) | undefined;
  /** Told what the start changed in the data folder's modes, and what another user owns there. */
  readonly onDataDirModes?: ((m: DataDirModes) => void) | undefined;
}

export interface StationStore {
  readonly store: Store;
  readonly unlock: () => void;
  /** Runs a step of the start: if it throws, the store is closed and unlocked for the next try. */
  readonly orClose: <T>(fn: () => T) => T;
}

export function openStationStore(o: StationStoreOptions): StationStore {
  mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(o.dataDir);
  try {
    // A kill -9 during a copy leaves a `.partial`, never a copy: clear those first.
    removePartials(backupsDir(o.dataDir));
    // A restore cut short leaves its copy beside the database (issue 54): never the database itself.
    removeRestoreLeftovers(o.dataDir);
    // What SQLite creates now (umask modes) is made private below without a word: only a mode found is news.
    const existed = pathsUnder(o.dataDir);
    const store = openStore(join(o.dataDir, 'sello.db'), {
      ...(o.nativeBinding ? { nativeBinding: o.nativeBinding } : {}),
      backupDir: backupsDir(o.dataDir),
      now: () => o.clock.now(),
      integrityChecked: o.integrityChecked === true,
      checkpoints: { onError: o.onCheckpointError ?? (() => {}) },
      // This process holds the folder's lock: the only open that may mark the file as its own.
      watchFile: { onReplaced: o.onReplaced ?? (() => {}) },
    });
    // Before the sync engine runs: what a restored copy still has to send is asked about first (restored-copy.ts).
    try {
      doubtAfterRestore(store);
    } catch (e) {
      store.close();
      throw e;
    }
    // After opening, so a database created just now is covered too (decision 0035).
    o.onDataDirModes?.(onlyExisting(tightenDataDir(o.dataDir), existed));
    const orClose = <T>(fn: () => T): T => {
      try {
        return fn();
      } catch (e) {
        store.close();
        unlock();
        throw e;
      }
    };
    return { store, unlock, orClose };
  } catch (e) {
    unlock();
    throw e;
  }
}
