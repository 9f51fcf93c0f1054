// The people at the counter: who they are, what each role may do, and the rules for their passwords and PINs.
// The same schemas check the HTTP body, the IPC call, the station file's `users` and the Ajustes form.
import { z } from 'zod';
import { addRuleIssue, custom, text } from './contract/primitives';
import { D, bilingual, described } from './contract/descriptions';
import { ROLES, ROLE_NAMES, type Role } from './roles';
import { hasLoneSurrogate } from './text';

export { ROLES, ROLE_NAMES, type Role };

/** A person as the app shows them (never with a password). */
export interface UserInfo {
  readonly login: string;
  readonly name: string;
  readonly role: Role;
  /** 'pin' when the secret is a numeric PIN (cashiers only). */
  readonly credential: 'password' | 'pin';
  readonly active: boolean;
}

/** Who is logged in. */
export interface SessionInfo {
  readonly user: Pick<UserInfo, 'login' | 'name' | 'role'>;
}

/** A demo's people, listed on its login screen (demo data only; a real station lists nobody). */
export interface DemoUser {
  readonly login: string;
  readonly name: string;
  readonly role: Role;
  readonly password: string;
}

export const MIN_PASSWORD = 8;
export const MIN_PIN = 6;
const PIN_RE = /^\d+$/;
export const isPin = (secret: string): boolean => PIN_RE.test(secret);

/**
 * A password has at least 8 characters; a cashier may use a numeric PIN of at least 6 digits instead. A
 * supervisor's or administrator's all-digit secret is a password and needs the 8.
 */
export function secretProblem(role: Role, secret: string): string | null {
  if (secret.length > 200) return 'La contraseña tiene como máximo 200 caracteres.';
  if (role === 'CASHIER' && isPin(secret)) return secret.length >= MIN_PIN ? null : `Un PIN tiene al menos ${MIN_PIN} dígitos.`;
  if (secret.length < MIN_PASSWORD)
    return role === 'CASHIER'
      ? `Use un PIN de al menos ${MIN_PIN} dígitos o una contraseña de al menos ${MIN_PASSWORD} caracteres.`
      : `La contraseña tiene al menos ${MIN_PASSWORD} caracteres.`;
  return null;
}

/** A login: lower-case letters, digits, dot, dash, underscore; what people type at the counter. */
export const loginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9._-]{2,32}$/,
    custom('INVALID_FORMAT', 'El usuario tiene de 2 a 32 letras sin tildes, números, punto, guion o guion bajo.'),
  );

/** A password or PIN as typed: 1 to 200 characters, none of them half a character (they would all hash alike). */
const secretText = () =>
  z
    .string()
    .min(1)
    .max(200)
    .refine((v) => !hasLoneSurrogate(v), custom('INVALID_FORMAT', 'La contraseña tiene caracteres que no se pueden escribir.'));

const withSecretRule = <T extends { role: Role; password?: string | undefined }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password === undefined) return;
  const problem = secretProblem(value.role, value.password);
  if (problem) addRuleIssue(ctx, ['password'], 'NOT_ALLOWED', problem);
};

/** A new person, or one of the station file's `users` (created or updated at start). */
const LOGIN = bilingual(
  'Usuario para iniciar sesión: de 2 a 32 letras minúsculas sin tildes, dígitos, punto, guion o guion bajo.',
  'Login: 2 to 32 lower-case letters without accents, digits, dot, hyphen or underscore.',
);
const NAME = bilingual('Nombre de la persona, hasta 100 caracteres.', "The person's name, up to 100 characters.");
const SECRET = bilingual(
  'Contraseña de al menos 8 caracteres; un cajero puede usar un PIN de al menos 6 dígitos.',
  'A password of at least 8 characters; a cashier may use a PIN of at least 6 digits.',
);

export const userInput = z
  .strictObject({
    login: described(loginSchema, LOGIN),
    name: described(text(100), NAME),
    role: described(z.enum(ROLES), D.role),
    password: described(secretText(), SECRET),
  })
  .superRefine(withSecretRule);
export type UserInput = z.output<typeof userInput>;

/** Ajustes' change to a person: any of name, role, a new password, active or not. */
export const userUpdate = z
  .strictObject({
    name: described(text(100).optional(), NAME),
    role: described(z.enum(ROLES), D.role),
    password: described(
      secretText().optional(),
      bilingual('Nueva contraseña o PIN; si falta, no cambia.', 'A new password or PIN; when absent, unchanged.'),
    ),
    active: described(
      z.boolean().optional(),
      bilingual(
        'false desactiva a la persona (no puede iniciar sesión); true la reactiva.',
        'false deactivates the person (cannot log in); true reactivates.',
      ),
    ),
  })
  .superRefine(withSecretRule);
export type UserUpdate = z.output<typeof userUpdate>;

/** The first-run wizard's administrator: the station's first person. */
export const firstAdmin = z
  .strictObject({
    login: described(loginSchema, LOGIN),
    name: described(text(100), NAME),
    password: described(secretText(), bilingual('Contraseña de al menos 8 caracteres.', 'A password of at least 8 characters.')),
  })
  .superRefine((value, ctx) => withSecretRule({ ...value, role: 'ADMIN' }, ctx));
export type FirstAdmin = z.output<typeof firstAdmin>;

export const loginInput = z.strictObject({
  login: described(z.string().trim().toLowerCase().min(1).max(64), D.login),
  password: described(secretText(), bilingual('Contraseña o PIN de la persona.', "The person's password or PIN.")),
});
export type LoginInput = z.output<typeof loginInput>;
