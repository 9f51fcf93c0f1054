// The hub's HTTP API, stateless: every request carries its station's token and everything lives in PostgreSQL, so
// any number of these run behind one load balancer. Errors are problem+json as the station's (http/problem.ts);
// bad input is a 4xx naming the field, never a 5xx.
import Fastify, { type FastifyInstance } from 'fastify';
import { toFieldErrors } from '../../shared/contract';
import { TITLES } from '../../shared/errors';
import { CoreError, toApiError, validationFailed } from '../core/errors';
import { bodyProblem, sendProblem, urlProblem } from '../http/problem';
import { loggerFor, REQUEST_ID_HEADER, requestIdOf } from '../http/request-id';
import { asDatabaseUnavailable } from './database-errors';
import { caller, HUB_SESSION_COOKIE, parsed, personFor, sessionCookie, sessionToken, unauthorized } from './http-auth';
import type { Logger } from '../core/logger';
import type { Hub } from './create-hub';
import { listQuery } from './documents-list';
import { registerHubBooks } from './http-books';
import { ingestBody, MAX_BATCH } from './ingest-document';
import { registerHubPdf } from './http-pdf';
import { registerHubUi } from './http-static';
import { collectHubRoutes, hubOpenApiDocument } from './openapi';
import { registerApiDocs } from '../http/openapi/docs-page';
import { hubLoginInput, hubPersonInput, hubPersonUpdate } from './people';
import { registerStationRoutes } from './http-stations';
import { registerNumberingRoutes } from './http-numbering';
import { registerCompanyRoutes } from './http-company';
import { newStation } from './stations';
import { newToken } from './tokens';

export { HUB_SESSION_COOKIE, parsed, personFor };

/** A full batch of big documents (MH allows 2,000 items each): the signed JSON and its JWS, 500 times. */
export const HUB_BODY_LIMIT = 64 * 1024 * 1024;

export interface HubHttpOptions {
  readonly hub: Hub;
  readonly logger: Logger;
  /**
   * The load balancers' addresses or CIDRs (`sello hub --trust-proxy`): only a request whose direct peer is one of
   * them is counted under the client its X-Forwarded-For names; anyone else's header is ignored.
   */
  readonly trustProxy?: readonly string[];
}

