// CSV injection (docs/decisions/0067-email-rights-and-small-guards.md): a text cell of the homologation report that
// starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe, read back as written; numbers and
// ordinary text are untouched. (The catalog's CSV does the same: main/core/catalog/csv.ts; the F-07 annexes remove
// those characters instead, decision 0013.)
import { describe, expect, it } from 'vitest';
import { csvField, defused, parseCsv } from '../../main/core/catalog/csv';
import { reportCsv } from '../../main/core/homologation/report-csv';
import type { HomologationReport } from '../../shared/homologation';

const FORMULAS = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];

const report = (message: string, observations: string[], company = 'Comercial Sello'): HomologationReport => ({
  runId: 'run-1',
  company: { name: company, nit: '06142803901121', nrc: '2345678' },
  branch: { mhCode: 'M001', posNumber: 1 },
  environment: 'TEST',
  normative: '2026',
  seed: 7,
  startedAt: '2026-11-20T07:59:58-06:00',
  finishedAt: null,
  generatedAt: '2026-11-21T09:15:00-06:00',
  complete: false,
  kinds: [],
  events: [],
  rejections: [{ at: '2026-11-20T09:01:02-06:00', key: 'FC', id: 'A1', controlNumber: null, message, observations }],
});

describe('formula neutralisation', () => {
  it.each(FORMULAS)('defused(%j) starts with an apostrophe and keeps the rest', (v) => {
    expect(defused(v)).toBe(`'${v}`);
    expect(parseCsv(csvField(v)).records[0]).toEqual([`'${v}`]);
  });

  it('ordinary text, an inner minus and an e-mail address are left alone', () => {
    for (const v of ['Ferretería El Tornillo', 'DTE-01-M001P001-000000000000001', 'ana@example.com', '12.50']) expect(defused(v)).toBe(v);
  });

  it('every formula-like text cell of the homologation report comes back with its apostrophe; numbers do not', () => {
    for (const f of FORMULAS) {
      const csv = reportCsv(report(f, [f], f));
      const rows = parseCsv(csv.slice(1)).records;
      const company = rows.find((r) => r[0] === 'Empresa');
      expect(company?.[1]).toBe(`'${f}`);
      const rejection = rows.find((r) => r[0] === 'RECHAZO');
      expect(rejection?.[9]).toBe(`'${f}`);
      expect(rejection?.[10]).toBe(`'${f}`);
      // The seed is a number: written as digits, no apostrophe.
      expect(rows.find((r) => r[0] === 'Semilla')?.[1]).toBe('7');
      // No line of the file starts a cell with a bare formula character.
      for (const r of rows) for (const cell of r) expect(cell, JSON.stringify(r)).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
