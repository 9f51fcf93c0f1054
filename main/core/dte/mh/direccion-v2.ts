// MH's 2026 address (fe-f-v2 and the other v2.0 files): departamento, 2024 municipio (CAT-013), distrito (CAT-008).
import { DISTRICTS } from '../../../../shared/catalogs/data/districts';

type Address = {
  readonly department: string;
  readonly municipality: string;
  readonly complement: string;
  readonly district?: string | null;
};

const key = (department: string, code: string) => `${department}/${code}`;
/** A pre-2024 municipality is a district now, with the same code (test/unit/catalogs.test.ts checks it). */
const DISTRICT_BY_CODE = new Map(DISTRICTS.map((d) => [key(d.department, d.code), d]));
/** The districts of each 2024 municipality. */
const DISTRICTS_OF = new Map<string, string[]>();
for (const d of DISTRICTS)
  DISTRICTS_OF.set(key(d.department, d.municipality), [...(DISTRICTS_OF.get(key(d.department, d.municipality)) ?? []), d.code]);

/**
 * The address as v2.0 writes it, or null when the district cannot be known: an address without `district`
 * whose 2024 municipality holds several districts does not say which one.
 */
export function direccionV2(a: Address) {
  // The address names its district (the contract's `district`, checked against CAT-008 when it was read).
  const named = a.district ? DISTRICT_BY_CODE.get(key(a.department, a.district)) : undefined;
  if (named) return { departamento: a.department, municipio: named.municipality, distrito: named.code, complemento: a.complement };
  const former = DISTRICT_BY_CODE.get(key(a.department, a.municipality));
  if (former) return { departamento: a.department, municipio: former.municipality, distrito: former.code, complemento: a.complement };
  const only = DISTRICTS_OF.get(key(a.department, a.municipality));
  if (only?.length === 1) return { departamento: a.department, municipio: a.municipality, distrito: only[0]!, complemento: a.complement };
  return null;
}

export const DISTRICT_MISSING =
  'MH (normativa 2026) exige el distrito (CAT-008): indique el distrito de la dirección (o el código del municipio anterior a 2024, que es el del distrito).';
