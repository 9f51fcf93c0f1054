// The head office hub from Ajustes (issue 18): ADMIN sets `{url, token}`, or `{url}` keeping the stored token (only
// for the same address: docs/decisions/0033-secrets-go-where-typed.md), or
// null/{} to stop replicating. Before anything is saved the station asks the hub who the token is (`GET
// /hub/v1/station`): a token the hub does not know, or a hub that does not answer, is a 422 naming the field and
// saying what to do, and changes nothing. The token is sealed with the station's secret box (station-repo.ts), never
// logged, never returned, never in the audit log. The URL rule (docs/decisions/0016-head-office-hub.md,
// "Replication"): https anywhere; plain http only to this machine or a private address, where the token crosses a
// network the company owns.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { bilingual, described, type FieldError } from '../../../shared/contract';
import type { HubSettingView, HubStationIdentity } from '../../../shared/hub-setting';
import type { HubReplicationStatus } from '../../../shared/records';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { validationFailed } from '../errors';
import type { Logger } from '../logger';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import type { HubTarget, StationRepo } from './station-repo';

/** Who the hub said the stored token is, with the url and a fingerprint of the token it was asked with. */
const IDENTITY_KEY = 'station.hub.identity';
export const HUB_CHECK_TIMEOUT_MS = 8_000;

export interface HubSetting {
  readonly get: () => HubSettingView;
  readonly set: (input: unknown, actor: string) => Promise<HubSettingView>;
}

/** PUT /settings/hub: where the hub is and the token it gave this station. */
export const hubSettingBody = z.strictObject({
  url: described(
    z.string().trim().min(1, 'Escriba la dirección de la central, p. ej. https://central.empresa.com.').max(300),
    bilingual(
      'Dirección de la central, p. ej. https://central.empresa.com.',
      "The head office's address, e.g. https://central.empresa.com.",
    ),
  ),
  token: described(
    z.string().trim().min(1, 'Escriba el token que la central le dio a esta estación.').max(200).optional(),
    bilingual(
      'El token que la central dio a esta estación; si falta, se conserva el guardado.',
      'The token the head office gave this station; when absent, the stored one is kept.',
    ),
  ),
});

const identity = z.object({
  id: z.string().max(200),
  companyId: z.string().max(200),
  branchCode: z.string().max(200),
  posNumber: z.string().max(200),
  name: z.string().max(500),
});

const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 16);

/** IPv4 or IPv6 literals of this machine or a private network (RFC 1918, RFC 4193, link-local). */
export function privateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) {
    const [a, b] = h.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(h) === 6) {
    if (h === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    if (mapped) return privateAddress(mapped[1]!);
    return /^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h);
  }
  return false;
}

/** The hub's origin, or the field error saying what is wrong with the address. */
export function hubOrigin(raw: string): { ok: true; url: string } | { ok: false; error: FieldError } {
  const bad = (message: string) => ({ ok: false as const, error: { path: 'url', code: 'NOT_ALLOWED' as const, message } });
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return bad('La dirección de la central no es válida: escríbala completa, p. ej. https://central.empresa.com.');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    return bad('La dirección de la central empieza con https:// (o http:// en la red local).');
  if (u.username || u.password) return bad('Quite el usuario y la clave de la dirección: la estación se identifica con el token.');
  if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash)
    return bad(`Escriba solo la dirección de la central, sin ruta ni parámetros: ${u.origin}.`);
  if (u.protocol === 'http:' && !privateAddress(u.hostname))
    return bad(
      'Use https:// para una central fuera de esta red: con http:// el token viajaría sin cifrar. http:// solo se acepta hacia esta computadora o una dirección IP privada (10.x, 172.16–31.x, 192.168.x).',
    );
  return { ok: true, url: u.origin };
}

