// The station_tokens table's one owner. A token is shown once, when created; the hub keeps only its SHA-256, so a
// copy of the database (a backup, a read replica) lets nobody write as a station. A SHA-256 is enough, no slow
// hash: the token is 256 random bits, not a password anyone could guess from a list.
import { createHash, randomBytes } from 'node:crypto';
import { isUuid } from '../../shared/contract';
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';
import { toStation, type HubStation } from './stations';

/** The prefix says what it is when one turns up in a log or a ticket. */
const PREFIX = 'sello_hub_';

export const tokenHash = (plain: string): string => createHash('sha256').update(plain, 'utf8').digest('hex');

export interface CreatedToken {
  readonly id: string;
  readonly stationId: string;
  /** The only time the plain token exists on the hub's side. */
  readonly token: string;
}

export function stationTokens(db: HubDb, clock: Clock, newId: () => string) {
  return {
    async create(stationId: string): Promise<CreatedToken> {
      const station = await db.selectFrom('stations').select('id').where('id', '=', stationId).executeTakeFirst();
      if (!station) throw new CoreError('NOT_FOUND', `No existe la estación ${stationId}.`);
      const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = newId();
      await db
        .insertInto('station_tokens')
        .values({ id, station_id: stationId, token_hash: tokenHash(token), created_at: clock.now(), revoked_at: null })
        .execute();
      return { id, stationId, token };
    },
    /** True when the token was in force and is now revoked; revoking twice changes nothing. */
    async revoke(tokenId: string): Promise<boolean> {
      if (!isUuid(tokenId)) return false;
      const r = await db
        .updateTable('station_tokens')
        .set({ revoked_at: clock.now() })
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** The station a bearer token stands for, or null (unknown, revoked or malformed). */
    async authenticate(plain: string): Promise<HubStation | null> {
      if (!plain.startsWith(PREFIX) || plain.length > 100) return null;
      const row = await db
        .selectFrom('station_tokens as t')
        .innerJoin('stations as s', 's.id', 't.station_id')
        .selectAll('s')
        .where('t.token_hash', '=', tokenHash(plain))
        .where('t.revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? toStation(row) : null;
    },
  };
}

export type StationTokens = ReturnType<typeof stationTokens>;
