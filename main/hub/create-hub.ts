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
import { hubBooksInWorker } from './books-in-worker';
import type { WorkerEntry } from '../core/workers/wire';
import { hubCertificates } from './certificates';
import { hubCompanyStore } from './company';
import { CoreError } from '../core/errors';
import { hubDocumentsList } from './documents-list';
import { hubDocuments, type IngestResult } from './documents-repo';
import type { HubDb } from './hub-database';
import type { IngestDocument } from './ingest-document';
import { hubPeople } from './people';
import { stationAdmin } from './station-admin';
import { hubLoginThrottle } from './login-throttle';
import { hubRelated } from './related';
import { DocumentRefused } from './refusal';
import { documentRefusals } from './refusals';
import { sealChecker, type SealCheckerOptions } from './seal-checker';
import { hubSealChecks } from './seal-checks';
import { sealHealth } from './seal-health';
import { hubNumbering } from './numbering';
import { stationRecords, type CheckedRecord, type IngestRecord } from './station-records';
import { hubStations } from './stations';
import { stationTokens, type TokenStation } from './tokens';
import { verifyDocument } from './verify-document';
import { namedDocuments, verifyRecord } from './verify-record';
import { ERET_V1 } from '../core/mh-read/event-maps';
import { readReturn, type ReturnReading } from '../core/mh-read/read-event';
import { jsonAt } from './mh-json-sql';

export interface HubDeps {
  readonly db: HubDb;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** log2 of scrypt's N for people's passwords (core/auth/passwords.ts); tests lower it. */
  readonly scryptCost?: number;
  /** MH's API for confirming seals (seal-checker.ts, decision 0031); without it this process checks none. */
  readonly mh?: Omit<SealCheckerOptions, 'checks' | 'clock' | 'logger'>;
  /**
   * The books on a worker thread with a heap of its own (books-in-worker.ts, decision 0052): its entry, the
   * database it connects to, its heap in MB. Without it the books run on this thread (tests, one-off tools).
   */
  readonly booksWorker?: { readonly entry: WorkerEntry; readonly database: string; readonly heapMb?: number };
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
  const company = hubCompanyStore(deps.db, clock);
  const certificates = hubCertificates(deps.db, clock);
  const refusals = documentRefusals(deps.db, clock);
  const sealChecks = hubSealChecks(deps.db, clock);
  const checker = deps.mh ? sealChecker({ ...deps.mh, checks: sealChecks, clock, logger }) : null;
  const localBooks = hubBooks(deps.db, clock);
  const records = stationRecords(deps.db, clock);

