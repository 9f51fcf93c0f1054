// One turn of the event loop: long books work yields between its steps, so the station's server keeps answering
// the counter and the POS while a month of many thousand documents is being made.
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
