// The full forms as a cashier meets them: which key does what, each line's total, the defaults of a new line,
// and a catalog picked by code or name and shown as "code · name".
import { describe, expect, it } from 'vitest';
import { catalogIndex, shownText, typedValue } from '../../renderer/src/forms/catalog-text';
import { keyIntent, type KeyPress } from '../../renderer/src/forms/keys';
import { DEFAULT_UNIT, exportLine, firstUnit, lineTotal, purchaseLine, saleLine } from '../../renderer/src/forms/lines';
import { CATALOGS, FORM_SPECS, emptyValue, type Field } from '../../renderer/src/forms/spec';
import { DTE_KINDS } from '../../shared/contract';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('keys', () => {
  it('Enter in a field walks to the next one and never submits', () => {
    expect(keyIntent(press('Enter'), 'field')).toBe('next');
    expect(keyIntent(press('Enter', { shiftKey: true }), 'field')).toBe('previous');
  });
  it('F12 and Ctrl+Enter (Cmd+Enter on a Mac) submit, wherever the focus is', () => {
    for (const target of ['field', 'multiline', 'other'] as const) {
      expect(keyIntent(press('F12'), target)).toBe('submit');
      expect(keyIntent(press('Enter', { ctrlKey: true }), target)).toBe('submit');
      expect(keyIntent(press('Enter', { metaKey: true }), target)).toBe('submit');
    }
  });
  it('a button, a text area and other keys keep their own Enter', () => {
    expect(keyIntent(press('Enter'), 'other')).toBeNull();
    expect(keyIntent(press('Enter'), 'multiline')).toBeNull();
    expect(keyIntent(press('Tab'), 'field')).toBeNull();
    expect(keyIntent(press('Enter', { altKey: true }), 'field')).toBeNull();
    expect(keyIntent(press('F12', { shiftKey: true }), 'field')).toBeNull();
  });
  it('where submitting is not the form’s, F12 and Ctrl+Enter mean nothing', () => {
    expect(keyIntent(press('F12'), 'field', false)).toBeNull();
    expect(keyIntent(press('Enter', { ctrlKey: true }), 'field', false)).toBeNull();
    expect(keyIntent(press('Enter'), 'field', false)).toBe('next');
  });
});

describe('line totals', () => {
  it('quantity × price − discount, to the cent, as typed', () => {
    expect(lineTotal({ quantity: '2', unitPrice: '4.50' })?.toFixed(2)).toBe('9.00');
    expect(lineTotal({ quantity: '3', unitPrice: '1,255', discountAmount: '0.50' })?.toFixed(2)).toBe('3.27');
    expect(lineTotal({ quantity: 1.5, unitPrice: 2 })?.toFixed(2)).toBe('3.00');
  });
  it('nothing until quantity and price are numbers', () => {
    expect(lineTotal({ quantity: '1' })).toBeNull();
    expect(lineTotal({ quantity: 'abc', unitPrice: '2' })).toBeNull();
    expect(lineTotal(undefined)).toBeNull();
  });
});

describe('new lines', () => {
  it('start as goods, taxed, one, in the first line’s unit', () => {
    expect(saleLine([])).toEqual({ type: 'BIENES', saleType: 'GRAVADA', quantity: '1', unitMeasure: DEFAULT_UNIT });
    expect(saleLine([{ unitMeasure: 'LIBRA' }])).toMatchObject({ unitMeasure: 'LIBRA' });
    expect(purchaseLine([{ unitMeasure: 'LITRO' }])).toEqual({ type: 'BIENES', quantity: '1', unitMeasure: 'LITRO' });
    expect(exportLine([])).toEqual({ quantity: '1', unitMeasure: DEFAULT_UNIT });
    expect(firstUnit([{ unitMeasure: '  ' }])).toBe(DEFAULT_UNIT);
  });

  // Every select of a first line and of an added one has a value: no line shows an empty "—".
  const selectsOf = (fields: readonly Field[]) => fields.filter((f) => f.type === 'select' && !f.optional).map((f) => f.key);
  for (const kind of DTE_KINDS) {
    it(`${kind}: its lines start with every choice made`, () => {
      const value = emptyValue(kind, 'x');
      for (const f of FORM_SPECS[kind].flatMap((s) => s.fields)) {
        if (f.type !== 'list' || f.key !== 'items') continue;
        const first = (value.items as Record<string, unknown>[])[0] ?? {};
        const added = f.fresh?.([first]) ?? {};
        for (const key of selectsOf(f.item)) {
          expect(first[key], `${kind} first line ${key}`).toBeDefined();
          expect(added[key], `${kind} added line ${key}`).toBeDefined();
        }
      }
    });
  }
});

describe('catalog pickers', () => {
  const activities = catalogIndex(CATALOGS.activities);
  const units = catalogIndex(CATALOGS.units, CATALOGS.unitCodes);
  it('show a picked entry as code · name', () => {
    expect(shownText(activities, '46900')).toMatch(/^46900 · \S/);
    expect(shownText(units, 'UNIDAD')).toBe('59 · unidad');
    expect(shownText(units, 'no-such')).toBe('no-such');
    expect(shownText(units, undefined)).toBe('');
  });
  it('take a code, a key, the shown text or a name, with or without accents and case', () => {
    expect(typedValue(units, '59')).toBe('UNIDAD');
    expect(typedValue(units, 'unidad')).toBe('UNIDAD');
    expect(typedValue(units, 'UNIDAD')).toBe('UNIDAD');
    expect(typedValue(units, '59 · unidad')).toBe('UNIDAD');
    expect(typedValue(activities, shownText(activities, '46900'))).toBe('46900');
    expect(typedValue(activities, '46900')).toBe('46900');
  });
  it('keep text the catalog does not know, for the schema to name', () => {
    expect(typedValue(activities, '4690')).toBe('4690');
    expect(typedValue(units, 'caja grande')).toBe('caja grande');
  });
});
