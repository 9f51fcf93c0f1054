// How many books the hub builds at once (docs/decisions/0016-head-office-hub.md "Scale", 0043): a month is read as a
// stream now, so what one build holds is a page and a day, not the month; a few run side by side and the rest wait
// their turn in order (the screen asks for the books and the sales report together). Past a few waiting, a 429 says
// when to come back.
import type { ApiError } from '../../shared/errors';
import { CoreError } from '../core/errors';

export class BooksBusy extends CoreError {
  constructor(readonly retryAfter: number) {
    super('TOO_MANY_REQUESTS', `La central está calculando otros libros. Espere ${retryAfter} s y vuelva a intentar.`);
    this.name = 'BooksBusy';
  }

  override toApiError(): ApiError {
    return { ...super.toApiError(), retryAfter: this.retryAfter };
  }
}

export interface BooksGateLimits {
  /** Builds at once. */
  readonly running?: number;
  /** Builds running and waiting together; past this, BooksBusy. */
  readonly queued?: number;
  /** Seconds the 429 asks to wait. */
  readonly retryAfter?: number;
}

/** Runs at most `running` builds at once, the others in the order asked. */
export function booksGate(limits: BooksGateLimits = {}) {
  const { running: maxRunning = 1, queued: maxQueued = 4, retryAfter = 30 } = limits;
  let running = 0;
  let queued = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(build: () => Promise<T>): Promise<T> {
      if (queued >= maxQueued) throw new BooksBusy(retryAfter);
      queued += 1;
      // A finished build hands its place straight to the next in line, so nobody arriving meanwhile jumps the queue.
      if (running < maxRunning) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await build();
      } finally {
        queued -= 1;
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    queued: () => queued,
  };
}