  /** Each record checked against the company, its keys, the token's points and the documents it names. */
  async function check(
    stationId: string,
    points: readonly string[],
    batch: readonly IngestRecord[],
  ): Promise<(CheckedRecord | DocumentRefused)[]> {
    const [who, keys] = await Promise.all([company.get(), certificates.keys()]);
    if (!who || keys.length === 0)
      throw new CoreError(
        'SERVICE_UNAVAILABLE',
        'La central aún no puede verificar registros: un administrador debe registrar la empresa (NIT, NRC, nombre) y su certificado de firma.',
      );
    const ids = namedDocuments(batch);
    const [rows, refuted, returned, stored] = await Promise.all([
      ids.length
        ? deps.db
            .selectFrom('documents')
            .select(['id', 'station_id', 'kind', 'control_number', 'seal', 'mh_json'])
            .where('id', 'in', ids)
            .execute()
        : [],
      ids.length
        ? deps.db.selectFrom('hub_seal_checks').select('id').where('id', 'in', ids).where('state', '<>', 'confirmed').execute()
        : [],
      standingReturns(stationId, ids),
      storedRecords(
        stationId,
        batch.map((r) => r.id),
      ),
    ]);
    const isRefuted = new Set(refuted.map((r) => r.id));
    const held = new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          stationId: r.station_id,
          kind: r.kind,
          controlNumber: r.control_number,
          seal: r.seal,
          mhJson: r.mh_json,
          refuted: isRefuted.has(r.id),
        },
      ]),
    );
    const ctx = { stationId, points, company: who, keys, held, returned, stored };
    return batch.map((record) => {
      try {
        return { record, verified: verifyRecord(record, ctx) };
      } catch (e) {
        if (e instanceof DocumentRefused) return e;
        throw e;
      }
    });
  }
  /** The verified ERs of `stationId` standing (not refused, not invalidated) on each of `ids`, by document id. */
  async function standingReturns(stationId: string, ids: readonly string[]): Promise<Map<string, ReturnReading[]>> {
    const out = new Map<string, ReturnReading[]>();
    if (ids.length === 0) return out;
    const codes = ids.map((i) => i.toUpperCase());
    const rows = await deps.db
      .selectFrom('station_records')
      .select(sql<Record<string, unknown>>`body`.as('body'))
      .where('station_id', '=', stationId)
      .where('kind', '=', 'return')
      .where('verified_at', 'is not', null)
      .where('invalidated_on', 'is', null)
      .where(sql<boolean>`body->>'status' IN ('PENDING', 'APPROVED')`)
      .where(
        sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements(${jsonAt('body', ERET_V1.related.at, ['mhJson'])}) AS e(x)
          WHERE upper(e.x ->> ${ERET_V1.related.fields.generationCode}) = ANY(${codes}::text[]))`,
      )
      .execute();
    for (const { body } of rows) {
      const er = readReturn(body.mhJson);
      for (const rel of er.related) {
        const id = rel.generationCode?.toLowerCase();
        if (id && ids.includes(id)) out.set(id, [...(out.get(id) ?? []), er]);
      }
    }
    return out;
  }
  /** The verified records of `stationId` stored under these ids, by `kind:id`, with the JWS each was signed with. */
  async function storedRecords(stationId: string, ids: readonly string[]): Promise<Map<string, { jws: string | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await deps.db
      .selectFrom('station_records')
      .select(['kind', 'id', sql<string | null>`body->>'jws'`.as('jws')])
      .where('station_id', '=', stationId)
      .where('id', 'in', ids)
      .where('verified_at', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [`${r.kind}:${r.id}`, { jws: r.jws }]));
  }
  /** A station's points of sale, as its live tokens bind them. */
  async function pointsOf(stationId: string): Promise<string[]> {
    const rows = await deps.db
      .selectFrom('station_tokens')
      .select('points')
      .where('station_id', '=', stationId)
      .where('revoked_at', 'is', null)
      .execute();
    return [...new Set(rows.flatMap((r) => r.points))];
  }
  const booksThread = deps.booksWorker ? hubBooksInWorker({ ...deps.booksWorker, clock, logger }) : null;
  return {
    clock,
    records,
    related: hubRelated(deps.db),
    /** The last control numbers of a station's branch (numbering.ts, decision 0029). */
    numbering: hubNumbering(deps.db),
    loginThrottle: hubLoginThrottle(deps.db, clock),
    stations: hubStations(deps.db, clock, newId),
    tokens: stationTokens(deps.db, clock, newId),
    people: hubPeople(deps.db, clock, passwordHasher(randomBytes, deps.scryptCost)),
    documents: hubDocumentsList(deps.db),
    stationAdmin: stationAdmin(deps.db, clock),
    /** The company as set at the hub and its public signing keys: what every document is checked against. */
    company,
    certificates,
    /** Each station's refused documents and why (the health page). */
    refusals,
    /** The company's books, or one point of sale's (books-source.ts), on their worker when there is one. */
    books: booksThread?.books ?? localBooks,
    /** Stops the books' worker (a call under way fails); the database is its owner's to close. */
    close: async (): Promise<void> => {
      await booksThread?.close();
    },
    /** MH's word on the seals the stations sent: the checker (null without MH credentials) and the health part. */
    seals: {
      checker,
      health: async () => sealHealth(await sealChecks.problems(), checker?.status() ?? null),
    },
    /** Resolves when PostgreSQL answers a query now (GET /hub/v1/ready). */
    ping: async (): Promise<void> => {
      await sql`SELECT 1`.execute(deps.db);
    },
    /**
     * A station's batch, checked (verify-document.ts, documents-repo.ts) and stored all or nothing. A refused
     * document is recorded for the health page and refuses the batch: the station halves it down to that one and
     * sets it aside. Until an ADMIN sets the company and its certificates nothing can be checked: a 503 the station
     * retries, nothing stored unchecked.
     */
    async ingestDocuments(station: TokenStation, docs: readonly IngestDocument[]): Promise<IngestResult> {
      const [who, keys] = await Promise.all([company.get(), certificates.keys()]);
      if (!who || keys.length === 0)
        throw new CoreError(
          'SERVICE_UNAVAILABLE',
          'La central aún no puede verificar documentos: un administrador debe registrar la empresa (NIT, NRC, nombre) y su certificado de firma.',
        );
      try {
        for (const d of docs) verifyDocument(d, { points: station.points, company: who, keys });
        const r = await documents.ingest(station, docs, clock.now());
        if (r.inserted + r.updated > 0) checker?.nudge();
        await refusals.cleared(
          station.id,
          docs.map((d) => d.id),
        );
        logger.info('hub ingest', { station: station.id, ...r });
        return r;
      } catch (e) {
        if (!(e instanceof DocumentRefused)) throw e;
        await refusals.record(station.id, e);
        logger.warn('hub refused a document', { station: station.id, document: e.documentId, reason: e.reason });
        throw e;
      }
    },
    /**
     * A station's records (POST /hub/v1/records), each checked (verify-record.ts, decision 0063) and stored all or
     * nothing. A refused one is recorded for the health page and refuses the batch, as a document does.
     */
    async ingestRecords(station: TokenStation, batch: readonly IngestRecord[]): Promise<number> {
      const checked = await check(station.id, station.points, batch);
      const refused = checked.find((c): c is DocumentRefused => c instanceof DocumentRefused);
      if (refused) {
        await refusals.record(station.id, refused);
        logger.warn('hub refused a record', { station: station.id, record: refused.documentId, reason: refused.reason });
        throw refused;
      }
      const ok = checked.filter((c): c is CheckedRecord => !(c instanceof DocumentRefused));
      const n = await records.ingest(station, ok);
      await refusals.cleared(
        station.id,
        batch.map((r) => r.id),
      );
      return n;
    },
    /**
     * Checks the records stored before the hub verified any (migration 007), with each station's points as its
     * tokens bind them: what verifies counts from now on, what does not is listed as refused. Run at the start.
     */
    async reverifyRecords(): Promise<{ verified: number; refused: number }> {
      const r = await records.reverify(async (stationId, rows) => check(stationId, await pointsOf(stationId), rows));
      for (const e of r.refused) await refusals.record(e.stationId, e.refusal);
      if (r.verified + r.refused.length > 0) logger.info('hub records reverified', { verified: r.verified, refused: r.refused.length });
      return { verified: r.verified, refused: r.refused.length };
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
