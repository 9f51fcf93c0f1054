// What names a station's documents at MH and its numbering: environment, NIT, branch and point of sale. Its
// documents, sequences and queue were made under them, so Ajustes never changes them in place.
import type { FieldError } from '../../../shared/contract/issues';
import type { StoredStation } from './profile';

interface Identity {
  readonly environment: string;
  readonly company: { readonly nit: string };
  readonly branch: { readonly mhCode: string; readonly posNumber: number };
}

export function identityChanges(current: StoredStation, next: Identity): FieldError[] {
  const changes: [string, unknown, unknown][] = [
    ['environment', current.environment, next.environment],
    ['company.nit', current.company.nit, next.company.nit],
    ['branch.mhCode', current.branch.mhCode, next.branch.mhCode],
    ['branch.posNumber', current.branch.posNumber, next.branch.posNumber],
  ];
  return changes
    .filter(([, was, now]) => was !== now)
    .map(([path, was]) => ({
      path,
      code: 'NOT_ALLOWED' as const,
      message: `No cambia en una estación configurada (es ${String(was)}): sus documentos y su numeración dependen de él. Para otro valor, configure una estación nueva.`,
    }));
}
