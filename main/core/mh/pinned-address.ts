// MH's address is pinned: a station talks to MH's own API for its environment over https, and to another
// address only when the process was started allowing it (SELLO_ALLOW_MH_URL: the MH simulator, tests). The
// stored MH password and every signed document go to that address, so nothing else may set it.
import type { FieldError } from '../../../shared/contract';
import type { Environment } from '../../../shared/records';
import { MH_BASE_URLS } from '../../../shared/station';
import { validationFailed } from '../errors';

/**
 * The addresses allowed besides MH's own, from SELLO_ALLOW_MH_URL: origins separated by commas or spaces; a
 * port `*` (`http://127.0.0.1:*`) allows any port of that host, for simulators on ephemeral ports.
 */
export function allowedMhUrls(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function originOf(url: string): { protocol: string; hostname: string; port: string } | null {
  try {
    const u = new URL(url);
    return { protocol: u.protocol, hostname: u.hostname.toLowerCase(), port: u.port };
  } catch {
    return null;
  }
}

function matches(url: string, allowed: string): boolean {
  const wildcard = /:\*\/?$/.test(allowed);
  const a = originOf(wildcard ? allowed.replace(/:\*\/?$/, '') : allowed);
  const u = originOf(url);
  if (!a || !u) return false;
  return a.protocol === u.protocol && a.hostname === u.hostname && (wildcard || a.port === u.port);
}

/** Whether a station of `environment` may talk to MH at `url`. */
export function mhAddressAllowed(url: string, environment: Environment, allowed: readonly string[]): boolean {
  return matches(url, MH_BASE_URLS[environment]) || allowed.some((a) => matches(url, a));
}

/** The field error for an address that is not MH's, naming what to write instead. */
export function mhAddressRefused(path: string, environment: Environment): FieldError {
  return {
    path,
    code: 'NOT_ALLOWED',
    message: `La estación solo habla con la API de MH de su ambiente (${MH_BASE_URLS[environment]}). Otra dirección requiere iniciar Sello con SELLO_ALLOW_MH_URL.`,
  };
}

/** Refuses, naming `mh.baseUrl`, an address a station of `environment` may not talk to; before any login there. */
export function requireMhAddress(url: string, environment: Environment, allowed: readonly string[], detail: string): void {
  if (!mhAddressAllowed(url, environment, allowed)) throw validationFailed([mhAddressRefused('mh.baseUrl', environment)], detail);
}
