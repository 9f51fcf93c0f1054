// The MH transmission API (docs/mh.md): one cached token (never a login per document), the 8 s timeout,
// a User-Agent on every call, and every answer classified by classify.ts.
import type { Clock } from '../clock';
import { httpDateMs, mhProcessedMs, type ServerTime } from '../clock-skew';
import type { Logger } from '../logger';
import { classify, type Exchange, type Outcome, type Purpose } from './classify';
import { MH_RETURN_PATH } from './retorno-endpoint';
import { MH_SPECIAL_OPERATIONS_PATH } from './operaciones-especiales-endpoint';

export const MH_TIMEOUT_MS = 8000;
export const USER_AGENT = 'Sello/0.1 (+https://sello.example)';

export interface MhClientOptions {
  readonly baseUrl: string;
  /** The issuer's NIT, MH's `user`. */
  readonly user: string;
  readonly password: () => string;
  readonly ambiente: '00' | '01';
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly timeoutMs?: number;
  /** Renew the token before this age; the shortest published lifetime is 12 h (test) and 24 h (production). */
  readonly tokenRenewMs?: number;
  /** MH's time in each answer (fhProcesamiento, else the Date header), for the clock check (clock-skew.ts). */
  readonly onServerTime?: (t: ServerTime) => void;
}

/** MH refused the credentials: a configuration problem, not an outage. */
export class MhLoginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MhLoginError';
  }
}

class MhUnavailable extends Error {}

export interface MhCall {
  readonly exchange: Exchange;
  readonly outcome: Outcome;
  /** MH's body as MH sent it, for `mhResponse`; null when there was none. */
  readonly body: Record<string, unknown> | null;
}

export interface MhClient {
  sendDte(p: { tipoDte: string; version: number; codigoGeneracion: string; jws: string; idEnvio: number }): Promise<MhCall>;
  queryDte(p: { tipoDte: string; codigoGeneracion: string }): Promise<MhCall>;
  sendLote(p: { idEnvio: string; jwsList: readonly string[] }): Promise<MhCall & { codigoLote: string | null }>;
  queryLote(codigoLote: string): Promise<{ exchange: Exchange; body: Record<string, unknown> | null }>;
  sendContingency(jws: string): Promise<MhCall>;
  sendInvalidation(p: { jws: string; idEnvio: number; version: number }): Promise<MhCall>;
  /** An Evento de Retorno, to the path MH has not published yet (retorno-endpoint.ts). */
  sendReturn(p: { jws: string; idEnvio: number; version: number }): Promise<MhCall>;
  /** An Evento de Operaciones Especiales, to the path MH has not published yet (operaciones-especiales-endpoint.ts). */
  sendSpecialOperations(p: { jws: string; idEnvio: number; version: number }): Promise<MhCall>;
  /** Whether MH answers at all (any HTTP answer below 500 counts, to a GET of its base URL), for contingency probes. */
  reachable(): Promise<boolean>;
  /** A fresh login, for the station wizard: MH accepted the credentials, refused them, or did not answer. */
  verifyLogin(): Promise<{ readonly result: 'ok' | 'rejected' | 'unreachable'; readonly message: string | null }>;
}

const NETWORK_UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);

