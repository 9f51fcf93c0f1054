// Logging a test in as a person: a session cookie from POST /session, as the browser UI gets it. A station
// without the demo's people gets the person first.
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../shared/people';
import type { Core } from '../../main/core/create-core';
import { DEMO_USERS } from '../../main/core/station/demo';

/** Headers that carry the session of `login` (a demo person by default: admin, supervisor or cajero). */
export async function sessionHeaders(
  app: FastifyInstance,
  login = 'admin',
  core?: Core,
  role?: Role,
  password = DEMO_USERS.find((u) => u.login === login)?.password ?? 'una-clave-de-prueba',
): Promise<{ cookie: string }> {
  const demo = DEMO_USERS.find((u) => u.login === login);
  if (core && !core.people.users.get(login)) {
    core.people.users.create(
      { login, name: `Prueba ${login}`, role: role ?? demo?.role ?? 'ADMIN', password },
      'test',
      '2026-11-22T09:30:00-06:00',
    );
  }
  const res = await app.inject({ method: 'POST', url: '/session', payload: { login, password } });
  if (res.statusCode !== 201) throw new Error(`login as ${login}: ${res.statusCode} ${res.body}`);
  const set = String(res.headers['set-cookie'] ?? '');
  return { cookie: set.split(';')[0]! };
}
