// One company month built at a time per hub process (docs/decisions/0016-head-office-hub.md "Scale"): a month of a
// third of a million documents holds almost 3 GB while it is built, so two at once would not fit the heap. Others
// wait their turn in order (the screen asks for the books and the sales report together); past a few waiting, a 429
// says when to come back.
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

/** Runs builds one after another; `maxQueued` counts the one running too. */
export function booksGate(maxQueued = 4, retryAfter = 30) {
  let tail: Promise<void> = Promise.resolve();
  let queued = 0;
  return {
    async run<T>(build: () => Promise<T>): Promise<T> {
      if (queued >= maxQueued) throw new BooksBusy(retryAfter);
      queued += 1;
      const before = tail;
      let release = () => {};
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        await before;
        return await build();
      } finally {
        queued -= 1;
        release();
      }
    },
    queued: () => queued,
  };
}
