// What both front doors (HTTP's problem+json, IPC's envelope) do with a call that failed: one answer for it, a
// log line when it is a bug, and the disk watcher told at once when the disk is full (decision 0026).
import type { ApiError } from '../../shared/errors';
import { CoreError, toApiError } from './errors';
import type { Logger } from './logger';

export function answerFailure(e: unknown, logger: Logger, diskFull: () => void): ApiError {
  const answer = toApiError(e);
  if (answer.code === 'DISK_FULL') {
    // One line per interval at most (logger.ts), and no stack: the disk's last bytes are not for the log.
    logger.error('write refused: the data folder disk is full', { error: e instanceof Error ? e.message : String(e) });
    try {
      diskFull();
    } catch (watchError) {
      logger.error('disk check failed', { error: String(watchError) });
    }
  } else if (!(e instanceof CoreError)) logger.error('unexpected error', { error: e instanceof Error ? e.stack : String(e) });
  return answer;
}
