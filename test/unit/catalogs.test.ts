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
  REGIMES,
  TAXES,
  UNITS,
} from '../../shared/catalogs';

const MH = join(__dirname, '..', '..', '..', 'shared', 'mh', 'catalogs');
interface Item { codigo: string; valores?: string; valor?: string; departamento?: string }
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
    const legacy = items('legacy-2024/CAT-013.json').filter((i) => i.codigo !== '00').map((i) => `${i.departamento}/${i.codigo}`);
    const ours = MUNICIPALITIES.map((m) => `${m.department}/${m.code}`);
    expect(ours.sort()).toEqual([...current, ...legacy].sort());
    expect(new Set(ours).size).toBe(ours.length);
    expect(MUNICIPALITIES.filter((m) => m.era === '2024')).toHaveLength(45);
  });
  it('CAT-014 units: every code, with a distinct contract key, OTRA = 99', () => {
    expect(UNITS.map((u) => [String(u.code).padStart(2, '0'), u.name])).toEqual(pairs(items('legacy-2024/CAT-014.json')));
    expect(new Set(UNITS.map((u) => u.key)).size).toBe(UNITS.length);
    expect(UNITS.find((u) => u.key === 'OTRA')?.code).toBe(99);
    expect(UNITS.find((u) => u.key === 'KILOGRAMO')?.code).toBe(34);
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
});
