// The `users` table's owner: the people of this station, their roles and password hashes. Every change is an
// audit entry naming who made it (never the password). Nobody is deleted, and the last active administrator
// cannot be demoted or made inactive: someone must always be able to open Ajustes.
import { ROLES, isPin, userInput, userUpdate, type Role, type UserInfo, type UserInput } from '../../../shared/people';
import { validate } from '../../../shared/contract/validate';
import { audit } from '../audit';
import { CoreError, validationFailed } from '../errors';
import type { Store } from '../store/database';
import type { UsersTable } from '../store/schema';
import { PUBLISHED_SCRYPT_COST, type PasswordHasher } from './passwords';

export interface Users {
  readonly list: () => UserInfo[];
  readonly get: (login: string) => UserInfo | null;
  readonly create: (input: unknown, actor: string, at: string) => UserInfo;
  readonly update: (login: string, input: unknown, actor: string, at: string) => UserInfo;
  /**
   * The station file's `users`: each created or updated (password included); people it does not name are kept.
   * An entry unchanged since it was last applied is left alone, so what Ajustes changed since (a new PIN, a
   * person made inactive) stands until the file itself changes. `published`: the passwords are printed for
   * anyone (the demo's), hashed at a low cost.
   */
  readonly apply: (people: readonly UserInput[], actor: string, at: string, published?: boolean) => void;
  /** The active person with this login and password, or null (the same time is spent either way). */
  readonly check: (login: string, password: string) => Promise<UserInfo | null>;
}

const toRole = (role: string): Role => {
  const r = ROLES.find((x) => x === role);
  if (!r) throw new Error(`unknown role in users: ${role}`);
  return r;
};

const toInfo = (r: Pick<UsersTable, 'login' | 'name' | 'role' | 'credential' | 'active'>): UserInfo => ({
  login: r.login,
  name: r.name,
  role: toRole(r.role),
  credential: r.credential === 'pin' ? 'pin' : 'password',
  active: r.active === 1,
});

export function usersRepo(store: Store, hasher: PasswordHasher): Users {
  const row = (login: string) => store.one(store.q.selectFrom('users').selectAll().where('login', '=', login));
  const get = (login: string) => {
    const r = row(login);
    return r ? toInfo(r) : null;
  };
  const activeAdmins = () =>
    store.one(
      store.q
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'ADMIN')
        .where('active', '=', 1),
    )?.n ?? 0;
  const credential = (role: Role, secret: string) => (role === 'CASHIER' && isPin(secret) ? 'pin' : 'password');

  const insert = (u: UserInput, actor: string, at: string, cost?: number) => {
    store.run(
      store.q.insertInto('users').values({
        login: u.login,
        name: u.name,
        role: u.role,
        secret_hash: hasher.hash(u.password, cost),
        credential: credential(u.role, u.password),
        active: 1,
        from_file: null,
        created_at: at,
        updated_at: at,
      }),
    );
    audit(store, at, actor, 'settings.user.created', u.login, { name: u.name, role: u.role });
  };

  const change = (
    login: string,
    next: { name?: string | undefined; role: Role; password?: string | undefined; active?: boolean | undefined },
    actor: string,
    at: string,
    cost?: number,
  ) => {
    const before = row(login);
    if (!before) throw new CoreError('NOT_FOUND', `No hay una persona con el usuario ${login}.`);
    const active = next.active ?? before.active === 1;
    const wasAdmin = before.role === 'ADMIN' && before.active === 1;
    if (wasAdmin && (next.role !== 'ADMIN' || !active) && activeAdmins() <= 1) {
      throw validationFailed(
        [
          {
            path: next.role !== 'ADMIN' ? 'role' : 'active',
            code: 'NOT_ALLOWED',
            message: 'Es el único administrador activo: nombre otro antes.',
          },
        ],
        'La estación se quedaría sin administrador.',
      );
    }
    // A PIN is only a cashier's: promoted, the person needs a password.
    if (next.password === undefined && before.credential === 'pin' && next.role !== 'CASHIER') {
      throw validationFailed([
        { path: 'password', code: 'REQUIRED', message: 'Con este rol se necesita una contraseña de al menos 8 caracteres.' },
      ]);
    }
    store.run(
      store.q
        .updateTable('users')
        .set({
          name: next.name ?? before.name,
          role: next.role,
          active: active ? 1 : 0,
          updated_at: at,
          ...(next.password !== undefined
            ? { secret_hash: hasher.hash(next.password, cost), credential: credential(next.role, next.password) }
            : {}),
        })
        .where('login', '=', login),
    );
    audit(store, at, actor, 'settings.user.updated', login, {
      name: next.name ?? before.name,
      role: next.role,
      active,
      passwordChanged: next.password !== undefined,
    });
    return get(login)!;
  };

  return {
    list: () => store.all(store.q.selectFrom('users').selectAll().orderBy('login')).map(toInfo),
    get,
    create(input, actor, at) {
      const parsed = validate(userInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'Los datos de la persona no son válidos.');
      const u = parsed.value;
      return store.tx(() => {
        if (row(u.login))
          throw validationFailed([{ path: 'login', code: 'DUPLICATE', message: `Ya hay una persona con el usuario ${u.login}.` }]);
        insert(u, actor, at);
        return get(u.login)!;
      });
    },
    update(login, input, actor, at) {
      const parsed = validate(userUpdate, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'Los datos de la persona no son válidos.');
      return store.tx(() => change(login.trim().toLowerCase(), parsed.value, actor, at));
    },
    apply(people, actor, at, published = false) {
      const cost = published ? PUBLISHED_SCRYPT_COST : undefined;
      store.tx(() => {
        for (const u of people) {
          const before = row(u.login);
          const last = before?.from_file ? (JSON.parse(before.from_file) as { name: string; role: string; hash: string }) : null;
          if (last && last.name === u.name && last.role === u.role && hasher.matches(u.password, last.hash)) continue;
          if (!before) insert(u, actor, at, cost);
          else change(u.login, { name: u.name, role: u.role, password: u.password, active: true }, actor, at, cost);
          const hash = row(u.login)!.secret_hash;
          store.run(
            store.q
              .updateTable('users')
              .set({ from_file: JSON.stringify({ name: u.name, role: u.role, hash }) })
              .where('login', '=', u.login),
          );
        }
      });
    },
    async check(login, password) {
      const r = row(login.trim().toLowerCase());
      if (!r || r.active !== 1) {
        await hasher.waste(password);
        return null;
      }
      return (await hasher.verify(password, r.secret_hash)) ? toInfo(r) : null;
    },
  };
}
