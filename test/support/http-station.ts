// A real core and its HTTP server (Fastify's inject, no socket) for each test of a file: registers the hooks.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { Clock } from '../../main/core/clock';
import { buildHttpServer, ROUTE_TABLE } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_KEY, fixedClock, testCore } from './core';
import { openApiChecker, operationFor } from './openapi-checker';
import { openApiDocument } from '../../main/http/openapi/document';
import { SELLO_VERSION } from '../../main/core/station/station-service';

/** The station's OpenAPI document, as a client reads it (built once, when asked). */
let openApiDoc: Record<string, unknown> | null = null;
const OPENAPI_DOC = (): Record<string, unknown> =>
  (openApiDoc ??= JSON.parse(JSON.stringify(openApiDocument(ROUTE_TABLE, SELLO_VERSION))) as Record<string, unknown>);

/** A problem+json body as the tests read it. */
export interface Problem {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly errors: readonly { readonly path: string; readonly code: string; readonly message: string }[];
}

export const API_HEADERS = { 'x-api-key': DEMO_KEY, 'x-api-version': '1' };

export interface HttpStation {
  readonly core: ReturnType<typeof testCore>;
  readonly app: FastifyInstance;
  readonly post: (url: string, payload: unknown, extra?: Record<string, string>) => Promise<LightMyRequestResponse>;
  readonly get: (url: string, extra?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** A new station in place of this test's, on `clock`. */
  readonly restart: (clock: Clock) => Promise<void>;
}

export function httpStation(): HttpStation {
  let core: ReturnType<typeof testCore> | null = null;
  let app: FastifyInstance | null = null;
  const start = async (clock: Clock) => {
    core = testCore(clock);
    app = await buildHttpServer(core, { logger: silentLogger });
  };
  const stop = async () => {
    await app?.close();
    core?.cleanup();
  };
  beforeEach(() => start(fixedClock()));
  afterEach(stop);
  // SELLO_OPENAPI_CHECK=1: every answer is also checked against the OpenAPI document (test/support/openapi-checker.ts)
  // and what disagrees is printed after each test, without failing it (the honesty test is the gate).
  const checker = process.env.SELLO_OPENAPI_CHECK === '1' ? openApiChecker(OPENAPI_DOC()) : null;
  const checked = (method: string, url: string, res: LightMyRequestResponse): LightMyRequestResponse => {
    const key = checker && operationFor(OPENAPI_DOC(), method, url);
    if (checker && key) checker.check(key, { statusCode: res.statusCode, headers: res.headers, body: res.body });
    return res;
  };
  afterEach(() => {
    if (checker?.violations.length) console.warn(`openapi: ${JSON.stringify(checker.take())}`);
  });
  const live = <T>(v: T | null): T => {
    if (v === null) throw new Error('the station starts in beforeEach');
    return v;
  };
  return {
    get core() {
      return live(core);
    },
    get app() {
      return live(app);
    },
    post: async (url, payload, extra = {}) =>
      checked(
        'POST',
        url,
        await live(app).inject({ method: 'POST', url, headers: { ...API_HEADERS, ...extra }, payload: payload as object }),
      ),
    get: async (url, extra = {}) =>
      checked('GET', url, await live(app).inject({ method: 'GET', url, headers: { ...API_HEADERS, ...extra } })),
    async restart(clock) {
      await stop();
      await start(clock);
    },
  };
}
