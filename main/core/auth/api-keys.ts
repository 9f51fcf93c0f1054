// API keys for POS integrations: stored as SHA-256 hashes (the keys are long random strings, or at least 16
// characters from the station file), compared in constant time, revocable.
import { createHash, timingSafeEqual } from 'node:crypto';
import { audit } from '../audit';
import type { Store } from '../store/database';

export interface ApiKeyInfo {
  readonly id: string;
  readonly name: string;
  readonly hint: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export interface ApiKeys {
  /** Adds a key (idempotent for the same key). Returns its id. */
  add(plain: string, name: string, at: string): string;
  /** Generates a new key; the plain key is returned once and never stored. */
  create(name: string, at: string, actor?: string): { id: string; key: string };
  revoke(id: string, at: string, actor?: string): boolean;
  list(): ApiKeyInfo[];
  /** The name a key was given (revoked or not), or null for an unknown id. */
  name(id: string): string | null;
  /** The id of the active key that matches, or null. */
  verify(plain: string): string | null;
}

const hash = (plain: string) => createHash('sha256').update(plain, 'utf8').digest();

export function apiKeys(store: Store, randomBytes: (n: number) => Buffer): ApiKeys {
  // Active hashes are cached: verification runs on every request.
  let active: { id: string; hash: Buffer }[] | null = null;
  const load = () =>
    (active ??= store
      .all(store.q.selectFrom('api_keys').select(['id', 'key_hash']).where('revoked_at', 'is', null))
      .map((r) => ({ id: r.id, hash: Buffer.from(r.key_hash, 'hex') })));

  const add = (plain: string, name: string, at: string): string => {
    const h = hash(plain).toString('hex');
    const existing = store.one(store.q.selectFrom('api_keys').select(['id', 'revoked_at']).where('key_hash', '=', h));
    if (existing) return existing.id;
    const id = randomBytes(8).toString('hex');
    // The end of the key, since every generated key starts with the same `sello_`.
    store.run(
      store.q.insertInto('api_keys').values({ id, name, key_hash: h, hint: `…${plain.slice(-4)}`, created_at: at, revoked_at: null }),
    );
    active = null;
    return id;
  };

  return {
    add,
    create(name, at) {
      const key = `sello_${randomBytes(24).toString('base64url')}`;
      return { id: add(key, name, at), key };
    },
    revoke(id, at) {
      const r = store.run(store.q.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null));
      active = null;
      return r.changes > 0;
    },
    list() {
      return store
        .all(store.q.selectFrom('api_keys').selectAll().orderBy('created_at'))
        .map((r) => ({ id: r.id, name: r.name, hint: r.hint, createdAt: r.created_at, revokedAt: r.revoked_at }));
    },
    name(id) {
      return store.one(store.q.selectFrom('api_keys').select('name').where('id', '=', id))?.name ?? null;
    },
    verify(plain) {
      const h = hash(plain);
      let match: string | null = null;
      // Compare against every key, without stopping early, so timing tells nothing about which one matched.
      for (const k of load()) if (timingSafeEqual(k.hash, h) && match === null) match = k.id;
      return match;
    },
  };
}

/** The keys as the core hands them out: giving out and taking back a key are settings events in the audit chain (never the key itself). */
export function auditedApiKeys(store: Store, randomBytes: (n: number) => Buffer): ApiKeys {
  const plain = apiKeys(store, randomBytes);
  return {
    ...plain,
    create(name, at, actor = 'app') {
      return store.tx(() => {
        const r = plain.create(name, at);
        audit(store, at, actor, 'settings.apikey.created', r.id, { name });
        return r;
      });
    },
    revoke(id, at, actor = 'app') {
      return store.tx(() => {
        const done = plain.revoke(id, at);
        if (done) audit(store, at, actor, 'settings.apikey.revoked', id);
        return done;
      });
    },
  };
}
