import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same body hashes the same whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
