// The local HTTP API: the contract of ../shared/spec plus docs/decisions/0002-contract-gaps.md, over the same core as IPC.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DTE_KINDS, isUuid, isoDate, toFieldErrors, type DteKind } from '../../../shared/contract';
import { DTE_STATUSES, type SelloEvent } from '../../../shared/records';
import { TITLES } from '../../../shared/errors';
import type { Core } from '../create-core';
import type { CoreHost } from '../core-host';
import { CoreError, toApiError, validationFailed } from '../errors';
import type { Logger } from '../logger';
import { allowedHostNames, authThrottle, hostAllowed, originAllowed } from './guards';
import { sendProblem } from './problem';
import { registerUi } from './ui';

export const SUPPORTED_API_VERSIONS = ['1'] as const;
/** Big enough for MH's 2,000 items with 1,000-character descriptions. */
export const BODY_LIMIT = 4 * 1024 * 1024;

export interface HttpOptions {
  readonly logger: Logger;
  /** Folder of the renderer build to serve at `/`; none in API-only tests. */
  readonly uiDir?: string;
  /** Token the served UI uses as its key; generated when absent. */
  readonly uiToken?: string;
  /** Host names accepted besides loopback (a LAN binding's name or address); see guards.ts. */
  readonly allowedHosts?: readonly string[];
  /** Milliseconds clock for the failed-auth throttle (tests move it). */
  readonly now?: () => number;
  readonly throttle?: { readonly maxFailures?: number; readonly windowMs?: number; readonly lockMs?: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: string;
  }
}

const listQuery = z.strictObject({
  type: z.enum(DTE_KINDS).optional(),
  status: z.enum(DTE_STATUSES).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  q: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(500).optional(),
});

const receiversQuery = z.strictObject({ type: z.enum(DTE_KINDS), q: z.string().trim().min(1).max(100).optional() });

const apiKeyBody = z.strictObject({ name: z.string().trim().min(1).max(100) });

const receiptQuery = z.strictObject({
  width: z.enum(['58', '80']).default('80').transform((w) => Number(w) as 58 | 80),
});

const fail = (reply: FastifyReply, e: unknown, logger: Logger) => {
  if (!(e instanceof CoreError)) logger.error('unexpected error', { error: e instanceof Error ? e.stack : String(e) });
  return sendProblem(reply, toApiError(e));
};

/** The `wait` preference in seconds (RFC 7240), capped at 30; null when not asked for. */
export function preferWait(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const m = /(?:^|[,;\s])wait\s*=\s*(\d+)/i.exec(value);
  return m ? Math.min(30, Number(m[1])) : null;
}

