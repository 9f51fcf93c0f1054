// The hub's people and their sessions, both rows of PostgreSQL (hub_people, hub_sessions): any hub process behind
// the load balancer opens, reads or ends any session. Passwords are hashed by the station's own scrypt hasher
// (core/auth/passwords.ts) and checked with the same time spent whether the login exists or not; a session is a
// random token the hub keeps only as its SHA-256, ending 12 hours after it opened, after 30 minutes without a
// call (the station's limits, core/auth/sessions.ts), at logout, or when its person is changed.
import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { loginInput, loginSchema, secretProblem } from '../../shared/people';
import { addRuleIssue, text } from '../../shared/contract/primitives';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import type { PasswordHasher } from '../core/auth/passwords';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../core/auth/sessions';
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';
import type { HubPeopleTable } from './schema';

export const HUB_ROLES = ['ADMIN', 'ACCOUNTANT', 'AUDITOR'] as const;
export type HubRole = (typeof HUB_ROLES)[number];

/** A person as the hub shows them: never the password's hash. */
export interface HubPerson {
  readonly login: string;
  readonly name: string;
  readonly role: HubRole;
  readonly active: boolean;
}

/** A password of the hub follows the station's rule for a supervisor or an administrator: 8 characters or more. */
const withPasswordRule = (value: { password?: string | undefined }, ctx: z.RefinementCtx) => {
  const problem = value.password === undefined ? null : secretProblem('ADMIN', value.password);
  if (problem) addRuleIssue(ctx, ['password'], 'NOT_ALLOWED', problem);
};

const NAME = bi('Nombre de la persona, hasta 100 caracteres.', "The person's name, up to 100 characters.");
const ROLE = bi(`Rol en la central: ${HUB_ROLES.join(', ')}.`, `Role at the head office: ${HUB_ROLES.join(', ')}.`);

export const hubPersonInput = z
  .strictObject({
    login: d(
      loginSchema,
      bi('Usuario: de 2 a 32 letras minúsculas, dígitos, punto o guion.', 'Login: 2 to 32 lower-case letters, digits, dot or hyphen.'),
    ),
    name: d(text(100), NAME),
    role: d(z.enum(HUB_ROLES), ROLE),
    password: d(z.string().min(1).max(200), bi('Contraseña de al menos 8 caracteres.', 'A password of at least 8 characters.')),
  })
  .superRefine(withPasswordRule);
export type HubPersonInput = z.output<typeof hubPersonInput>;

export const hubPersonUpdate = z
  .strictObject({
    name: d(text(100).optional(), NAME),
    role: d(z.enum(HUB_ROLES).optional(), ROLE),
    password: d(
      z.string().min(1).max(200).optional(),
      bi('Nueva contraseña; si falta, no cambia.', 'A new password; when absent, unchanged.'),
    ),
    active: d(
      z.boolean().optional(),
      bi('false desactiva a la persona; true la reactiva.', 'false deactivates the person; true reactivates.'),
    ),
  })
  .superRefine(withPasswordRule);
export type HubPersonUpdate = z.output<typeof hubPersonUpdate>;

export { loginInput as hubLoginInput };

/** The prefix tells a person's session from a station's token (`sello_hub_`) in a log or a header. */
const SESSION_PREFIX = 'sello_hubsession_';
const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A session's seen_at is written at most this often: a page of calls is one write, not one each. */
const TOUCH_EVERY_MS = 60_000;

const toPerson = (r: Pick<Selectable<HubPeopleTable>, 'login' | 'name' | 'role' | 'active'>): HubPerson => ({
  login: r.login,
  name: r.name,
  role: r.role,
  active: r.active,
});