export async function buildHubServer(options: HubHttpOptions): Promise<FastifyInstance> {
  const { hub } = options;
  const app = Fastify({
    logger: false,
    // As the station's: the caller's X-Request-Id when sane, else a new one, on every answer (main/http/request-id.ts).
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req),
    ...(options.trustProxy?.length ? { trustProxy: [...options.trustProxy] } : {}),
    bodyLimit: HUB_BODY_LIMIT,
    return503OnClosing: true,
    frameworkErrors: (_error, req, reply) => {
      void sendProblem(reply, urlProblem(req.url));
    },
  });
  const routes = collectHubRoutes(app);
  // Every answer, errors and files included, is read as the type it says (docs/decisions/0067-email-rights-and-small-guards.md).
  app.addHook('onSend', async (req, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header(REQUEST_ID_HEADER, req.id);
  });
  // JSON only.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: { code?: string; statusCode?: number; message?: string }, req, reply) => {
    const logger = loggerFor(options.logger, req.id);
    if (error instanceof CoreError) return sendProblem(reply, error.toApiError());
    const body = bodyProblem(error, HUB_BODY_LIMIT);
    if (body) return sendProblem(reply, body);
    // PostgreSQL restarting, failing over or full: a 503 the caller retries after Retry-After, never a 500.
    const down = asDatabaseUnavailable(error);
    if (down) {
      logger.warn('hub: database unavailable', { cause: down.why, error: String(error.message) });
      return sendProblem(reply, down.toApiError());
    }
    logger.error('hub: unexpected error', { error: error instanceof Error ? error.stack : String(error.message) });
    return sendProblem(reply, toApiError(error));
  });
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, {
      code: 'NOT_FOUND',
      title: TITLES.NOT_FOUND,
      detail: `No existe la ruta ${req.method} ${req.url.split('?')[0] ?? ''}.`,
    }),
  );

  // For a load balancer or a monitor, without a session: 200 while PostgreSQL answers, else the 503 saying why.
  app.get('/hub/v1/ready', async (_req, reply) => {
    await hub.ping();
    return reply.header('cache-control', 'no-store').send({ database: 'ok' });
  });

  // A station's batch: 200 {accepted} once every document is stored (re-sending it is harmless).
  app.post('/hub/v1/documents', async (req, reply) => {
    const station = await caller(hub, req);
    if (!station)
      return unauthorized(reply, 'Envíe el token de la estación en Authorization: Bearer …; este falta, no existe o fue revocado.');
    const body = ingestBody.safeParse(req.body ?? null);
    if (!body.success) {
      throw validationFailed(
        toFieldErrors(body.error.issues, req.body),
        `Corrija los campos indicados (hasta ${MAX_BATCH} documentos por envío).`,
      );
    }
    const r = await hub.ingestDocuments(station, body.data.documents);
    return { accepted: r.accepted };
  });
  registerStationRoutes(app, hub);
  registerNumberingRoutes(app, hub);
  registerCompanyRoutes(app, hub);

  // People: a session is the only time its token leaves the hub (the cookie, and the body for scripts).
  app.post('/hub/v1/session', async (req, reply) => {
    const input = parsed(hubLoginInput, req.body);
    // Counted in PostgreSQL per login at its address and per address, with growing waits that no other address can
    // cause (login-throttle.ts, decision 0065); req.ip is the forwarded client only behind a trusted balancer.
    const s = await hub.loginThrottle.attempt(input.login, req.ip, () => hub.people.login(input.login, input.password));
    if (!s) throw new CoreError('UNAUTHORIZED', 'Usuario o contraseña incorrectos, o la persona está inactiva.');
    return reply
      .code(201)
      .header('set-cookie', sessionCookie(s.token, undefined, req.protocol === 'https'))
      .header('cache-control', 'no-store')
      .send({ person: s.person, token: s.token });
  });
  app.get('/hub/v1/session', async (req) => ({ person: await personFor(hub, req, 'read') }));
  app.delete('/hub/v1/session', async (req, reply) => {
    const token = sessionToken(req);
    if (token) await hub.people.logout(token);
    return reply
      .code(204)
      .header('set-cookie', sessionCookie('', 0, req.protocol === 'https'))
      .send();
  });
  app.get('/hub/v1/people', async (req) => {
    await personFor(hub, req, 'admin');
    return { people: await hub.people.list() };
  });
  app.post('/hub/v1/people', async (req, reply) => {
    await personFor(hub, req, 'admin');
    const person = await hub.people.create(parsed(hubPersonInput, req.body));
    return reply.code(201).send(person);
  });
  app.patch<{ Params: { login: string } }>('/hub/v1/people/:login', async (req) => {
    await personFor(hub, req, 'admin');
    return hub.people.update(req.params.login.toLowerCase(), parsed(hubPersonUpdate, req.body));
  });

  // Stations and their tokens: the plain token is in the 201 of its creation and nowhere else, ever.
  app.get('/hub/v1/stations', async (req) => {
    await personFor(hub, req, 'read');
    return { stations: await hub.stationAdmin.stations() };
  });
  app.post('/hub/v1/stations', async (req, reply) => {
    await personFor(hub, req, 'admin');
    return reply.code(201).send(await hub.stations.register(parsed(newStation, req.body)));
  });
  app.get<{ Params: { id: string } }>('/hub/v1/stations/:id/tokens', async (req) => {
    await personFor(hub, req, 'admin');
    if (!(await hub.stations.get(req.params.id))) throw new CoreError('NOT_FOUND', `No existe la estación ${req.params.id}.`);
    return { tokens: await hub.stationAdmin.tokens(req.params.id) };
  });
  app.post<{ Params: { id: string } }>('/hub/v1/stations/:id/tokens', async (req, reply) => {
    await personFor(hub, req, 'admin');
    // The points of sale it may write (M001P001…); the station's own when the body names none.
    const body = parsed(newToken, req.body ?? {});
    const t = await hub.tokens.create(req.params.id, body.points);
    return reply.code(201).header('cache-control', 'no-store').send(t);
  });
  app.delete<{ Params: { id: string; tokenId: string } }>('/hub/v1/stations/:id/tokens/:tokenId', async (req, reply) => {
    await personFor(hub, req, 'admin');
    if (!(await hub.stationAdmin.revoke(req.params.id, req.params.tokenId)))
      throw new CoreError('NOT_FOUND', `La estación ${req.params.id} no tiene un token ${req.params.tokenId} en vigor.`);
    return reply.code(204).send();
  });

  // Every branch's documents, newest first; a bad filter is a 422 naming it.
  app.get('/hub/v1/documents', async (req) => {
    await personFor(hub, req, 'read');
    return hub.documents.list(parsed(listQuery, req.query));
  });
  app.get<{ Params: { id: string } }>('/hub/v1/documents/:id', async (req) => {
    await personFor(hub, req, 'read');
    return hub.documents.get(req.params.id);
  });
  registerHubBooks(app, hub, (req) => personFor(hub, req, 'read'));
  registerHubPdf(app, hub);
  await registerHubUi(app);
  // Built now, so a route left out of the document stops the hub (and every test of it) rather than going unsaid.
  const document = hubOpenApiDocument(routes);
  registerApiDocs(app, () => document, { prefix: '/hub', title: 'Sello: referencia de la API de la central' });
  return app;
}
