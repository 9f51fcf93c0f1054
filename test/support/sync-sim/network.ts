// The network between the station and the simulated MH: every request the station's MH client makes is held
// until the simulation delivers it, and MH's weather decides what the station gets back. Nothing here opens a
// socket: MH is the real simulator (its Fastify app), reached through inject().
import type { MhSimulator } from '../../../main/mh-sim/server';
import type { Prng } from './prng';
import type { VirtualTime } from './virtual-time';

/** MH's weather. Only `up`, `reject`, `lote-slow` answer normally; the rest are MH away, one way or another. */
export const WEATHERS = ['up', 'down', 'reset', 'offline', 'slow', 'drop', 'reject', 'refuse-login', 'lote-slow', 'flaky'] as const;
export type Weather = (typeof WEATHERS)[number];
export const MH_AWAY: ReadonlySet<Weather> = new Set(['down', 'reset', 'offline', 'slow', 'drop', 'refuse-login', 'flaky']);

interface Held {
  readonly seq: number;
  readonly generation: number;
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly resolve: (r: Response) => void;
  readonly reject: (e: unknown) => void;
}

/** What fetch would have returned for an answer from inject(). */
export function toResponse(res: { statusCode: number; payload: string; headers: Record<string, unknown> }): Response {
  const type = res.headers['content-type'];
  // MH's time travels in `Date`, as over a real socket: the station reads its clock by it (clock-skew.ts).
  const date = res.headers.date;
  return new Response(res.statusCode === 204 ? null : res.payload, {
    status: res.statusCode,
    headers: { 'content-type': typeof type === 'string' ? type : 'application/json', ...(typeof date === 'string' ? { date } : {}) },
  });
}

export const failure = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });

export interface Network {
  readonly fetch: typeof fetch;
  weather: Weather;
  /** The process whose requests are being made now; a crash moves to the next. */
  generation: number;
  held(): number;
  /** How many requests were made and answered so far (for quiescence). */
  events(): number;
  /** Delivers one held request (`index` among those held) under the current weather. */
  deliver(index: number): Promise<string>;
  /** The process died: each request it left in flight reached MH or not; none is ever answered. */
  crash(rng: Prng): Promise<void>;
}

export function network(sim: MhSimulator, vt: VirtualTime, timeoutMs: number, rng: Prng): Network {
  let held: Held[] = [];
  let seq = 0;
  let events = 0;

  async function atMh(h: Held) {
    const res = await sim.app.inject({
      method: h.method as 'GET' | 'POST',
      url: h.path,
      headers: h.headers,
      ...(h.body === undefined ? {} : { payload: h.body }),
    });
    return res;
  }

  const net: Network = {
    weather: 'up',
    generation: 0,
    fetch: (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      events += 1;
      return new Promise<Response>((resolve, reject) => {
        held.push({
          seq: ++seq,
          generation: net.generation,
          path: url.pathname + url.search,
          method: init?.method ?? 'GET',
          headers: { ...(init?.headers as Record<string, string> | undefined) },
          body: typeof init?.body === 'string' ? init.body : undefined,
          resolve,
          reject,
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
      const w: Exclude<Weather, 'flaky'> =
        net.weather === 'flaky' ? rng.pick(['up', 'down', 'drop', 'slow', 'reset'] as const) : net.weather;
      const tag = `${h.method} ${h.path.replace(/\/[0-9A-F-]{36}$/, '/…')} ${w}`;
      switch (w) {
        case 'down':
          h.resolve(
            new Response('<html><body>Servicio no disponible</body></html>', { status: 503, headers: { 'content-type': 'text/html' } }),
          );
          return tag;
        case 'reset':
          h.reject(failure('ECONNREFUSED'));
          return tag;
        case 'offline':
          h.reject(failure('ENOTFOUND'));
          return tag;
        case 'slow':
          // MH processed it, but the answer comes after the client gave up.
          await atMh(h);
          vt.advance(timeoutMs);
          h.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
          return tag;
        case 'drop':
          await atMh(h);
          h.reject(failure('ECONNRESET'));
          return tag;
        case 'up':
        case 'reject':
        case 'refuse-login':
        case 'lote-slow': {
          const res = await atMh(h);
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
      for (const h of inFlight) if (r.chance(0.5)) await atMh(h);
      net.generation += 1;
      events += 1;
    },
  };
  return net;
}
