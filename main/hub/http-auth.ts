// Who is calling the hub: a station by its token, or a person by their session; shared by the hub's route files.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toFieldErrors } from '../../shared/contract';
import { TITLES } from '../../shared/errors';
import { CoreError, validationFailed } from '../core/errors';
import { sendProblem } from '../http/problem';
import type { Hub } from './create-hub';
import type { HubPerson } from './people';
import type { TokenStation } from './tokens';

export const unauthorized = (reply: FastifyReply, detail: string) =>
  sendProblem(reply.header('www-authenticate', 'Bearer realm="sello-hub"'), { code: 'UNAUTHORIZED', title: TITLES.UNAUTHORIZED, detail });

/** The station whose token is in `Authorization: Bearer …`, or null. */
export async function caller(hub: Hub, req: FastifyRequest): Promise<TokenStation | null> {
  const m = /^Bearer ([^\s]{1,200})$/i.exec(req.headers.authorization ?? '');
  return m?.[1] ? hub.tokens.authenticate(m[1]) : null;
}

/**
 * A person's session: HttpOnly (no script reads it), SameSite=Strict (no other site sends it), and Secure when the
 * request came over HTTPS (TLS here, or at a trusted balancer: `req.protocol`), so a browser never sends it in clear.
 */
export const HUB_SESSION_COOKIE = 'sello_hub_session';
export const sessionCookie = (token: string, maxAge?: number, secure = false) =>
  `${HUB_SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/hub${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}${secure ? '; Secure' : ''}`;

/** A person's session token: `Authorization: Bearer sello_hubsession_…` (scripts) or the cookie (browsers). */
export function sessionToken(req: FastifyRequest): string | null {
  const m = /^Bearer (sello_hubsession_[^\s]{1,100})$/i.exec(req.headers.authorization ?? '');
  if (m?.[1]) return m[1];
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === HUB_SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

/**
 * Who may do what: every active person reads (documents, stations); only an ADMIN changes anything (people,
 * stations, tokens). ACCOUNTANT and AUDITOR read alike for now; the books and their exports will be the
 * ACCOUNTANT's, and the AUDITOR stays read-only.
 */
export async function personFor(hub: Hub, req: FastifyRequest, need: 'read' | 'admin'): Promise<HubPerson> {
  const token = sessionToken(req);
  const person = token ? await hub.people.resolve(token) : null;
  if (!person)
    throw new CoreError('UNAUTHORIZED', 'Inicie sesión en la central (POST /hub/v1/session); la sesión falta, terminó o expiró.');
  if (need === 'admin' && person.role !== 'ADMIN')
    throw new CoreError('FORBIDDEN', `Solo un administrador de la central puede hacerlo; su rol es ${person.role}.`);
  return person;
}

export function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? null);
  if (!r.success) throw validationFailed(toFieldErrors(r.error.issues, value));
  return r.data;
}
