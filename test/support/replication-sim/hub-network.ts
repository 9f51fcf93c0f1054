// The network between a station and its hub in the replication simulation: every request the replicator makes
// is held until the simulation delivers it, and the hub's weather decides what the station gets back. The hub
// is the real one (its Fastify app over a real PostgreSQL), reached through inject(): no socket is opened.
import type { FastifyInstance } from 'fastify';
import { failure, toResponse } from '../sync-sim/network';
import type { Prng } from '../sync-sim/prng';

/** up: answered. down: refused before the hub. drop: the hub stores it, the answer is lost. refuse: a 401 (the
 * token revoked for a while). flaky: one of those at random per request. A slow hub is a request never
 * delivered: the replicator's own timeout (on virtual time) gives up on it. */
export const HUB_WEATHERS = ['up', 'down', 'drop', 'refuse', 'flaky'] as const;
export type HubWeather = (typeof HUB_WEATHERS)[number];

interface Held {
  readonly generation: number;
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly resolve: (r: Response) => void;
  readonly reject: (e: unknown) => void;
}

export interface HubNetwork {
  readonly fetch: typeof fetch;
  weather: HubWeather;
  generation: number;
  held(): number;
  events(): number;
  deliver(index: number): Promise<string>;
  /** The station died: each request it left in flight reached the hub or not; none is answered. */
  crash(rng: Prng): Promise<void>;
}

export function hubNetwork(app: FastifyInstance, rng: Prng): HubNetwork {
  let held: Held[] = [];
  let events = 0;
  const atHub = (h: Held) =>
    app.inject({
      method: h.method as 'GET' | 'POST' | 'PUT',
      url: h.path,
      headers: h.headers,
      ...(h.body === undefined ? {} : { payload: h.body }),
    });

  const net: HubNetwork = {
    weather: 'up',
    generation: 0,
    fetch: (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      events += 1;
      return new Promise<Response>((resolve, reject) => {
        const h: Held = {
          generation: net.generation,
          path: url.pathname + url.search,
          method: init?.method ?? 'GET',
          headers: { ...(init?.headers as Record<string, string> | undefined) },
          body: typeof init?.body === 'string' ? init.body : undefined,
          resolve,
          reject,
        };
        held.push(h);
        // The replicator gave up (its timeout, or it stopped): the request is gone, never delivered.
        init?.signal?.addEventListener('abort', () => {
          if (!held.includes(h)) return;
          held = held.filter((x) => x !== h);
          events += 1;
          reject(new DOMException('The operation was aborted', 'AbortError'));
        });
      });
    },
    held: () => held.length,
    events: () => events,
    async deliver(index) {
      const h = held[index];
      if (!h) throw new Error('nothing held');
      held = held.filter((x) => x !== h);
      events += 1;
      const w: Exclude<HubWeather, 'flaky'> = net.weather === 'flaky' ? rng.pick(['up', 'down', 'drop', 'refuse'] as const) : net.weather;
      const tag = `${h.method} ${h.path.replace(/\/[0-9a-fA-F-]{36}$/, '/…')} ${w}`;
      switch (w) {
        case 'down':
          h.reject(failure('ECONNREFUSED'));
          return tag;
        case 'drop':
          await atHub(h);
          h.reject(failure('ECONNRESET'));
          return tag;
        case 'refuse':
          h.resolve(
            new Response(JSON.stringify({ code: 'UNAUTHORIZED', title: 'No autorizado', detail: 'Token revocado' }), {
              status: 401,
              headers: { 'content-type': 'application/problem+json' },
            }),
          );
          return tag;
        case 'up': {
          const res = await atHub(h);
          h.resolve(toResponse(res));
          return `${tag} ${res.statusCode}`;
        }
        default: {
          const never: never = w;
          return never;
        }
      }
    },
    async crash(r) {
      const inFlight = held.filter((h) => h.generation === net.generation);
      held = held.filter((h) => h.generation !== net.generation);
      for (const h of inFlight) if (r.chance(0.5)) await atHub(h);
      net.generation += 1;
      events += 1;
    },
  };
  return net;
}
