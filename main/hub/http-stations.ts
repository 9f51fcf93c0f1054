// What stations call beside their documents: their other records, their reports, and (for people) the branches'
// health built from those reports. A station's token writes only its own rows; a person's session reads.
import type { FastifyInstance } from 'fastify';
import { toFieldErrors } from '../../shared/contract';
import type { StationHeartbeat } from '../../shared/hub';
import { validationFailed } from '../core/errors';
import type { Hub } from './create-hub';
import { hubHealth } from './health';
import { caller, personFor, unauthorized } from './http-auth';
import { heartbeatBody, MAX_RECORDS, recordsBody } from './station-records';

const NO_TOKEN = 'Envíe el token de la estación en Authorization: Bearer …; este falta, no existe o fue revocado.';

export function registerStationRoutes(app: FastifyInstance, hub: Hub): void {
  // Who this token is: the station's settings screen checks a token with it before saving it.
  app.get('/hub/v1/station', async (req, reply) => {
    const station = await caller(hub, req);
    if (!station) return unauthorized(reply, NO_TOKEN);
    const { id, companyId, branchCode, posNumber, name } = station;
    return { id, companyId, branchCode, posNumber, name };
  });

  // Contingency events, invalidations, returns, deliveries, day closes: 200 {accepted} once stored; re-sending is harmless.
  app.post('/hub/v1/records', async (req, reply) => {
    const station = await caller(hub, req);
    if (!station) return unauthorized(reply, NO_TOKEN);
    const body = recordsBody.safeParse(req.body ?? null);
    if (!body.success)
      throw validationFailed(
        toFieldErrors(body.error.issues, req.body),
        `Corrija los campos indicados (hasta ${MAX_RECORDS} registros por envío).`,
      );
    return { accepted: await hub.ingestRecords(station, body.data.records) };
  });

  // The station's report: replaces its previous one.
  // A report is a few KB: a megabyte is room for thousands of overdue documents, and no more.
  app.put('/hub/v1/heartbeat', { bodyLimit: 1024 * 1024 }, async (req, reply) => {
    const station = await caller(hub, req);
    if (!station) return unauthorized(reply, NO_TOKEN);
    const body = heartbeatBody.safeParse(req.body ?? null);
    if (!body.success) throw validationFailed(toFieldErrors(body.error.issues, req.body));
    await hub.records.heartbeat(station, body.data as unknown as StationHeartbeat);
    return reply.code(204).send();
  });

  // An NC or ND about to be issued: the document it adjusts, from any branch, and the other branches' notes on it.
  app.get<{ Params: { id: string } }>('/hub/v1/related/:id', async (req, reply) => {
    const station = await caller(hub, req);
    if (!station) return unauthorized(reply, NO_TOKEN);
    return hub.related.lookup(req.params.id, station.id);
  });

  app.get('/hub/v1/health', async (req) => {
    await personFor(hub, req, 'read');
    const [stations, beats, refused, seals] = await Promise.all([
      hub.stationAdmin.stations(),
      hub.records.heartbeats(),
      hub.refusals.perStation(),
      hub.seals.health(),
    ]);
    return { ...hubHealth(stations, beats, hub.clock.now(), refused), seals };
  });
}
