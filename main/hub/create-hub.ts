// The hub's composition root, like create-core.ts: wiring only, no module-level state, each room a factory.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { passwordHasher } from '../core/auth/passwords';
import type { Clock } from '../core/clock';
import { systemClock } from '../core/clock';
import { uuidV4 } from '../core/ids';
import type { Logger } from '../core/logger';
import { silentLogger } from '../core/logger';
import { hubBooks } from './books-source';
import { hubDocumentsList } from './documents-list';
import { hubDocuments, type IngestResult } from './documents-repo';
import type { HubDb } from './hub-database';
import type { IngestDocument } from './ingest-document';
import { hubPeople } from './people';
import { stationAdmin } from './station-admin';
import { hubLoginThrottle } from './login-throttle';
import { hubRelated } from './related';
import { hubNumbering } from './numbering';
import { stationRecords } from './station-records';
import { hubStations, type HubStation } from './stations';
import { stationTokens } from './tokens';

export interface HubDeps {
  readonly db: HubDb;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** log2 of scrypt's N for people's passwords (core/auth/passwords.ts); tests lower it. */
  readonly scryptCost?: number;
}

/**
 * Everything the hub knows is in PostgreSQL, nothing in memory: several hub processes can serve behind one load
 * balancer, and any of them can die.
 */
export function createHub(deps: HubDeps) {
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? silentLogger;
  const newId = () => uuidV4(randomBytes);
  const documents = hubDocuments(deps.db, clock);
  return {
    clock,
    records: stationRecords(deps.db, clock),
    related: hubRelated(deps.db),
    /** The last control numbers of a station's branch (numbering.ts, decision 0029). */
    numbering: hubNumbering(deps.db),
    loginThrottle: hubLoginThrottle(deps.db, clock),
    stations: hubStations(deps.db, clock, newId),
    tokens: stationTokens(deps.db, clock, newId),
    people: hubPeople(deps.db, clock, passwordHasher(randomBytes, deps.scryptCost)),
    documents: hubDocumentsList(deps.db),
    stationAdmin: stationAdmin(deps.db, clock),
    /** The company's books, or one point of sale's (books-source.ts). */
    books: hubBooks(deps.db, clock),
    /** Resolves when PostgreSQL answers a query now (GET /hub/v1/ready). */
    ping: async (): Promise<void> => {
      await sql`SELECT 1`.execute(deps.db);
    },
    async ingestDocuments(station: HubStation, docs: readonly IngestDocument[]): Promise<IngestResult> {
      const r = await documents.ingest(station, docs);
      logger.info('hub ingest', { station: station.id, ...r });
      return r;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
