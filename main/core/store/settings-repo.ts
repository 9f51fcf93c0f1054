// The one owner of the `settings` table: a key-value store for the station's profile, its sealed secrets,
// the signing key, MH's idEnvio correlative and the printing settings. Callers own their keys' meaning.
import type { Store } from './database';

// Members are functions, not methods: callers take them on their own (no `this`).
export interface SettingsRepo {
  readonly get: (key: string) => string | null;
  readonly set: (key: string, value: string) => void;
  /** Adds one to a counter kept as a setting and returns the new value; run inside the caller's transaction. */
  readonly increment: (key: string, by?: number) => number;
}

export function settingsRepo(store: Store): SettingsRepo {
  const get = (key: string) => store.one(store.q.selectFrom('settings').select('value').where('key', '=', key))?.value ?? null;
  const set = (key: string, value: string) => {
    store.run(
      store.q
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value })),
    );
  };
  return {
    get,
    set,
    increment: (key, by = 1) => {
      const next = Number(get(key) ?? 0) + by;
      set(key, String(next));
      return next;
    },
  };
}
