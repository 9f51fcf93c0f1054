// What the company's establishments answer (shared/branches.ts), proven the core's type by proof.ts.
import { z } from 'zod';
import { companyBranch } from '../../../../shared/branches';
import { same, type Answer, type Same } from './proof';

export const companyBranchesView = z.strictObject({
  branches: z.array(companyBranch).describe('Por código. / By code.'),
});

same<Same<z.output<typeof companyBranchesView>, Answer<'companyBranches'>>>(true);
same<Same<z.output<typeof companyBranchesView>, Answer<'setCompanyBranches'>>>(true);
