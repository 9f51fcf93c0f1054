/** A version-4 UUID (lower case) from injected random bytes, so tests can make ids deterministic. */
export function uuidV4(random: (n: number) => Buffer): string {
  const b = random(16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
