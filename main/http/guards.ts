// The local server's front-door checks, as pure pieces the tests read one by one.
//
// - Host: a web page on another site can make its own hostname resolve to 127.0.0.1 (DNS rebinding) and then
//   talk to this server as "same origin". Its requests still carry its hostname in `Host`, so only the names
//   this server answers to (loopback, or what the operator configured) get through.
// - Origin: a browser names the page that sent a request; only this server's own UI may call it. (No CORS
//   headers are ever sent, so other origins cannot read answers either.)
// - Failed-auth throttling lives in ../auth/throttle.ts: wrong keys per address (a valid key always passes), wrong
//   passwords per login and address (auth/people.ts; decision 0032).

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** The hostname of a Host header (`name`, `name:port`, `[v6]:port`), lower-cased; null when malformed. */
export function hostName(header: string | undefined): string | null {
  if (!header || header.length > 255) return null;
  const h = header.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(h);
  return m?.[1] ?? null;
}

/** A bind address only this machine reaches: 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Names this server answers to: loopback always, plus the configured ones (for a LAN binding). */
export function allowedHostNames(extra: readonly string[] = []): ReadonlySet<string> {
  return new Set([...LOOPBACK_NAMES, ...extra.map((x) => x.toLowerCase())]);
}

export function hostAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = hostName(header);
  return name !== null && allowed.has(name);
}

/** A request without Origin (a POS, curl) is fine; a browser's must be this server's own page. */
export function originAllowed(origin: string | undefined, hostHeader: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host.toLowerCase() === (hostHeader ?? '').trim().toLowerCase();
  } catch {
    return false;
  }
}
