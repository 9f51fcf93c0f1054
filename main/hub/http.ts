// The hub's HTTP API, stateless: every request carries its station's token and everything lives in PostgreSQL, so
// any number of these run behind one load balancer. Errors are problem+json as the station's (core/http/problem.ts);
// bad input is a 4xx naming the field, never a 5xx.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { toFieldErrors } from '../../shared/contract';
import { TITLES } from '../../shared/errors';
import { CoreError, toApiError, validationFailed } from '../core/errors';
import { sendProblem } from '../core/http/problem';
import type { Logger } from '../core/logger';
import type { Hub } from './create-hub';
import { ingestBody, MAX_BATCH } from './ingest-document';
import type { HubStation } from './stations';

/** A full batch of big documents (MH allows 2,000 items each): the signed JSON and its JWS, 500 times. */
export const HUB_BODY_LIMIT = 64 * 1024 * 1024;

export interface HubHttpOptions {
  readonly hub: Hub;
  readonly logger: Logger;
}

const unauthorized = (reply: FastifyReply, detail: string) =>
  sendProblem(reply.header('www-authenticate', 'Bearer realm="sello-hub"'), { code: 'UNAUTHORIZED', title: TITLES.UNAUTHORIZED, detail });

/** The station whose token is in `Authorization: Bearer …`, or null. */
async function caller(hub: Hub, req: FastifyRequest): Promise<HubStation | null> {
  const m = /^Bearer ([^\s]{1,200})$/i.exec(req.headers.authorization ?? '');
  return m?.[1] ? hub.tokens.authenticate(m[1]) : null;
}

export async function buildHubServer(options: HubHttpOptions): Promise<FastifyInstance> {
  const { hub, logger } = options;
  const app = Fastify({
    logger: false,
    bodyLimit: HUB_BODY_LIMIT,
    return503OnClosing: true,
    frameworkErrors: (error, _req, reply) => {
      void sendProblem(reply, {
        code: 'MALFORMED_REQUEST',
        title: TITLES.MALFORMED_REQUEST,
        detail: `La dirección no es válida: ${error.message}`,
      });
    },
  });
  // JSON only.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: { code?: string; statusCode?: number; message?: string }, _req, reply) => {
    if (error instanceof CoreError) return sendProblem(reply, error.toApiError());
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendProblem(reply, {
        code: 'PAYLOAD_TOO_LARGE',
        title: TITLES.PAYLOAD_TOO_LARGE,
        detail: `El cuerpo supera ${HUB_BODY_LIMIT} bytes.`,
      });
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Envíe el cuerpo con Content-Type: application/json.'
          : `El cuerpo no es JSON válido: ${error.message ?? ''}`.trim();
      return sendProblem(reply, { code: 'MALFORMED_REQUEST', title: TITLES.MALFORMED_REQUEST, detail });
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
  return app;
}
