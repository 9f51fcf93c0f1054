// One run at a time, for the senders (sync engine, e-mail, webhooks): a call while a run is under way asks for
// one more pass after it and shares its promise, so nothing woken meanwhile waits for the next timer.
export interface SingleFlight {
  /** Runs now, or after the run under way; resolves with what the passes did. */
  run(): Promise<number>;
  /** The run under way, if any. */
  current(): Promise<number> | null;
}

export function singleFlight(pass: () => Promise<number>, o: { stopped: () => boolean; after: () => void }): SingleFlight {
  let running: Promise<number> | null = null;
  let again = false;
  const run = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await pass();
      } while (again && !o.stopped());
      return total;
    })().finally(() => {
      running = null;
      o.after();
    });
    return running;
  };
  return { run, current: () => running };
}