const idParam = (req: FastifyRequest): string => {
  const id = (req.params as { id: string }).id;
  if (!isUuid(id)) throw new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${id}: el id es un UUID.`);
  return id;
};

/** The station: one core (tests), or the host that can swap the demo for a real station (the app). */
export type CoreSource = Core | CoreHost;

export async function buildHttpServer(source: CoreSource, options: HttpOptions): Promise<FastifyInstance> {
  const host = 'current' in source ? source : null;
  // Asked for on every request: after the first-run wizard the same server serves the new station.
  const core = host ? () => host.current() : () => source as Core;
  const onEvent = host ? host.onEvent : (l: (e: SelloEvent) => void) => (source as Core).sync.onEvent(l);
  const uiToken = options.uiToken ?? randomBytes(32).toString('base64url');
  const uiTokenBytes = Buffer.from(uiToken);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL Fastify cannot even route (a stray %, a bad encoding) is the client's mistake: a problem body too.
    frameworkErrors: (error, _req, reply) =>
      sendProblem(reply, { code: 'MALFORMED_REQUEST', title: TITLES.MALFORMED_REQUEST, detail: `La dirección no es válida: ${error.message}` }),
  });
  app.decorateRequest('actor', '');
  // The contract is JSON only; any other content type is a malformed request.
  app.removeContentTypeParser('text/plain');

  // Body parsing problems are the client's: 400/413 with a problem body, never a 5xx.
  app.setErrorHandler((error: { code?: string; statusCode?: number; message?: string }, _req, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(reply, { code: 'PAYLOAD_TOO_LARGE', title: TITLES.PAYLOAD_TOO_LARGE, detail: `El cuerpo supera ${BODY_LIMIT} bytes.` });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Envíe el cuerpo con Content-Type: application/json.'
          : `El cuerpo no es JSON válido: ${error.message ?? ''}`.trim();
      return sendProblem(reply, { code: 'MALFORMED_REQUEST', title: TITLES.MALFORMED_REQUEST, detail });
    }
    return fail(reply, error, options.logger);
  });
  // Before anything else, UI included: only requests addressed to this server, from no page or its own.
  const hosts = allowedHostNames(options.allowedHosts);
  app.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(req.headers.host, hosts)) {
      return sendProblem(reply, { code: 'FORBIDDEN', title: TITLES.FORBIDDEN, detail: `El encabezado Host (${String(req.headers.host ?? '').slice(0, 100)}) no es un nombre de este servidor. Si Sello atiende en la red local, arránquelo con --allow-host NOMBRE.` });
    }
    if (!originAllowed(req.headers.origin, req.headers.host)) {
      return sendProblem(reply, { code: 'FORBIDDEN', title: TITLES.FORBIDDEN, detail: 'Solo la interfaz de Sello servida por este servidor puede llamarlo desde un navegador.' });
    }
  });
  const throttle = authThrottle({ now: options.now ?? Date.now, ...options.throttle });

  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, { code: 'NOT_FOUND', title: TITLES.NOT_FOUND, detail: `No existe la ruta ${req.method} ${req.url.split('?')[0] ?? ''}.` }),
  );

  const api = async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (req, reply) => {
      const version = req.headers['x-api-version'];
      // Public clients omit the header on GETs: absent means version 1.
      if (version !== undefined && !(SUPPORTED_API_VERSIONS as readonly string[]).includes(String(version))) {
        return sendProblem(reply, {
          code: 'UNSUPPORTED_API_VERSION',
          title: TITLES.UNSUPPORTED_API_VERSION,
          detail: `X-API-Version ${String(version)} no es soportada. Versiones soportadas: ${SUPPORTED_API_VERSIONS.join(', ')}.`,
        });
      }
      const key = req.headers['x-api-key'];
      if (typeof key === 'string' && key.length > 0 && key.length <= 512) {
        const given = Buffer.from(key);
        if (given.length === uiTokenBytes.length && timingSafeEqual(given, uiTokenBytes)) {
          req.actor = 'ui';
          return;
        }
        const wait = throttle.blockedFor(req.ip);
        if (wait > 0) {
          void reply.header('retry-after', String(wait));
          return sendProblem(reply, { code: 'TOO_MANY_REQUESTS', title: TITLES.TOO_MANY_REQUESTS, detail: `Demasiadas claves no válidas desde esta dirección. Espere ${wait} s y revise la clave configurada.` });
        }
        const id = core().apiKeys.verify(key);
        if (id) {
          req.actor = `api-key:${id}`;
          return;
        }
        throttle.failed(req.ip);
      }
      return sendProblem(reply, { code: 'UNAUTHORIZED', title: TITLES.UNAUTHORIZED, detail: 'Envíe una clave de API válida en el encabezado X-API-Key.' });
    });

    const requireBody = (req: FastifyRequest) => {
      if (req.body === undefined || req.body === null) {
        throw new CoreError('MALFORMED_REQUEST', 'Se esperaba un cuerpo JSON (Content-Type: application/json).');
      }
      return req.body;
    };

    for (const kind of DTE_KINDS) {
      scope.post(`/dte/${kind.toLowerCase()}`, async (req, reply) => {
        try {
          const { record, replayed } = core().dtes.create(kind as DteKind, requireBody(req), req.actor);
          const wait = preferWait(req.headers.prefer);
          let current = record;
          if (wait !== null) {
            // Prefer: wait=N (RFC 7240): give MH up to N seconds to answer before responding.
            if (current.status === 'CREATED' || current.status === 'PROCESSING') {
              await core().sync.waitForDocument(record.id, wait * 1000);
              current = core().dtes.get(record.id);
            }
            void reply.header('preference-applied', `wait=${wait}`);
          }
          return reply.code(replayed ? 200 : 201).header('location', `/dte/${record.id}`).send(current);
        } catch (e) {
          return fail(reply, e, options.logger);
        }
      });
    }

    scope.get('/sync/status', async (_req, reply) => reply.send(core().sync.status()));

    // Server-Sent Events for the browser-hosted UI: the same pushes the desktop shell sends over IPC.
    scope.get('/sync/events', (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
      const send = (e: unknown) => res.write(`data: ${JSON.stringify(e)}\n\n`);
      send({ type: 'sync', status: core().sync.status() });
      const off = onEvent(send);
      const keepAlive = setInterval(() => res.write(': sigue\n\n'), 20_000);
      keepAlive.unref();
      req.raw.on('close', () => {
        off();
        clearInterval(keepAlive);
      });
    });

    scope.post('/dte/invalidate', async (req, reply) => {
      try {
        const { record, pending } = await core().dtes.invalidate(requireBody(req), req.actor);
        // 201 once MH answered (APPROVED or REJECTED); 202 while the event waits for MH (docs/decisions/0002-contract-gaps.md).
        return reply.code(pending ? 202 : 201).send(record);
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.get('/dte', async (req, reply) => {
      const q = listQuery.safeParse(req.query);
      if (!q.success) {
        return sendProblem(reply, { code: 'VALIDATION_FAILED', title: TITLES.VALIDATION_FAILED, errors: toFieldErrors(q.error.issues, req.query) });
      }
      return reply.send(core().dtes.list(q.data));
    });

    // The counter's address book (not part of the DTE contract): recipients of past documents.
    scope.get('/receivers', async (req, reply) => {
      const q = receiversQuery.safeParse(req.query);
      if (!q.success) {
        return sendProblem(reply, { code: 'VALIDATION_FAILED', title: TITLES.VALIDATION_FAILED, errors: toFieldErrors(q.error.issues, req.query) });
      }
      return reply.send({ items: core().dtes.receivers(q.data.type, q.data.q) });
    });

    scope.get('/dte/:id', async (req, reply) => {
      try {
        return reply.send(core().dtes.get(idParam(req)));
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.get('/dte/:id/detail', async (req, reply) => {
      try {
        return reply.send(core().dtes.detail(idParam(req)));
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.get('/dte/:id/download/json', async (req, reply) => {
      try {
        const id = idParam(req);
        const doc = core().dtes.signedJson(id);
        return reply.header('content-disposition', `attachment; filename="${id.toUpperCase()}.json"`).type('application/json').send(doc);
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.get('/dte/:id/download/pdf', async (req, reply) => {
      try {
        const id = idParam(req);
        const pdf = await core().dtes.letterPdf(id);
        return reply.header('content-disposition', `attachment; filename="${id.toUpperCase()}.pdf"`).type('application/pdf').send(pdf);
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.get('/dte/:id/qr', async (req, reply) => {
      try {
        return reply.send({ qrCodeUri: await core().dtes.qr(idParam(req)) });
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.get('/dte/:id/receipt', async (req, reply) => {
      try {
        const id = idParam(req);
        const width = receiptQuery.safeParse(req.query);
        if (!width.success) throw validationFailed(toFieldErrors(width.error.issues, req.query));
        const pdf = await core().dtes.receipt(id, width.data.width, req.actor);
        return reply.header('content-disposition', `inline; filename="${id.toUpperCase()}-${width.data.width}mm.pdf"`).type('application/pdf').send(pdf);
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.post('/sync/retry', async (_req, reply) => {
      core().sync.wake();
      return reply.code(202).send(core().sync.status());
    });

    // API keys for POS integrations: the plain key is shown once, when created.
    scope.get('/api-keys', async (_req, reply) => reply.send(core().apiKeys.list()));
    scope.post('/api-keys', async (req, reply) => {
      try {
        const body = apiKeyBody.safeParse(req.body ?? {});
        if (!body.success) throw validationFailed(toFieldErrors(body.error.issues, req.body));
        return reply.code(201).send(core().apiKeys.create(body.data.name, new Date().toISOString(), req.actor));
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });
    scope.delete('/api-keys/:keyId', async (req, reply) => {
      const keyId = (req.params as { keyId: string }).keyId;
      if (!core().apiKeys.revoke(keyId, new Date().toISOString(), req.actor)) {
        return sendProblem(reply, { code: 'NOT_FOUND', title: TITLES.NOT_FOUND, detail: 'No hay una clave activa con ese id.' });
      }
      return reply.code(204).send();
    });

    scope.get('/settings/printing', async (_req, reply) => reply.send(core().printing.get()));
    scope.get('/settings/station', async (_req, reply) => reply.send(core().stationInfo()));
    // The station's identity and secrets change from the app only, never with a POS's API key.
    const appOnly = (req: FastifyRequest) => {
      if (req.actor !== 'ui') throw new CoreError('FORBIDDEN', 'Solo la aplicación de Sello cambia la estación; una clave de API de un punto de venta no puede.');
    };
    scope.post('/settings/station/setup', async (req, reply) => {
      try {
        appOnly(req);
        if (!host) throw new CoreError('STATION_CONFLICT', 'Este servidor no configura estaciones; use `sello serve --config`.');
        return reply.code(201).send(await host.setUp(requireBody(req), req.actor));
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });
    // The station's copies and its audit chain: for the app, not for a POS.
    scope.get('/backups', async (req, reply) => {
      try {
        appOnly(req);
        return reply.send(core().backups.status());
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });
    scope.post('/backups', async (req, reply) => {
      try {
        appOnly(req);
        const b = await core().backups.create('manual');
        return reply.code(201).send({ file: b.file, reason: b.reason, bytes: b.bytes, takenAt: b.takenAt });
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });
    scope.get('/audit/verify', async (req, reply) => {
      try {
        appOnly(req);
        return reply.send(await core().verifyAudit());
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });
    scope.put('/settings/station', async (req, reply) => {
      try {
        appOnly(req);
        return reply.send(await core().updateStation(requireBody(req), req.actor));
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });
    scope.put('/settings/printing', async (req, reply) => {
      try {
        return reply.send(core().printing.set(requireBody(req), req.actor));
      } catch (e) {
        return fail(reply, e, options.logger);
      }
    });

    scope.get('/health', async (_req, reply) => reply.send(host ? host.health() : core().health()));
  };

  await app.register(api);
  if (options.uiDir) await registerUi(app, options.uiDir, uiToken);
  return app;
}
