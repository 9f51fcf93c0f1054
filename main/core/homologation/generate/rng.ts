// A small seeded pseudo-random generator (sfc32 seeded through splitmix32): the same seed gives the same documents.
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `n` decimal digits, as text (leading zeros kept). */
  digits(n: number): string;
  /** An RFC 4122 version 4 UUID in lower case, drawn from this generator. */
  uuid(): string;
  /** Money in cents between `min` and `max` dollars, both included, as a number of at most 2 decimals. */
  money(min: number, max: number): number;
}

/** splitmix32: spreads one 32-bit value into well-mixed words to seed sfc32 (a seed of 0 works too). */
function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** One stream per (seed, seq): the runner can regenerate any single document of a run without the ones before it. */
export function createRng(seed: number, seq = 0): Rng {
  const mix = splitmix32((seed >>> 0) ^ Math.imul(seq + 1, 0x27d4eb2f));
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const word = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // sfc32 wants a few rounds before its output is well mixed.
  for (let i = 0; i < 12; i++) word();

  const next = () => word() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join('');
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
    // Version nibble 4 and variant 8–b, as any v4 UUID.
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`,
    money: (min, max) => int(Math.round(min * 100), Math.round(max * 100)) / 100,
  };
}
