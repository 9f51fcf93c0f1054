// What a station must have before it may issue under MH's Normativa v2.0 (2026): an establishment code that fits
// v2.0's control number, an address whose CAT-008 district is known (main/core/dte/mh/direccion-v2.ts), and an
// establishment type the 2026 CAT-009 holds.
import { catalogHas, notInCatalogMessage } from '../../../shared/catalogs/normative';
import type { FieldError } from '../../../shared/contract';
import { NORMATIVES, type MhNormativeSetting, type Normative } from '../../../shared/normative';
import { ESTABLISHMENT_CODE_V2 } from '../dte/mh/common-v2';
import { DISTRICT_MISSING, direccionV2 } from '../dte/mh/direccion-v2';
import type { StoredStation } from './profile';

/** The normatives a setting puts in force, now or after its switch. */
const normativesOf = (s: MhNormativeSetting | null | undefined): readonly Normative[] =>
  !s ? ['legacy'] : s.switchAt !== null ? NORMATIVES : [s.current];

/**
 * The station's own catalog codes each normative it issues under must hold (decision 0086): its economic activity
 * goes in every document's emisor (three activities exist in 2026 only).
 */
export function stationCatalogProblems(
  station: Pick<StoredStation, 'company'>,
  setting: MhNormativeSetting | null | undefined,
): FieldError[] {
  const lacking = normativesOf(setting).find((n) => !catalogHas('CAT-019', n, station.company.economicActivity));
  return lacking
    ? [
        {
          path: 'company.economicActivity',
          code: 'UNKNOWN_CODE',
          message: notInCatalogMessage('CAT-019', lacking, station.company.economicActivity),
        },
      ]
    : [];
}

/** Whether the setting ever has the 2026 normative in force (now or after its switch). */
const reaches2026 = (s: MhNormativeSetting) => s.current === '2026' || s.switchAt !== null;

/** Problems that stop `station` from issuing under `setting`; `prefix` is where the setting sits in the input. */
export function normativeProblems(
  station: Pick<StoredStation, 'branch' | 'company'>,
  setting: MhNormativeSetting | null | undefined,
): FieldError[] {
  if (!setting || !reaches2026(setting)) return [];
  const errors: FieldError[] = [];
  if (!ESTABLISHMENT_CODE_V2.test(station.branch.mhCode))
    errors.push({
      path: 'branch.mhCode',
      code: 'INVALID_FORMAT',
      message: `La normativa 2026 exige un código de establecimiento M, B, S o P y 3 dígitos (p. ej. M001); ${station.branch.mhCode} no sirve. Configure una estación nueva con el código que MH le asignó.`,
    });
  if (!direccionV2(station.company.address)) errors.push({ path: 'company.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  // The 2026 CAT-009 has no 20 (otro); contingency events still carry the type (docs/decisions/0086-catalogs-per-normative.md).
  if (!catalogHas('CAT-009', '2026', station.branch.establishmentType))
    errors.push({
      path: 'branch.establishmentType',
      code: 'UNKNOWN_CODE',
      message: notInCatalogMessage('CAT-009', '2026', station.branch.establishmentType),
    });
  return errors;
}