function transportFailure(e: unknown): Exchange {
  const err = e as { name?: string; message?: string; cause?: { code?: string; name?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || err.cause?.name === 'TimeoutError') return { kind: 'timeout' };
  const code = err.cause?.code ?? '';
  if (NETWORK_UNREACHABLE.has(code)) return { kind: 'unreachable', message: code };
  return { kind: 'broken', message: code || err.message || 'error de red' };
}

export function mhClient(o: MhClientOptions): MhClient {
  const timeoutMs = o.timeoutMs ?? MH_TIMEOUT_MS;
  const renewMs = o.tokenRenewMs ?? (o.ambiente === '00' ? 11 * 3600_000 : 23 * 3600_000);
  const base = o.baseUrl.replace(/\/+$/, '');
  let token: { value: string; at: number } | null = null;
  let login: Promise<string> | null = null;

  async function exchange(path: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Exchange> {
    const sentAt = o.clock.now().getTime();
    try {
      const res = await o.fetch(`${base}${path}`, {
        ...init,
        headers: { 'User-Agent': USER_AGENT, ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (an HTML error page): classify() treats it as unrecognised.
      }
      if (o.onServerTime) {
        const receivedAt = o.clock.now().getTime();
        const b = body && typeof body === 'object' ? (body as { fhProcesamiento?: unknown; fechaHora?: unknown }) : {};
        // MH's processing time is what it judges fecEmi by; the Date header stands in when the body has none.
        const serverAt = mhProcessedMs(b.fhProcesamiento) ?? mhProcessedMs(b.fechaHora) ?? httpDateMs(res.headers.get('date'));
        if (serverAt !== null) o.onServerTime({ source: 'mh', sentAt, receivedAt, serverAt, resolutionMs: 1000 });
      }
      return { kind: 'response', status: res.status, body };
    } catch (e) {
      return transportFailure(e);
    }
  }

  /** One login at a time; a burst of queued documents shares it (docs/mh.md, Transmission). */
  async function currentToken(force = false): Promise<string> {
    if (!force && token && o.clock.now().getTime() - token.at < renewMs) return token.value;
    login ??= (async () => {
      try {
        const x = await exchange('/seguridad/auth', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ user: o.user, pwd: o.password() }).toString(),
        });
        if (x.kind !== 'response') throw new MhUnavailable(`autenticación: ${x.kind === 'timeout' ? 'sin respuesta a tiempo' : x.message}`);
        const b = (x.body && typeof x.body === 'object' ? x.body : {}) as { status?: string; body?: { token?: string }; message?: string };
        // Bad credentials arrive as HTTP 200 with status ERROR; anything else (503, an HTML page) is an outage.
        if (b.status === 'ERROR') throw new MhLoginError(`MH rechazó las credenciales: ${b.message ?? 'sin detalle'}`);
        if (b.status !== 'OK' || typeof b.body?.token !== 'string') throw new MhUnavailable(`autenticación: HTTP ${x.status}`);
        token = { value: b.body.token, at: o.clock.now().getTime() };
        o.logger.info('mh token renewed');
        return token.value;
      } finally {
        login = null;
      }
    })();
    return login;
  }

  async function authorized(path: string, method: 'POST' | 'GET', payload?: unknown): Promise<Exchange> {
    const call = async (force: boolean) => {
      let value: string;
      try {
        value = await currentToken(force);
      } catch (e) {
        // Without a token nothing was sent: the document can go again later.
        if (e instanceof MhUnavailable) return { kind: 'unreachable', message: e.message } as Exchange;
        throw e;
      }
      return exchange(path, {
        method,
        // The token already starts with "Bearer "; never add a second one.
        headers: { Authorization: value, ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
    };
    const first = await call(false);
    if (classify(first).outcome !== 'auth') return first;
    token = null;
    return call(true);
  }

  const asCall = (x: Exchange, purpose: Purpose = 'send'): MhCall => ({
    exchange: x,
    outcome: classify(x, purpose),
    body: x.kind === 'response' && x.body && typeof x.body === 'object' ? (x.body as Record<string, unknown>) : null,
  });

  return {
    async sendDte(p) {
      return asCall(
        await authorized('/fesv/recepciondte', 'POST', {
          ambiente: o.ambiente,
          idEnvio: p.idEnvio,
          version: p.version,
          tipoDte: p.tipoDte,
          documento: p.jws,
          codigoGeneracion: p.codigoGeneracion,
        }),
      );
    },
    async queryDte(p) {
      return asCall(
        await authorized('/fesv/recepcion/consultadte/', 'POST', {
          nitEmisor: o.user,
          tdte: p.tipoDte,
          codigoGeneracion: p.codigoGeneracion,
        }),
        'query',
      );
    },
    async sendLote(p) {
      const x = await authorized('/fesv/recepcionlote/', 'POST', {
        ambiente: o.ambiente,
        idEnvio: p.idEnvio,
        version: 2,
        nitEmisor: o.user,
        documentos: p.jwsList,
      });
      const call = asCall(x);
      const codigoLote = typeof call.body?.codigoLote === 'string' ? call.body.codigoLote : null;
      return { ...call, codigoLote };
    },
    async queryLote(codigoLote) {
      const x = await authorized(`/fesv/recepcion/consultadtelote/${encodeURIComponent(codigoLote)}`, 'GET');
      return {
        exchange: x,
        body: x.kind === 'response' && x.body && typeof x.body === 'object' ? (x.body as Record<string, unknown>) : null,
      };
    },
    async sendContingency(jws) {
      return asCall(await authorized('/fesv/contingencia', 'POST', { nit: o.user, documento: jws }));
    },
    async sendInvalidation(p) {
      return asCall(
        await authorized('/fesv/anulardte', 'POST', { ambiente: o.ambiente, idEnvio: p.idEnvio, version: p.version, documento: p.jws }),
      );
    },
    async sendReturn(p) {
      return asCall(
        await authorized(MH_RETURN_PATH, 'POST', { ambiente: o.ambiente, idEnvio: p.idEnvio, version: p.version, documento: p.jws }),
      );
    },
    async sendSpecialOperations(p) {
      return asCall(
        await authorized(MH_SPECIAL_OPERATIONS_PATH, 'POST', {
          ambiente: o.ambiente,
          idEnvio: p.idEnvio,
          version: p.version,
          documento: p.jws,
        }),
      );
    },
    async verifyLogin() {
      try {
        await currentToken(true);
        return { result: 'ok', message: null };
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        return { result: e instanceof MhLoginError ? 'rejected' : 'unreachable', message };
      }
    },
    async reachable() {
      // A GET of the base URL, never an empty login: MH logs that as a failed authentication (issue 54, item 4).
      const x = await exchange('/', { method: 'GET', headers: {} });
      return x.kind === 'response' && x.status < 500;
    },
  };
}
