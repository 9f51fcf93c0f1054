import { describe, expect, it } from 'vitest';
import { dec } from '../../shared/tax/decimal';
import { amountInWords, integerWords } from '../../shared/tax/words';

describe('amount in words', () => {
  it.each([
    ['0', 'CERO DÓLARES CON 00/100'],
    ['0.07', 'CERO DÓLARES CON 07/100'],
    ['1', 'UN DÓLAR CON 00/100'],
    ['1.5', 'UN DÓLAR CON 50/100'],
    ['16', 'DIECISÉIS DÓLARES CON 00/100'],
    ['21', 'VEINTIÚN DÓLARES CON 00/100'],
    ['22.22', 'VEINTIDÓS DÓLARES CON 22/100'],
    ['31', 'TREINTA Y UN DÓLARES CON 00/100'],
    ['65', 'SESENTA Y CINCO DÓLARES CON 00/100'],
    ['100', 'CIEN DÓLARES CON 00/100'],
    ['101', 'CIENTO UN DÓLARES CON 00/100'],
    ['120.5', 'CIENTO VEINTE DÓLARES CON 50/100'],
    ['500', 'QUINIENTOS DÓLARES CON 00/100'],
    ['999.99', 'NOVECIENTOS NOVENTA Y NUEVE DÓLARES CON 99/100'],
    ['1000', 'MIL DÓLARES CON 00/100'],
    ['1095', 'MIL NOVENTA Y CINCO DÓLARES CON 00/100'],
    ['21000', 'VEINTIÚN MIL DÓLARES CON 00/100'],
    ['101001', 'CIENTO UN MIL UN DÓLARES CON 00/100'],
    ['700715.3', 'SETECIENTOS MIL SETECIENTOS QUINCE DÓLARES CON 30/100'],
    ['1000000', 'UN MILLÓN DE DÓLARES CON 00/100'],
    ['1000001', 'UN MILLÓN UN DÓLARES CON 00/100'],
    ['2500000', 'DOS MILLONES QUINIENTOS MIL DÓLARES CON 00/100'],
    ['21000000', 'VEINTIÚN MILLONES DE DÓLARES CON 00/100'],
    [
      '99999999999.99',
      'NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE DÓLARES CON 99/100',
    ],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(dec(amount))).toBe(words);
  });

  it('rounds to cents half up before writing', () => {
    expect(amountInWords(dec('10.005'))).toBe('DIEZ DÓLARES CON 01/100');
  });

  it('keeps "uno" whole when no noun follows', () => {
    expect(integerWords(21)).toBe('VEINTIUNO');
    expect(integerWords(31)).toBe('TREINTA Y UNO');
    expect(() => integerWords(-1)).toThrow(RangeError);
  });
});