export function hubSetting(d: {
  store: Store;
  clock: Clock;
  logger: Logger;
  fetch: typeof fetch;
  stations: StationRepo;
  status: () => HubReplicationStatus;
  /** The replicator: forget the old hub's backoff and look now. */
  changed: () => void;
  timeoutMs?: number;
}): HubSetting {
  const settings = settingsRepo(d.store);
  const timeoutMs = d.timeoutMs ?? HUB_CHECK_TIMEOUT_MS;

  const connectedAs = (hub: HubTarget): HubStationIdentity | null => {
    const raw = settings.get(IDENTITY_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { url: string; token: string; station: HubStationIdentity };
    // The station file may have changed the hub since: only what was checked against this url and token counts.
    return saved.url === hub.url && saved.token === fingerprint(hub.token) ? saved.station : null;
  };

  const get = (): HubSettingView => {
    const hub = d.stations.hub();
    return {
      configured: hub !== null,
      url: hub?.url ?? null,
      tokenStored: hub !== null,
      connectedAs: hub ? connectedAs(hub) : null,
      status: d.status(),
    };
  };

  /** Asks the hub who the token is; a field error saying what to do when it cannot tell. */
  async function check(hub: HubTarget): Promise<HubStationIdentity> {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), timeoutMs);
    const fail = (path: 'url' | 'token', message: string) =>
      validationFailed([{ path, code: 'NOT_ALLOWED', message }], 'La central no confirmó esta estación; no se guardó nada.');
    let res: Response;
    try {
      res = await d.fetch(new URL('/hub/v1/station', hub.url), {
        redirect: 'manual',
        signal: ac.signal,
        headers: { accept: 'application/json', authorization: `Bearer ${hub.token}` },
      });
    } catch (e) {
      const why = ac.signal.aborted ? `no respondió en ${Math.round(timeoutMs / 1000)} s` : 'no se pudo conectar';
      d.logger.warn('hub setting: hub not reached', {
        url: hub.url,
        error: ac.signal.aborted ? 'timeout' : String((e as Error).cause ?? e),
      });
      throw fail(
        'url',
        `La central en ${hub.url} ${why}: revise la dirección y que la central esté encendida y accesible desde esta estación.`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (res.status === 401 || res.status === 403)
      throw fail('token', 'La central no reconoce este token: pida uno nuevo al administrador de la central.');
    const answer = res.ok ? identity.safeParse(await res.json().catch(() => null)) : null;
    if (answer?.success) return answer.data;
    if (res.status >= 500)
      throw fail(
        'url',
        `La central en ${hub.url} respondió con un error (${res.status}): intente de nuevo en unos minutos o avise a su administrador.`,
      );
    throw fail(
      'url',
      `En ${hub.url} responde un servidor que no es una central de Sello (o una versión anterior; respondió ${res.status}): revise la dirección.`,
    );
  }

  return {
    get,
    async set(input, actor) {
      const off =
        input === null || input === undefined || (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0);
      const before = d.stations.hub();
      if (off) {
        if (before) {
          d.store.tx(() => {
            d.stations.setHub(null);
            settings.set(IDENTITY_KEY, '');
            audit(d.store, isoLocal(d.clock.now()), actor, 'station.hub', d.stations.get()?.company.id ?? null, {
              url: null,
              previousUrl: before.url,
            });
          });
          d.logger.info('hub setting: replication turned off', { previousUrl: before.url });
          d.changed();
        }
        return get();
      }
      const parsed = hubSettingBody.safeParse(input);
      if (!parsed.success)
        throw validationFailed(
          parsed.error.issues.map((i) => ({
            path: i.path.map(String).join('.'),
            code: i.code === 'unrecognized_keys' ? 'UNKNOWN_FIELD' : 'INVALID_TYPE',
            message: i.message,
          })),
          'La central no es válida: envíe {url, token}, o null para dejar de replicar.',
        );
      const origin = hubOrigin(parsed.data.url);
      if (!origin.ok) throw validationFailed([origin.error], 'La dirección de la central no se acepta.');
      // The stored token goes only to the address it was typed for (like MH's password): a new address needs it again.
      const kept = before !== null && before.url === origin.url ? before.token : undefined;
      const token = parsed.data.token ?? kept;
      if (!token)
        throw validationFailed(
          [
            {
              path: 'token',
              code: 'REQUIRED',
              message: before
                ? 'Escriba otra vez el token de la central: cambió la dirección, y el token guardado solo se envía a la dirección para la que se escribió.'
                : 'Escriba el token que la central le dio a esta estación.',
            },
          ],
          'El token guardado solo se envía a la dirección de la central para la que se escribió; no se guardó nada.',
        );
      const hub = { url: origin.url, token };
      const station = await check(hub);
      d.store.tx(() => {
        d.stations.setHub(hub);
        settings.set(IDENTITY_KEY, JSON.stringify({ url: hub.url, token: fingerprint(token), station }));
        // Never the token: the audit log is read by people and copied in backups.
        audit(d.store, isoLocal(d.clock.now()), actor, 'station.hub', d.stations.get()?.company.id ?? null, {
          url: hub.url,
          previousUrl: before?.url ?? null,
          tokenChanged: before?.token !== token,
          connectedAs: station.id,
        });
      });
      d.logger.info('hub setting: saved', { url: hub.url, station: station.id });
      d.changed();
      return get();
    },
  };
}
