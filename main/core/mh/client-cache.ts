// One MH client per MH address and user, so its token survives between documents; a new one when the
// station's MH settings change (Ajustes).
import type { Clock } from '../clock';
import type { ServerTime } from '../clock-skew';
import type { Logger } from '../logger';
import type { StationRepo } from '../station/station-repo';
import { mhClient, type MhClient } from './client';
import { mhAddressAllowed } from './pinned-address';

/** MH to talk to instead of the station's settings: the demo's embedded simulator, or a test's. */
export interface MhOverride {
  readonly baseUrl: string;
  readonly user: string;
  readonly password: string;
  readonly timeoutMs?: number;
}

export interface ClientCacheDeps {
  readonly stations: StationRepo;
  readonly override: MhOverride | undefined;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Addresses allowed for MH besides MH's own (pinned-address.ts). */
  readonly allowedMhUrls: readonly string[];
  /** MH's time in each answer (clock-skew.ts). */
  readonly onServerTime?: (t: ServerTime) => void;
}

/** The client for the station's current MH settings, or null while it has none. */
export function mhClientCache(d: ClientCacheDeps): () => MhClient | null {
  let cached: { key: string; value: MhClient } | null = null;
  let refused: string | null = null;
  return () => {
    const s = d.stations.get();
    const target = d.override ?? (s?.mh ? { baseUrl: s.mh.baseUrl, user: s.mh.user, password: null } : null);
    if (!s || !target) return null;
    const key = `${s.environment}|${target.baseUrl}|${target.user}`;
    if (key === refused) return null;
    // Checked once per address: a station's own address was checked when it was entered; one stored before the
    // pin, or allowed by a start that is over, is not used (the override is the demo's simulator or a test's).
    if (cached?.key !== key && !d.override && !mhAddressAllowed(target.baseUrl, s.environment, d.allowedMhUrls)) {
      d.logger.warn('MH address not allowed: nothing is sent', { baseUrl: target.baseUrl });
      refused = key;
      return null;
    }
    if (cached?.key !== key) {
      cached = {
        key,
        value: mhClient({
          baseUrl: target.baseUrl,
          user: target.user,
          password: () => target.password ?? d.stations.mhSecrets()?.password ?? '',
          ambiente: s.environment === 'LIVE' ? '01' : '00',
          fetch: d.fetch,
          clock: d.clock,
          logger: d.logger,
          ...(d.override?.timeoutMs ? { timeoutMs: d.override.timeoutMs } : {}),
          ...(d.onServerTime ? { onServerTime: d.onServerTime } : {}),
        }),
      };
    }
    return cached.value;
  };
}
