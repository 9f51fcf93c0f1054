// A room built later than the closures that call it: the composition's few cycles (the sync engine publishes what
// the alert sources see; the outbound senders wake on what the engine moves) are closed through these.

export interface Later<T> {
  set(value: T): T;
  get(): T;
  /** The room if built yet: for a notice that the room, once built, reads for itself anyway. */
  peek(): T | undefined;
}

export function later<T>(name: string): Later<T> {
  let value: T | undefined;
  return {
    set: (v) => (value = v),
    get() {
      if (value === undefined) throw new Error(`${name} is used before the core has built it`);
      return value;
    },
    peek: () => value,
  };
}
