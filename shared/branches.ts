// The company's establishments as this station knows them (docs/decisions/0084-emitir-new-kinds.md): a list a
// supervisor keeps, from which a Nota de Remisión to another branch picks its destination in one step.
import { z } from 'zod';
import { address } from './contract/common';
import { addRuleIssue, custom, text } from './contract/primitives';
import { bilingual, described } from './contract/descriptions';

/** MH's establishment code: casa Matriz, Sucursal, Bodega or Predio, and three digits (M001, S044, B022, P507). */
export const BRANCH_CODE = /^[MSBP]\d{3}$/;
export const MAX_BRANCHES = 200;

export const companyBranch = z.strictObject({
  code: described(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(BRANCH_CODE, custom('INVALID_FORMAT', 'Código de MH del establecimiento: M, S, B o P y 3 dígitos (M001, S044).')),
    bilingual(
      'Código del establecimiento en MH: M (casa matriz), S (sucursal), B (bodega) o P (predio) y 3 dígitos, p. ej. S044.',
      "The establishment's MH code: M (head office), S (branch), B (warehouse) or P (yard) and 3 digits, e.g. S044.",
    ),
  ),
  name: described(
    text(150, 3),
    bilingual('Nombre del establecimiento, de 3 a 150 caracteres.', "The establishment's name, 3 to 150 characters."),
  ),
  address: described(address(5), bilingual('Dirección del establecimiento.', "The establishment's address.")),
});
export type CompanyBranch = z.output<typeof companyBranch>;

/** PUT /settings/branches: the whole list, replacing the one kept. */
export const companyBranchesInput = z
  .strictObject({
    branches: described(
      z.array(companyBranch).max(MAX_BRANCHES),
      bilingual(
        `Los establecimientos de la empresa, hasta ${MAX_BRANCHES}; cada código una sola vez.`,
        `The company's establishments, up to ${MAX_BRANCHES}; each code once.`,
      ),
    ),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.branches.forEach((b, i) => {
      if (seen.has(b.code)) addRuleIssue(ctx, ['branches', i, 'code'], 'DUPLICATE', `El código ${b.code} ya está en la lista.`);
      seen.add(b.code);
    });
  });

export interface CompanyBranches {
  readonly branches: readonly CompanyBranch[];
}
