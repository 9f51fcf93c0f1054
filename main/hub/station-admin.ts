// What an ADMIN of the hub reads and changes about stations and their tokens over HTTP: the list of stations,
// a station's tokens (when made, whether revoked; never a hash) and revoking one of them. Registering a station and
// making a token are stations.ts's and tokens.ts's.
import { isUuid } from '../../shared/contract';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';
import { toStation, type HubStation } from './stations';

export interface TokenInfo {
  readonly id: string;
  readonly stationId: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  /** The points of sale (M001P001) it may write documents of. */
  readonly points: readonly string[];
}

export function stationAdmin(db: HubDb, clock: Clock) {
  return {
    async stations(): Promise<HubStation[]> {
      return (await db.selectFrom('stations').selectAll().orderBy('branch_code').orderBy('pos_number').orderBy('id').execute()).map(
        toStation,
      );
    },
    async tokens(stationId: string): Promise<TokenInfo[]> {
      const rows = await db
        .selectFrom('station_tokens')
        .select(['id', 'station_id', 'created_at', 'revoked_at', 'points'])
        .where('station_id', '=', stationId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        stationId: r.station_id,
        createdAt: r.created_at.toISOString(),
        revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
        points: r.points,
      }));
    },
    /** True when this station's token was in force and is now revoked; another station's token is left alone. */
    async revoke(stationId: string, tokenId: string): Promise<boolean> {
      if (!isUuid(tokenId)) return false;
      const r = await db
        .updateTable('station_tokens')
        .set({ revoked_at: clock.now() })
        .where('id', '=', tokenId.toLowerCase())
        .where('station_id', '=', stationId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
  };
}
