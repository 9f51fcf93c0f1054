// A real core and its HTTP server (Fastify's inject, no socket) for each test of a file: registers the hooks.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { Clock } from '../../main/core/clock';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_KEY, fixedClock, testCore } from './core';

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
    post: (url, payload, extra = {}) =>
      live(app).inject({ method: 'POST', url, headers: { ...API_HEADERS, ...extra }, payload: payload as object }),
    get: (url, extra = {}) => live(app).inject({ method: 'GET', url, headers: { ...API_HEADERS, ...extra } }),
    async restart(clock) {
      await stop();
      await start(clock);
    },
  };
}
