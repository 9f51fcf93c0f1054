/** Structured logging; never pass a secret (keys, passwords, certificate material) in `fields`. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export interface RateLimit {
  /** Milliseconds clock (tests move it). */
  readonly now: () => number;
  /** A repeated warning or error is written at most once per this long (60 s by default). */
  readonly intervalMs?: number;
}

/** Keys remembered at most: a flood of distinct messages cannot grow the limiter without bound. */
const MAX_KEYS = 1_000;

/**
 * Warnings and errors repeated with the same message are written once per interval; the next one written says how
 * many were left out (`suppressed`). A loop failing on a full disk would otherwise fill the disk's last bytes with
 * its own log (decision 0026). Info lines pass: they are the station's record of what it did.
 */
export function rateLimited(inner: Logger, limit: RateLimit): Logger {
  const intervalMs = limit.intervalMs ?? 60_000;
  const seen = new Map<string, { until: number; suppressed: number }>();
  const limited =
    (level: 'warn' | 'error') =>
    (message: string, fields?: Record<string, unknown>): void => {
      const key = `${level}\u0000${message}`;
      const now = limit.now();
      const entry = seen.get(key);
      if (entry && now < entry.until) {
        entry.suppressed += 1;
        return;
      }
      const suppressed = entry?.suppressed ?? 0;
      seen.delete(key);
      if (seen.size >= MAX_KEYS) seen.delete(seen.keys().next().value!);
      seen.set(key, { until: now + intervalMs, suppressed: 0 });
      inner[level](message, suppressed > 0 ? { ...fields, suppressed } : fields);
    };
  return { info: (message, fields) => inner.info(message, fields), warn: limited('warn'), error: limited('error') };
}

/** JSON lines on `stream`; repeated warnings and errors rate-limited (rateLimited above). */
export function consoleLogger(stream: NodeJS.WritableStream = process.stderr, limit: RateLimit = { now: Date.now }): Logger {
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    stream.write(`${JSON.stringify({ t: new Date().toISOString(), level, message, ...fields })}\n`);
  return rateLimited({ info: write('info'), warn: write('warn'), error: write('error') }, limit);
}
