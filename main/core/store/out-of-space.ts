// Which failures mean the data folder's disk is full (decision 0026): SQLite's and the file system's codes, found
// on the error or on any error it wraps, so every writer (the store, a backup, a PDF) is told apart from a bug.

/** better-sqlite3's codes (a failed write is SQLITE_FULL; a short write or sync, an I/O error) and Node's. */
const OUT_OF_SPACE_CODES = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_TRUNCATE',
  'ENOSPC',
  'EDQUOT',
]);

export function isOutOfSpace(e: unknown): boolean {
  for (let cause = e, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
  }
  return false;
}

export const DISK_FULL_DETAIL =
  'No hay espacio libre en el disco de la estación: no se guardó nada (si era un documento, su número no se usó). Libere espacio en el disco y envíe de nuevo la misma solicitud.';

/**
 * Logs a background writer's failure: a full disk as one line with SQLite's or Node's words and no stack (the disk's
 * last bytes are not for the log, decision 0070), telling the disk watch when given; anything else with its stack.
 */
export function logFailure(
  logger: { error(message: string, fields?: Record<string, unknown>): void },
  message: string,
  e: unknown,
  diskFull?: () => void,
): void {
  if (!isOutOfSpace(e)) {
    logger.error(message, { error: e instanceof Error ? e.stack : String(e) });
    return;
  }
  logger.error(`${message}: the data folder disk is full`, { error: e instanceof Error ? e.message : String(e) });
  try {
    diskFull?.();
  } catch (watchError) {
    logger.error('disk check failed', { error: String(watchError) });
  }
}
