// What the session and people routes answer (shared/people.ts): who is logged in, the demo's people, the
// station's people; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { ROLES } from '../../../../shared/roles';
import type { DemoUser, SessionInfo } from '../../../../shared/people';
import { same, type Answer, type Plain, type Same } from './proof';

const role = z.enum(ROLES).describe('CASHIER (cajero), SUPERVISOR o ADMIN (administrador). / The person role.');

export const sessionInfo = z.strictObject({
  user: z
    .strictObject({
      login: z.string().describe('El usuario. / The login.'),
      name: z.string(),
      role,
    })
    .describe(
      'La persona con sesión abierta; la sesión va en la cookie sello_session. / The person logged in; the session is the sello_session cookie.',
    ),
});

export const demoUsers = z.array(
  z.strictObject({
    login: z.string(),
    name: z.string(),
    role,
    password: z.string().describe('La contraseña de la demostración (publicada). / The demo password (published).'),
  }),
);

export const userInfo = z.strictObject({
  login: z.string(),
  name: z.string(),
  role,
  credential: z.enum(['password', 'pin']).describe('pin: un PIN numérico (solo cajeros). / A numeric PIN (cashiers only).'),
  active: z.boolean(),
});

export const userList = z.array(userInfo);

same<Same<z.output<typeof sessionInfo>, Plain<SessionInfo>>>(true);
same<Same<z.output<typeof demoUsers>, Plain<DemoUser[]>>>(true);
same<Same<z.output<typeof userList>, Answer<'listUsers'>>>(true);
same<Same<z.output<typeof userInfo>, Answer<'createUser'>>>(true);
same<Same<z.output<typeof userInfo>, Answer<'updateUser'>>>(true);
