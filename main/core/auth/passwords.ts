// Passwords and PINs at rest: scrypt (memory-hard, in Node's own crypto), a random salt per person, the cost in
// the stored string so it can be raised later without locking anyone out. Compared in constant time.
import { scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** log2 of scrypt's N: 15 is 32 MiB and tens of milliseconds a check. */
export const DEFAULT_SCRYPT_COST = 15;
/** For passwords printed on a login screen (the demo's): their hash protects nothing, so it costs little. */
export const PUBLISHED_SCRYPT_COST = 10;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const maxmem = (n: number) => 256 * n * R;

export interface PasswordHasher {
  /** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, base64url parts; `cost` only for published passwords. */
  readonly hash: (secret: string, cost?: number) => string;
  /** True when `secret` matches `stored`; a malformed `stored` never matches. */
  readonly verify: (secret: string, stored: string) => Promise<boolean>;
  /** `verify` in one blocking call, for the station file applied at start. */
  readonly matches: (secret: string, stored: string) => boolean;
  /** Spends the same time as a real check, for a login that names nobody. */
  readonly waste: (secret: string) => Promise<void>;
}

const derive = (secret: string, salt: Buffer, cost: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, options(cost, r, p), (e, key) => (e ? reject(e) : resolve(key))),
  );

interface Stored {
  readonly cost: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

/** The parts of a stored hash, or null when it is not one this module wrote (it then matches nothing). */
function parse(stored: string): Stored | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [cost, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![cost, r, p].every(Number.isInteger) || cost < 1 || cost > 20 || r < 1 || r > 32 || p < 1 || p > 4) return null;
  const key = Buffer.from(parts[5]!, 'base64url');
  return key.length === KEY_LENGTH ? { cost, r, p, salt: Buffer.from(parts[4]!, 'base64url'), key } : null;
}

const options = (cost: number, r: number, p: number) => ({ N: 2 ** cost, r, p, maxmem: maxmem(2 ** cost) * p });

export function passwordHasher(random: (n: number) => Buffer, cost = DEFAULT_SCRYPT_COST): PasswordHasher {
  const dummy = random(16);
  return {
    hash(secret, at = cost) {
      const salt = random(16);
      const key = scryptSync(secret.normalize('NFC'), salt, KEY_LENGTH, options(at, R, P));
      return ['scrypt', at, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(secret, stored) {
      const s = parse(stored);
      return s !== null && timingSafeEqual(await derive(secret, s.salt, s.cost, s.r, s.p), s.key);
    },
    matches(secret, stored) {
      const s = parse(stored);
      return s !== null && timingSafeEqual(scryptSync(secret.normalize('NFC'), s.salt, KEY_LENGTH, options(s.cost, s.r, s.p)), s.key);
    },
    async waste(secret) {
      await derive(secret, dummy, cost, R, P);
    },
  };
}
