// The browser-hosted UI: the same React build the desktop shell loads, served with a strict CSP. The page and
// its assets carry no credential of any kind: the UI starts on the login screen and the session lives in an
// HttpOnly cookie (http/server.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export async function registerUi(app: FastifyInstance, dir: string): Promise<void> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('La interfaz no está compilada. Ejecute `npm run build` y reinicie `sello serve`.\n'),
    );
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  const sendIndex = async (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('content-security-policy', UI_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/assets/',
    setHeaders: (res) => {
      res.header('content-security-policy', UI_CSP);
    },
  });
}
