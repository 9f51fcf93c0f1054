// How many e-mails one person or one API key may ask for (docs/decisions/0067-email-rights-and-small-guards.md):
// a sliding minute and a sliding day, on the station's clock. The deliveries table already keeps who asked and
// when (`requested_by`, `created_at`), so the count survives a restart: an actor's sends of the last day are
// read from it once, the first time it asks after a start, and kept in memory from then on.
import type { ApiError } from '../../../shared/errors';
import { CoreError } from '../errors';

/** The defaults: a counter resends a ticket or two a minute; a hundred a day is past any shop's honest use. */
export const SENDS_PER_MINUTE = 10;
export const SENDS_PER_DAY = 100;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** Actors remembered at once: the station's people and keys are far fewer; past it the oldest is read again. */
const ACTORS_KEPT = 1000;

export interface SendLimits {
  readonly perMinute?: number;
  readonly perDay?: number;
}

/** 429 TOO_MANY_REQUESTS, with the seconds to wait (over HTTP also the Retry-After header). */
export class SendsThrottled extends CoreError {
  constructor(
    readonly retryAfter: number,
    window: 'minute' | 'day',
    limit: number,
  ) {
    super(
      'TOO_MANY_REQUESTS',
      window === 'minute'
        ? `Ya pidió ${limit} envíos por correo en el último minuto. Espere ${retryAfter} s y vuelva a intentar.`
        : `Ya pidió ${limit} envíos por correo en las últimas 24 horas. Espere ${Math.ceil(retryAfter / 60)} min o pida a un administrador que lo envíe.`,
    );
  }

  // The wait travels in the error too: the desktop window has no Retry-After header to read.
  override toApiError(): ApiError {
    return { ...super.toApiError(), retryAfter: this.retryAfter };
  }
}

export interface SendCounter {
  /** Throws SendsThrottled when `actor` may not ask for another send now; counts nothing. */
  check(actor: string): void;
  /** Counts a send `actor` asked for (after it was queued). */
  counted(actor: string): void;
}

/**
 * `past(actor, sinceMs)`: the times (ms) of the sends `actor` asked for since then, as stored; read once per actor
 * and start.
 */
export function sendCounter(o: {
  readonly now: () => number;
  readonly past: (actor: string, sinceMs: number) => readonly number[];
  readonly limits?: SendLimits;
}): SendCounter {
  const perMinute = o.limits?.perMinute ?? SENDS_PER_MINUTE;
  const perDay = o.limits?.perDay ?? SENDS_PER_DAY;
  const sends = new Map<string, number[]>();

  const recent = (actor: string): number[] => {
    const now = o.now();
    let times = sends.get(actor);
    if (!times) {
      times = [...o.past(actor, now - DAY_MS)].sort((a, b) => a - b);
      if (sends.size >= ACTORS_KEPT) sends.delete(sends.keys().next().value as string);
      sends.set(actor, times);
    }
    // Only the last day counts; a clock moved back keeps what it saw (never a negative wait).
    while (times.length && times[0]! <= now - DAY_MS) times.shift();
    return times;
  };

  return {
    check(actor) {
      const now = o.now();
      const times = recent(actor);
      if (times.length >= perDay) {
        const oldest = times[times.length - perDay]!;
        throw new SendsThrottled(Math.max(1, Math.ceil((oldest + DAY_MS - now) / 1000)), 'day', perDay);
      }
      const lastMinute = times.filter((t) => t > now - MINUTE_MS);
      if (lastMinute.length >= perMinute) {
        const oldest = lastMinute[lastMinute.length - perMinute]!;
        throw new SendsThrottled(Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000)), 'minute', perMinute);
      }
    },
    counted(actor) {
      recent(actor).push(o.now());
    },
  };
}
