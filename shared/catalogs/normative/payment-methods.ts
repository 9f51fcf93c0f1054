// CAT-017 Forma de pago under each normative, apart from the other catalogs so the counter loads only this
// (docs/decisions/0086-catalogs-per-normative.md). Checked by test/unit/catalogs-per-normative.test.ts.
import type { Normative } from '../../normative';

/** The legacy catalog's 14 codes (no 07). */
const LEGACY = ['01', '02', '03', '04', '05', '06', '08', '09', '10', '11', '12', '13', '14', '99'] as const;
/** The 2026 catalog keeps 12: `06` (vales o cupones) and `10` (certificado o tarjeta de regalo) are gone (docs/mh.md). */
const V2026 = ['01', '02', '03', '04', '05', '08', '09', '11', '12', '13', '14', '99'] as const;

export const PAYMENT_CODES: Readonly<Record<Normative, ReadonlySet<string>>> = {
  legacy: new Set(LEGACY),
  '2026': new Set(V2026),
};
