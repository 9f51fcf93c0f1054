// An establishment's address as a person reads it, under the NR's destination (forms/BranchField.tsx).
import type { CompanyBranch } from '../../../shared/branches';
import { DEPARTMENTS, MUNICIPALITIES } from '../../../shared/catalogs';

/** "Avenida Independencia Sur 15, SANTA ANA CENTRO, Santa Ana": the complement, the municipality, the department. */
export function addressText(a: CompanyBranch['address']): string {
  const department = DEPARTMENTS.find((d) => d.code === a.department)?.name;
  const municipality = MUNICIPALITIES.find((m) => m.department === a.department && m.code === a.municipality)?.name;
  return [a.complement, municipality, department].filter(Boolean).join(', ');
}
