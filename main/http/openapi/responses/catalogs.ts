// What GET /catalogs and GET /catalogs/{name} answer (main/http/catalogs.ts, shared/catalogs/lists.ts): strict
// here, so an undocumented field fails test/integration/openapi-answers.test.ts; proven the same type by proof.ts.
import { z } from 'zod';
import { CATALOG_NAMES } from '../../../../shared/catalogs/lists';
import { NORMATIVES } from '../../../../shared/normative';
import type { catalogAnswer, catalogIndexAnswer } from '../../catalogs';
import { same, type Plain, type Same } from './proof';

const summary = {
  name: z.enum(CATALOG_NAMES).describe('El nombre del catálogo en /catalogs/{name}. / The catalog name in the path.'),
  mhCatalog: z.string().describe('El número de MH (CAT-019…) o la norma que sigue. / MH catalog number, or the standard it follows.'),
  title: z.string().describe('Su nombre en español. / Its Spanish name.'),
  fields: z.array(z.string()).describe('Los campos del contrato que toman sus códigos. / The request fields that take its codes.'),
};

export const catalogIndex = z.strictObject({ catalogs: z.array(z.strictObject(summary)) });

export const catalogListing = z.strictObject({
  ...summary,
  normative: z
    .enum(NORMATIVES)
    .describe('La normativa cuyos códigos se listan (la vigente, si no se pidió otra). / The normative whose codes are listed.'),
  entries: z.array(
    z.strictObject({
      code: z.string().describe('Lo que se envía en el contrato. / What the request sends.'),
      name: z.string().describe('El nombre en español. / The Spanish name.'),
      mhCode: z.string().optional().describe('Lo que recibe MH cuando difiere de `code`. / What MH receives when it differs.'),
      department: z.string().optional().describe('El departamento (CAT-012) de un municipio o distrito. / The department.'),
      municipality: z.string().optional().describe('El municipio (CAT-013) de un distrito. / The municipality of a district.'),
    }),
  ),
});

same<Same<z.output<typeof catalogIndex>, Plain<ReturnType<typeof catalogIndexAnswer>>>>(true);
same<Same<z.output<typeof catalogListing>, Plain<ReturnType<typeof catalogAnswer>>>>(true);
