// What the API-key routes answer: the keys without the key, and a new key shown once (shared/api.ts); proven the
// same as the core's types by proof.ts.
import { z } from 'zod';
import { same, type Answer, type Same } from './proof';

export const apiKeyInfo = z.strictObject({
  id: z.string().describe('El id de la clave (DELETE /api-keys/{keyId}). / The key id.'),
  name: z.string().describe('El nombre dado al crearla (p. ej. "Caja 2"). / The name given on creation.'),
  hint: z.string().describe('Los últimos 4 caracteres de la clave (…abcd), para reconocerla. / The key last 4 characters.'),
  createdAt: z.string(),
  revokedAt: z.string().nullable().describe('Cuándo se revocó; null si sigue vigente. / When revoked; null while valid.'),
});

export const apiKeyList = z.array(apiKeyInfo);

export const apiKeyCreated = z.strictObject({
  id: z.string().describe('El id de la clave. / The key id.'),
  key: z
    .string()
    .describe(
      'LA CLAVE: envíela en el encabezado X-API-Key. Se muestra solo esta vez; la estación guarda su hash. / ' +
        'THE KEY: send it in the X-API-Key header. Shown only this once; the station keeps only its hash.',
    ),
});

same<Same<z.output<typeof apiKeyList>, Answer<'listApiKeys'>>>(true);
same<Same<z.output<typeof apiKeyCreated>, Answer<'createApiKey'>>>(true);
