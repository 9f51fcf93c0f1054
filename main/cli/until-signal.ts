// Stopping a long-running command on SIGTERM or SIGINT. The handlers go in before the command says it listens: a
// supervisor (or a test) that signals the moment it reads "listening on" must find them, or Node's default ends
// the process without closing the store.

/** Installs the handlers now; the promise settles once `stop` has run after the first signal. */
export function untilSignal(stop: () => Promise<unknown>, onError: (e: unknown) => void = () => {}): Promise<void> {
  return new Promise<void>((done) => {
    const handler = () => {
      // A second signal while closing takes Node's default: a person pressing Ctrl+C twice means it.
      process.off('SIGTERM', handler);
      process.off('SIGINT', handler);
      stop().then(
        () => done(),
        (e: unknown) => {
          onError(e);
          done();
        },
      );
    };
    process.on('SIGTERM', handler);
    process.on('SIGINT', handler);
  });
}
