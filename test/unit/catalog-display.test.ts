// Catalog names shown to people carry their accents and capitals (issue 33), and differ from MH's text
// (checked against MH's files by catalogs.test.ts) only in that: same codes, same order, same letters.
import { describe, expect, it } from 'vitest';
import { ECONOMIC_ACTIVITIES, PAYMENT_METHODS } from '../../shared/catalogs';
import { ECONOMIC_ACTIVITIES_SHOWN, PAYMENT_METHODS_SHOWN, activityName, paymentMethodName } from '../../shared/catalogs/display';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (s: string) =>
  fold(s)
    .split(/[^a-z0-9.()]+/)
    .filter(Boolean);

describe('catalog names shown to people', () => {
  it('economic activities: MH codes in MH order, MH text but for accents and case', () => {
    expect(ECONOMIC_ACTIVITIES_SHOWN.map((a) => a.code)).toEqual(ECONOMIC_ACTIVITIES.map((a) => a.code));
    ECONOMIC_ACTIVITIES_SHOWN.forEach((a, i) => expect(fold(a.name), a.code).toBe(fold(ECONOMIC_ACTIVITIES[i]?.name ?? '')));
  });

  it('economic activities start with a capital and keep no word that lost its accent', () => {
    const unaccented = /\b(cafe|azucar|credito|debito|electronicos?|publica|tecnicos?|vehiculos|articulos|via|\w+cion)\b/u;
    for (const a of ECONOMIC_ACTIVITIES_SHOWN) {
      expect(a.name.charAt(0), a.code).toBe(a.name.charAt(0).toUpperCase());
      expect(a.name, a.code).not.toMatch(unaccented);
    }
    expect(activityName('46293')).toBe('Venta al por mayor de café oro y uva');
    expect(activityName('46294')).toBe('Venta al por mayor de caña de azúcar');
    expect(activityName('99999')).toBeUndefined();
  });

  it('payment methods: MH codes in MH order, MH words with accents, a capital and only "de" or "o" added', () => {
    expect(PAYMENT_METHODS_SHOWN.map((m) => m.code)).toEqual(PAYMENT_METHODS.map((m) => m.code));
    PAYMENT_METHODS_SHOWN.forEach((m, i) => {
      const mh = PAYMENT_METHODS[i]?.name ?? '';
      expect(
        words(m.name).filter((w) => !(w === 'de' || w === 'o') || words(mh).includes(w)),
        m.code,
      ).toEqual(words(mh));
      expect(m.name.charAt(0)).toBe(m.name.charAt(0).toUpperCase());
    });
    expect(paymentMethodName('03')).toBe('Tarjeta de crédito');
    expect(paymentMethodName('02')).toBe('Tarjeta de débito');
    expect(paymentMethodName('07')).toBeUndefined();
  });
});