export function hubPeople(db: HubDb, clock: Clock, hasher: PasswordHasher, limits = { maxMs: SESSION_MAX_MS, idleMs: SESSION_IDLE_MS }) {
  const endAll = (login: string) =>
    db.updateTable('hub_sessions').set({ ended_at: clock.now() }).where('login', '=', login).where('ended_at', 'is', null).execute();
  const activeAdmins = async () =>
    Number(
      (
        await db
          .selectFrom('hub_people')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('role', '=', 'ADMIN')
          .where('active', '=', true)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return {
    async list(): Promise<HubPerson[]> {
      return (await db.selectFrom('hub_people').select(['login', 'name', 'role', 'active']).orderBy('login').execute()).map(toPerson);
    },
    async get(login: string): Promise<HubPerson | null> {
      const r = await db.selectFrom('hub_people').select(['login', 'name', 'role', 'active']).where('login', '=', login).executeTakeFirst();
      return r ? toPerson(r) : null;
    },
    /** A new person; a login already taken is a conflict, never an overwrite. */
    async create(input: HubPersonInput): Promise<HubPerson> {
      const at = clock.now();
      const row = await db
        .insertInto('hub_people')
        .values({
          login: input.login,
          name: input.name,
          role: input.role,
          password_hash: hasher.hash(input.password),
          active: true,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('login').doNothing())
        .returning(['login', 'name', 'role', 'active'])
        .executeTakeFirst();
      if (!row) throw new CoreError('STATION_CONFLICT', `Ya existe una persona con el usuario ${input.login}.`);
      return toPerson(row);
    },
    /**
     * Changes a person; any change ends their open sessions (a new role or password applies at once). The last
     * active administrator cannot be demoted or made inactive: someone must always be able to manage the hub.
     */
    async update(login: string, change: HubPersonUpdate): Promise<HubPerson> {
      const current = await this.get(login);
      if (!current) throw new CoreError('NOT_FOUND', `No existe la persona ${login}.`);
      const losesAdmin =
        current.role === 'ADMIN' && current.active && ((change.role && change.role !== 'ADMIN') || change.active === false);
      if (losesAdmin && (await activeAdmins()) <= 1)
        throw new CoreError('FORBIDDEN', 'Es el único administrador activo de la central: cree otro antes de cambiarlo.');
      const row = await db
        .updateTable('hub_people')
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.active === undefined ? {} : { active: change.active }),
          ...(change.password === undefined ? {} : { password_hash: hasher.hash(change.password) }),
          updated_at: clock.now(),
        })
        .where('login', '=', login)
        .returning(['login', 'name', 'role', 'active'])
        .executeTakeFirstOrThrow();
      await endAll(login);
      return toPerson(row);
    },
    /** A new session for an active person with this password, or null (the same scrypt time either way). */
    async login(login: string, password: string): Promise<{ token: string; person: HubPerson } | null> {
      const r = await db.selectFrom('hub_people').selectAll().where('login', '=', login).executeTakeFirst();
      if (!r) {
        await hasher.waste(password);
        return null;
      }
      if (!(await hasher.verify(password, r.password_hash)) || !r.active) return null;
      const token = `${SESSION_PREFIX}${randomBytes(32).toString('base64url')}`;
      const at = clock.now();
      await db
        .insertInto('hub_sessions')
        .values({ token_hash: digest(token), login, opened_at: at, seen_at: at, ended_at: null })
        .execute();
      return { token, person: toPerson(r) };
    },
    /** The active person behind a live session token, or null (unknown, ended, expired, idle, person inactive). */
    async resolve(token: string): Promise<HubPerson | null> {
      if (!token.startsWith(SESSION_PREFIX) || token.length > 100) return null;
      const r = await db
        .selectFrom('hub_sessions as s')
        .innerJoin('hub_people as p', 'p.login', 's.login')
        .select(['s.token_hash', 's.opened_at', 's.seen_at', 'p.login', 'p.name', 'p.role', 'p.active'])
        .where('s.token_hash', '=', digest(token))
        .where('s.ended_at', 'is', null)
        .executeTakeFirst();
      if (!r || !r.active) return null;
      const now = clock.now();
      const at = now.getTime();
      if (at - r.opened_at.getTime() >= limits.maxMs || at - r.seen_at.getTime() >= limits.idleMs) {
        await db.updateTable('hub_sessions').set({ ended_at: now }).where('token_hash', '=', r.token_hash).execute();
        return null;
      }
      if (at - r.seen_at.getTime() >= TOUCH_EVERY_MS)
        await db.updateTable('hub_sessions').set({ seen_at: now }).where('token_hash', '=', r.token_hash).execute();
      return toPerson(r);
    },
    async logout(token: string): Promise<void> {
      await db
        .updateTable('hub_sessions')
        .set({ ended_at: clock.now() })
        .where('token_hash', '=', digest(token))
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}

export type HubPeople = ReturnType<typeof hubPeople>;
