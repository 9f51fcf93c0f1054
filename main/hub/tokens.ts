// The station_tokens table's one owner. A token is shown once, when created; the hub keeps only its SHA-256, so a
// copy of the database (a backup, a read replica) lets nobody write as a station. A SHA-256 is enough, no slow
// hash: the token is 256 random bits, not a password anyone could guess from a list.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isUuid } from '../../shared/contract';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';
import { toStation, type HubStation } from './stations';

/** The prefix says what it is when one turns up in a log or a ticket. */
const PREFIX = 'sello_hub_';

export const tokenHash = (plain: string): string => createHash('sha256').update(plain, 'utf8').digest('hex');

/** A point of sale as the control number carries it: establishment and point (M001P001). */
export const TOKEN_POINT = /^[A-Z0-9]{4}P\d{3}$/;

/** A new token's points of sale (POST /hub/v1/stations/:id/tokens): the station's own when it names none. */
export const newToken = z.strictObject({
  points: d(
    z.array(z.string().regex(TOKEN_POINT, 'Un punto de venta como M001P001.')).min(1).max(50).optional(),
    bi(
      'Puntos de venta cuyos documentos puede escribir el token (M001P001), de 1 a 50; si falta, el de la estación.',
      "Points of sale whose documents the token may write (M001P001), 1 to 50; when absent, the station's own.",
    ),
  ),
});

/** The station a token stands for, and the points of sale whose documents it may write (migration 005). */
export type TokenStation = HubStation & { readonly points: readonly string[] };

export interface CreatedToken {
  readonly id: string;
  readonly stationId: string;
  readonly points: readonly string[];
  /** The only time the plain token exists on the hub's side. */
  readonly token: string;
}

export function stationTokens(db: HubDb, clock: Clock, newId: () => string) {
  return {
    /**
     * A token bound to `points` (M001P001…), by default the station's own point of sale as registered; never to
     * none: a token that may write nothing is refused here rather than made.
     */
    async create(stationId: string, points?: readonly string[]): Promise<CreatedToken> {
      const station = await db
        .selectFrom('stations')
        .select(['id', 'branch_code', 'pos_number'])
        .where('id', '=', stationId)
        .executeTakeFirst();
      if (!station) throw new CoreError('NOT_FOUND', `No existe la estación ${stationId}.`);
      const bound = [...new Set(points ?? [`${station.branch_code}${station.pos_number}`])].sort();
      const bad = bound.find((p) => !TOKEN_POINT.test(p));
      if (bound.length === 0 || bad !== undefined)
        throw new CoreError('VALIDATION_FAILED', `Los puntos de venta del token no son válidos${bad ? ` (${bad})` : ''}.`, [
          {
            path: 'points',
            code: 'INVALID_FORMAT',
            message: 'Uno o más puntos de venta con el formato del número de control, p. ej. M001P001.',
          },
        ]);
      const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = newId();
      await db
        .insertInto('station_tokens')
        .values({ id, station_id: stationId, token_hash: tokenHash(token), created_at: clock.now(), revoked_at: null, points: bound })
        .execute();
      return { id, stationId, points: bound, token };
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
    async authenticate(plain: string): Promise<TokenStation | null> {
      if (!plain.startsWith(PREFIX) || plain.length > 100) return null;
      const row = await db
        .selectFrom('station_tokens as t')
        .innerJoin('stations as s', 's.id', 't.station_id')
        .selectAll('s')
        .select('t.points')
        .where('t.token_hash', '=', tokenHash(plain))
        .where('t.revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? { ...toStation(row), points: row.points } : null;
    },
  };
}

export type StationTokens = ReturnType<typeof stationTokens>;
