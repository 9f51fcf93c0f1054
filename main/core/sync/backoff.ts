/**
 * Exponential backoff with full jitter: a random delay in [floor, min(cap, base × 2^attempt)]. The floor keeps
 * a failing document from being retried in a tight loop within one run.
 */
export function backoffMs(attempt: number, random: () => number, baseMs = 1000, capMs = 60_000, floorMs = 250): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.max(floorMs, Math.floor(random() * ceiling));
}

/** A uniform number in [0, 1) from injected random bytes (so tests can fix it). */
export const unitFrom = (randomBytes: (n: number) => Buffer) => (): number => randomBytes(4).readUInt32BE(0) / 0x1_0000_0000;
