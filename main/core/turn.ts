// One turn of the event loop: long work (a month's books, a backlog's bookkeeping) yields between its steps, so
// the station's server keeps answering the counter and the POS while it runs.
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
