// The hub's screens (renderer/hub, built by `npm run build:renderer` into dist/hub), served by the hub itself at
// /hub/ with the station's strict CSP (http/ui.ts): scripts and styles only from the hub's own origin, nothing
// inline, no frames. The page carries no credential: it opens on the login and the session is the HttpOnly cookie.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UI_CSP } from '../http/ui';

/** dist/hub beside the checkout, or SELLO_HUB_UI_DIR (a packaged install puts the build elsewhere). */
export function hubUiDir(): string {
  return process.env.SELLO_HUB_UI_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'hub');
}

export async function registerHubUi(app: FastifyInstance, dir = hubUiDir()): Promise<void> {
  app.get('/hub', async (_req, reply) => reply.redirect('/hub/'));
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('/hub/', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('Las pantallas de la central no están compiladas. Ejecute `npm run build` y reinicie `sello hub`.\n'),
    );
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  const sendIndex = async (_req: unknown, reply: FastifyReply) =>
    reply
      .header('content-security-policy', UI_CSP)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(html);
  app.get('/hub/', sendIndex);
  app.get('/hub/index.html', sendIndex);
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/hub/assets/',
    setHeaders: (res) => {
      res.header('content-security-policy', UI_CSP);
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
