// A small seeded generator (sfc32, seeded through splitmix32): the whole simulation draws from it, so a seed
// names one schedule of events exactly.

export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Random bytes, for the station's and the simulator's ids, keys and seals. */
  bytes(n: number): Buffer;
  /** A weighted choice among [weight, value] pairs. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T;
}

export function prng(seed: number): Prng {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const u32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) u32();
  const r: Prng = {
    next: () => u32() / 0x1_0000_0000,
    int: (n) => Math.floor(r.next() * n),
    chance: (p) => r.next() < p,
    pick: (items) => {
      if (!items.length) throw new Error('pick from nothing');
      return items[r.int(items.length)] as (typeof items)[number];
    },
    bytes(n) {
      const out = Buffer.alloc(Math.ceil(n / 4) * 4);
      for (let i = 0; i < out.length; i += 4) out.writeUInt32BE(u32(), i);
      return out.subarray(0, n);
    },
    weighted(choices) {
      const total = choices.reduce((t, [w]) => t + w, 0);
      let x = r.next() * total;
      for (const [w, v] of choices) {
        if ((x -= w) < 0) return v;
      }
      return (choices[choices.length - 1] as readonly [number, (typeof choices)[number][1]])[1];
    },
  };
  return r;
}
