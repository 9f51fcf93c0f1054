// The people room: the users table, their sessions and failed-login throttling, and who an actor is. Both
// front doors log people in here; the HTTP server keeps the token in a cookie, the desktop shell per window.
import type { DemoUser, SessionInfo, UserInfo } from '../../../shared/people';
import { loginInput } from '../../../shared/people';
import { validate } from '../../../shared/contract/validate';
import type { ApiError } from '../../../shared/errors';
import type { Clock } from '../clock';
import { isoLocal } from '../clock';
import { CoreError, validationFailed } from '../errors';
import type { Store } from '../store/database';
import type { StoredStation } from '../station/profile';
import { DEMO_USERS } from '../station/demo';
import type { ApiKeys } from './api-keys';
import { personActor, type Actor } from './actor';
import { passwordHasher } from './passwords';
import { sessions as sessionStore } from './sessions';
import { memoryLoginBackoff } from './login-backoff';
import { usersRepo, type Users } from './users-repo';

export interface People {
  readonly users: Users;
  /**
   * A session for this person; UNAUTHORIZED for a wrong login or password, TOO_MANY_REQUESTS when throttled.
   * `from`: where the attempt comes from (an address, or 'ipc' for the desktop window).
   */
  readonly login: (input: unknown, from: string) => Promise<{ readonly token: string; readonly session: SessionInfo }>;
  /** The person behind a session token; UNAUTHORIZED (saying why) when it is not live. */
  readonly actor: (token: string) => Actor;
  /** Who is logged in with this token, as GET /session answers; UNAUTHORIZED like `actor`. */
  readonly session: (token: string) => SessionInfo;
  readonly logout: (token: string) => void;
  /** Whether the session still stands, without counting as activity (an open event stream asks). */
  readonly alive: (token: string) => boolean;
  /** Ajustes: a new person (ADMIN). */
  readonly create: (input: unknown, actor: Actor) => UserInfo;
  /** Ajustes: a change to a person; their open sessions end so the change holds at once. */
  readonly update: (login: string, input: unknown, actor: Actor) => UserInfo;
  /** The name to print for whoever acted: a person's name, a POS key's name; null for the station itself. */
  readonly nameOf: (actorId: string) => string | null;
  /** The demo's people with their passwords; nobody on a real station. */
  readonly demoUsers: () => readonly DemoUser[];
}

function throttledDetail(scope: 'login' | 'address', wait: number): string {
  switch (scope) {
    case 'login':
      return `Demasiados intentos fallidos para este usuario. Espere ${wait} s y vuelva a intentar.`;
    case 'address':
      return `Demasiados intentos fallidos desde esta dirección. Espere ${wait} s y vuelva a intentar.`;
    default: {
      const never: never = scope;
      return never;
    }
  }
}

/** Seconds a failed login waits for, as the 429's Retry-After. */
export class LoginThrottled extends CoreError {
  constructor(
    readonly retryAfter: number,
    scope: 'login' | 'address' = 'login',
  ) {
    super('TOO_MANY_REQUESTS', throttledDetail(scope, retryAfter));
  }

  // The wait travels in the error too: the desktop window has no Retry-After header to read.
  override toApiError(): ApiError {
    return { ...super.toApiError(), retryAfter: this.retryAfter };
  }
}

export interface PeopleDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly random: (n: number) => Buffer;
  readonly keys: ApiKeys;
  readonly station: () => StoredStation;
}

const ENDED: Record<'unknown' | 'expired' | 'idle', string> = {
  unknown: 'Inicie sesión para continuar.',
  expired: 'La sesión duró 12 horas y terminó: inicie sesión de nuevo.',
  idle: 'La sesión se cerró tras 30 minutos sin actividad: escriba su contraseña o PIN de nuevo.',
};

export function people(d: PeopleDeps): People {
  const users = usersRepo(d.store, passwordHasher(d.random));
  const now = () => d.clock.now().getTime();
  const live = sessionStore(now, d.random);
  // Per login and where it comes from, each check counted before scrypt runs (decision 0065): guesses sent at once
  // wait their turn without one check of a login ever making another address, or the desktop window, wait.
  const backoff = memoryLoginBackoff(now);
  const at = () => isoLocal(d.clock.now());

  const person = (token: string): UserInfo => {
    const r = live.resolve(token);
    if ('ended' in r) throw new CoreError('UNAUTHORIZED', ENDED[r.ended]);
    const u = users.get(r.login);
    if (!u?.active) {
      live.endAll(r.login);
      throw new CoreError('UNAUTHORIZED', 'Esta persona ya no está activa en la estación: consulte al administrador.');
    }
    return u;
  };
  const sessionOf = (u: UserInfo): SessionInfo => ({ user: { login: u.login, name: u.name, role: u.role } });

  return {
    users,
    async login(input, from) {
      const parsed = validate(loginInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'Escriba su usuario y su contraseña o PIN.');
      const { login, password } = parsed.value;
      const admitted = backoff.admit(login, from);
      if (!admitted.ok) throw new LoginThrottled(admitted.wait, admitted.scope);
      const user = await users.check(login, password);
      if (!user) throw new CoreError('UNAUTHORIZED', 'Usuario o contraseña incorrectos. Revise las mayúsculas y vuelva a intentar.');
      admitted.succeeded();
      return { token: live.open(user.login), session: sessionOf(user) };
    },
    actor: (token) => personActor(person(token)),
    session: (token) => sessionOf(person(token)),
    logout: (token) => live.end(token),
    alive(token) {
      const r = live.resolve(token, false);
      return !('ended' in r) && users.get(r.login)?.active === true;
    },
    create: (input, by) => users.create(input, by.id, at()),
    update(login, input, by) {
      const before = users.get(login.trim().toLowerCase());
      const u = users.update(login, input, by.id, at());
      const newSecret = typeof input === 'object' && input !== null && 'password' in input;
      if (newSecret || before?.role !== u.role || !u.active) live.endAll(u.login);
      return u;
    },
    nameOf(actorId) {
      if (actorId.startsWith('user:')) return users.get(actorId.slice(5))?.name ?? null;
      // On every document a POS issues: one lookup by id, not the whole list of keys.
      if (actorId.startsWith('api-key:')) return d.keys.name(actorId.slice(8));
      return null;
    },
    demoUsers: () => (d.station().demo === true ? DEMO_USERS : []),
  };
}
