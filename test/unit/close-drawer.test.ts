// The close's arithmetic on its own (main/core/close/day-close.ts `drawer`) and the screen's check of the two
// amounts typed (renderer/src/close/drawer.ts): exact decimals, a shortage is negative, bad text is named.
import { describe, expect, it } from 'vitest';
import { drawer } from '../../main/core/close/day-close';
import { drawerProblems, drawerRequest } from '../../renderer/src/close/drawer';
import { dec } from '../../shared/tax';

const words = { bad: 'monto', both: 'los dos' };

describe('the drawer arithmetic', () => {
  it('float + cash sales − cash refunds is expected; counted short by $1.00 is −1.00', () => {
    expect(drawer({ openingFloat: '50.00', counted: '97.82' }, dec('57.30'), dec('-8.48'))).toEqual({
      openingFloat: '50.00',
      cashSales: '57.30',
      cashRefunds: '8.48',
      expected: '98.82',
      counted: '97.82',
      overShort: '-1.00',
    });
  });
  it('is exact where binary floats are not (0.1 + 0.2), and an over is positive', () => {
    const d = drawer({ openingFloat: '0.1', counted: '0.31' }, dec('0.2'), dec('0'));
    expect([d.expected, d.overShort]).toEqual(['0.30', '0.01']);
  });
});

describe('the amounts typed at the drawer', () => {
  it('takes dollars with up to 2 decimals, both or neither', () => {
    expect(drawerProblems({ openingFloat: '50', counted: '97.82' }, words)).toEqual({});
    expect(drawerProblems({ openingFloat: '', counted: '' }, words)).toEqual({});
    expect(drawerRequest({ openingFloat: ' 50 ', counted: '97.8' })).toEqual({ openingFloat: '50', counted: '97.8' });
    expect(drawerRequest({ openingFloat: '', counted: ' ' })).toBeNull();
  });
  it('names the field in error: cents past two, a sign, a comma, one left empty', () => {
    expect(drawerProblems({ openingFloat: '50.00', counted: '97.825' }, words)).toEqual({ counted: 'monto' });
    expect(drawerProblems({ openingFloat: '-5', counted: '1,50' }, words)).toEqual({ openingFloat: 'monto', counted: 'monto' });
    expect(drawerProblems({ openingFloat: '50', counted: '' }, words)).toEqual({ counted: 'los dos' });
    // Leaving a field checks only its text: the pair is checked when the close is tried.
    expect(drawerProblems({ openingFloat: '50', counted: '' }, { ...words, both: null })).toEqual({});
  });
});
