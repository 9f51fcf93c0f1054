// The station's head office hub as Ajustes shows it (GET/PUT /settings/hub; main/core/station/hub-setting.ts).
// The token is write-only: it goes in with PUT and never comes back, only whether one is stored.
import type { HubReplicationStatus } from './records';

/** Who the hub says the stored token belongs to (`GET /hub/v1/station` at the hub). */
export interface HubStationIdentity {
  readonly id: string;
  readonly companyId: string;
  readonly branchCode: string;
  readonly posNumber: string;
  readonly name: string;
}

export interface HubSettingView {
  readonly configured: boolean;
  /** The hub's address (an origin: scheme, host and port); null when none is set. */
  readonly url: string | null;
  /** A token is stored (sealed); its value is never returned. */
  readonly tokenStored: boolean;
  /** The station the hub recognised the stored token as, when the station last checked it; null: not checked yet. */
  readonly connectedAs: HubStationIdentity | null;
  /** Replication: when the hub last answered, what waits, the last error. */
  readonly status: HubReplicationStatus;
}
