// Serves the renderer build under app://sello/ with the CSP header; never a path outside the build folder.
import { extname, join, normalize, sep } from 'node:path';
import { APP_ORIGIN, CONTENT_SECURITY_POLICY } from './security';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
};

/** The file an app:// URL names inside `root`, or null when it is not ours or escapes the folder. */
export function resolveAppFile(root: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (`${u.protocol}//${u.host}` !== APP_ORIGIN) return null;
  const rel = decodeURIComponent(u.pathname === '/' ? '/index.html' : u.pathname);
  const file = normalize(join(root, rel));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

export const contentTypeOf = (file: string): string => TYPES[extname(file)] ?? 'application/octet-stream';

export const responseHeaders = (file: string): Record<string, string> => ({
  'content-type': contentTypeOf(file),
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
});
