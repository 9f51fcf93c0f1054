// The project's own catalog modules must agree with MH's catalog files in ../shared/mh/catalogs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  DEPARTMENTS,
  ECONOMIC_ACTIVITIES,
  FISCAL_ENCLOSURES,
  MUNICIPALITIES,
  PAYMENT_METHODS,
  REGIMES,
  TAXES,
  UNITS,
} from '../../shared/catalogs';
import { CAT020_BY_ISO } from '../../shared/catalogs/data/country-cat020';
import { DISTRICTS } from '../../shared/catalogs/data/districts';

const MH = join(__dirname, '..', '..', '..', 'shared', 'mh', 'catalogs');
interface Item {
  codigo: string;
  municipio?: string;
  valores?: string;
  valor?: string;
  departamento?: string;
}
const items = (rel: string): Item[] => (JSON.parse(readFileSync(join(MH, rel), 'utf8')) as { items: Item[] }).items;
const pairs = (list: Item[]) => list.map((i) => [i.codigo, i.valores ?? i.valor]);

describe('catalogs agree with MH', () => {
  it('CAT-012 departments', () => {
    expect(DEPARTMENTS.map((d) => [d.code, d.name])).toEqual(pairs(items('legacy-2024/CAT-012.json')));
  });
  it('CAT-019 economic activities', () => {
    expect(ECONOMIC_ACTIVITIES.map((d) => [d.code, d.name])).toEqual(pairs(items('legacy-2024/CAT-019.json')));
    expect(ECONOMIC_ACTIVITIES).toHaveLength(771);
  });
  it('CAT-027 fiscal enclosures and CAT-028 regimes', () => {
    expect(FISCAL_ENCLOSURES.map((d) => [d.code, d.name])).toEqual(pairs(items('legacy-2024/CAT-027.json')));
    expect(REGIMES.map((d) => [d.code, d.name])).toEqual(pairs(items('legacy-2024/CAT-028.json')));
  });
  it('CAT-013 municipalities: every 2024 and pre-2024 code, each in its department, no overlap', () => {
    const current = items('current-2024-2026/CAT-013-municipio-2024.json').map((i) => `${i.departamento}/${i.codigo}`);
    const legacy = items('legacy-2024/CAT-013.json')
      .filter((i) => i.codigo !== '00')
      .map((i) => `${i.departamento}/${i.codigo}`);
    const ours = MUNICIPALITIES.map((m) => `${m.department}/${m.code}`);
    expect(ours.sort()).toEqual([...current, ...legacy].sort());
    expect(new Set(ours).size).toBe(ours.length);
    expect(MUNICIPALITIES.filter((m) => m.era === '2024')).toHaveLength(45);
  });
  it('CAT-008 districts: the pre-2024 municipalities, same codes, each in a 2024 municipality of its department', () => {
    const mh = items('current-2024-2026/CAT-008-distrito.json').filter((i) => i.codigo !== '00');
    expect(DISTRICTS.map((d) => [d.department, d.municipality, d.code, d.name])).toEqual(
      mh.map((i) => [i.departamento, i.municipio, i.codigo, i.valor]),
    );
    const pre2024 = MUNICIPALITIES.filter((m) => m.era === 'pre-2024').map((m) => `${m.department}/${m.code}`);
    expect(DISTRICTS.map((d) => `${d.department}/${d.code}`).sort()).toEqual(pre2024.sort());
    const current = new Set(MUNICIPALITIES.filter((m) => m.era === '2024').map((m) => `${m.department}/${m.code}`));
    expect(DISTRICTS.filter((d) => !current.has(`${d.department}/${d.municipality}`))).toEqual([]);
  });
  it('CAT-014 units: every code, with a distinct contract key, OTRA = 99', () => {
    expect(UNITS.map((u) => [String(u.code).padStart(2, '0'), u.name])).toEqual(pairs(items('legacy-2024/CAT-014.json')));
    expect(new Set(UNITS.map((u) => u.key)).size).toBe(UNITS.length);
    expect(UNITS.find((u) => u.key === 'OTRA')?.code).toBe(99);
    expect(UNITS.find((u) => u.key === 'KILOGRAMO')?.code).toBe(34);
  });
  it('CAT-017 payment methods', () => {
    expect(PAYMENT_METHODS.map((d) => [d.code, d.name])).toEqual(pairs(items('legacy-2024/CAT-017.json')));
  });
  it('CAT-015 taxes: every code outside the section headers, in its section', () => {
    const mh = items('legacy-2024/CAT-015.json');
    expect(TAXES.map((t) => t.code)).toEqual(mh.filter((i) => !/^[123]$/.test(i.codigo)).map((i) => i.codigo));
    expect(TAXES.find((t) => t.code === '20')?.section).toBe(1);
    expect(TAXES.find((t) => t.code === 'A8')?.section).toBe(2);
    expect(TAXES.find((t) => t.code === 'C5')?.section).toBe(3);
  });
  it('countries: the 249 ISO 3166-1 alpha-2 codes, El Salvador included', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    expect(COUNTRIES.map((c) => c.code)).toContain('SV');
    expect(COUNTRIES.map((c) => c.code)).not.toContain('UK');
  });

  it('ISO → CAT-020 crosswalk: every target exists with its name; every ISO code maps but seven MH never listed', () => {
    const cat020 = new Map(items('legacy-2024/CAT-020.json').map((i) => [i.codigo, i.valores]));
    for (const [iso, target] of Object.entries(CAT020_BY_ISO)) {
      expect(cat020.get(target.code), iso).toBe(target.name);
    }
    expect(COUNTRIES.map((c) => c.code).filter((c) => !CAT020_BY_ISO[c])).toEqual(['AQ', 'BL', 'BV', 'GS', 'HM', 'MF', 'SS']);
    expect(CAT020_BY_ISO.SV?.code).toBe('9300');
    expect(CAT020_BY_ISO.GT?.code).toBe('9483');
    expect(CAT020_BY_ISO.US?.code).toBe('9450');
  });

  it('every CAT-020 entry is reached from an ISO code, or is a former country, a US state or a duplicate', () => {
    const reached = new Set(Object.values(CAT020_BY_ISO).map((t) => t.code));
    const unreached = items('legacy-2024/CAT-020.json')
      .filter((i) => !reached.has(i.codigo))
      .map((i) => i.codigo);
    // Reviewed by hand: historical states (USSR, Yugoslavia, Zaire…), US states and other sub-national entries,
    // and second codes for countries already mapped (Mali 9574, Yibuti 9751, Palestina 9640).
    expect(unreached.sort()).toEqual(
      [
        '9905',
        '9999',
        '9309',
        '9310',
        '9315',
        '9374',
        '9387',
        '9420',
        '9435',
        '9636',
        '9669',
        '9725',
        '9732',
        '9740',
        '9744',
        '9747',
        '9756',
        '9758',
        '9886',
        '9640',
        '9530',
        '9532',
        '9574',
        '9751',
        '9901',
        '9902',
        '9903',
        '9904',
        '9514',
        '9906',
        '9900',
        '9376',
        '9907',
      ].sort(),
    );
  });
});
