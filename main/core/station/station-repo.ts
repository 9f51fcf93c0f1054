import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { tryOpen, type SecretBox } from './secrets';
import type { StationProfile, StoredStation } from './profile';
import type { MhNormativeSetting } from '../../../shared/normative';

const STATION_KEY = 'station';
/** MH's password and the certificate's, sealed. */
export const MH_SECRETS_KEY = 'station.mh.secrets';
/** The head office hub's address and this station's token, sealed together (an empty value: none). */
export const HUB_KEY = 'station.hub';

export interface HubTarget {
  readonly url: string;
  readonly token: string;
}

export interface StationRepo {
  get(): StoredStation | null;
  /** Saves the profile; MH secrets are sealed, never stored in plain text. Returns whether anything changed. */
  save(profile: StationProfile): boolean;
  /** MH's passwords; null when none are stored or they do not open here (`mhSecretsLost`). */
  mhSecrets(): { password: string; certificatePassword: string | null } | null;
  /** Passwords are stored but this station's secret box cannot open them (sealed on another machine or key). */
  mhSecretsLost(): boolean;
  /** The hub to replicate to, with its token; null when none is set or it does not open here. */
  hub(): HubTarget | null;
  /** Replaces only the MH normative setting (station/normative-service.ts checks it first). */
  setNormative(setting: MhNormativeSetting): void;
  /** Replaces only the hub, sealed (station/hub-setting.ts checks it with the hub first); null removes it. */
  setHub(target: HubTarget | null): void;
}

export function stationRepo(store: Store, secrets: SecretBox): StationRepo {
  const settings = settingsRepo(store);
  const read = settings.get;
  const write = settings.set;

  // Read on every issue; kept parsed until the next save. Only a committed value is cached: a read inside a
  // transaction may see a profile that is later rolled back.
  let cached: StoredStation | null = null;
  // The hub is asked on every issue and every replicator wake: opened once until it is written again.
  let hubCached: { readonly value: HubTarget | null } | null = null;
  const writeHub = (value: string) => {
    write(HUB_KEY, value);
    hubCached = null;
  };
  return {
    get() {
      if (cached) return cached;
      const v = read(STATION_KEY);
      const parsed = v ? (JSON.parse(v) as StoredStation) : null;
      if (!store.sqlite.inTransaction) cached = parsed;
      return parsed;
    },
    save(profile) {
      const { mh, apiKeys: _keys, users: _users, webhooks: _webhooks, smtp: _smtp, hub, newPointOfSale: _new, ...rest } = profile;
      const stored: StoredStation = {
        ...rest,
        // A station file without the key keeps the normative set in Ajustes; a file that names it owns it.
        mhNormative: rest.mhNormative ?? this.get()?.mhNormative ?? null,
        mh: mh ? { baseUrl: mh.baseUrl, user: mh.user, certificateFile: mh.certificateFile ?? null } : null,
      };
      const json = JSON.stringify(stored);
      const before = read(STATION_KEY);
      if (mh) {
        const current = this.mhSecrets();
        const wanted = { password: mh.password, certificatePassword: mh.certificatePassword ?? null };
        if (JSON.stringify(current) !== JSON.stringify(wanted)) write(MH_SECRETS_KEY, secrets.seal(JSON.stringify(wanted)));
      }
      let hubChanged = false;
      if (hub !== undefined) {
        const wanted = hub ? { url: hub.url, token: hub.token } : null;
        if (JSON.stringify(this.hub()) !== JSON.stringify(wanted)) {
          writeHub(wanted ? secrets.seal(JSON.stringify(wanted)) : '');
          hubChanged = true;
        }
      }
      if (before === json) return hubChanged;
      write(STATION_KEY, json);
      cached = null;
      return true;
    },
    setNormative(setting) {
      const current = this.get();
      if (!current) throw new Error('station is not configured');
      write(STATION_KEY, JSON.stringify({ ...current, mhNormative: setting }));
      cached = null;
    },
    setHub(target) {
      writeHub(target ? secrets.seal(JSON.stringify({ url: target.url, token: target.token })) : '');
    },
    mhSecrets() {
      const v = read(MH_SECRETS_KEY);
      const plain = v ? tryOpen(secrets, v) : null;
      return plain === null ? null : (JSON.parse(plain) as { password: string; certificatePassword: string | null });
    },
    hub() {
      if (hubCached) return hubCached.value;
      const v = read(HUB_KEY);
      const plain = v ? tryOpen(secrets, v) : null;
      const value = plain === null ? null : (JSON.parse(plain) as HubTarget);
      if (!store.sqlite.inTransaction) hubCached = { value };
      return value;
    },
    mhSecretsLost() {
      const v = read(MH_SECRETS_KEY);
      return v !== null && tryOpen(secrets, v) === null;
    },
  };
}
