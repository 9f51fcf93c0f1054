// Issue 32 item 7: a name a spreadsheet would run as a formula (`=cmd|' /C calc'!A0`) leaves the annex without its
// leading = + - @, in the free-text cells only; amounts keep their sign. The station and the hub both build annexes
// with buildAnnex (the hub's path runs over PostgreSQL in test/integration/hub-books.test.ts).
import { describe, expect, it } from 'vitest';
import { BOOKS_DEFAULTS } from '../../../shared/books';
import { buildAnnex } from '../../../main/core/books/annexes';
import { text } from '../../../main/core/books/annex-cells';
import type { BookDocument } from '../../../main/core/books/book-document';
import { NO_CENTS, cents } from '../../../main/core/books/cents';

const EVIL = "=cmd|' /C calc'!A0";

function doc(kind: 'CCF' | 'FSE', name: string): BookDocument {
  return {
    id: 'x',
    kind,
    status: 'APPROVED',
    controlNumber: `DTE-${kind === 'CCF' ? '03' : '14'}-M001P001-000000000000001`,
    generationCode: 'B00C0000-0000-4000-8000-000000000001',
    seal: '2026DE16B8B536CFFA0E31A4B473B077B8EB3F62',
    date: '2026-11-02',
    time: '10:00:00',
    point: 'M001P001',
    issuedBy: null,
    issuedByName: null,
    operation: 1,
    party: { name, docType: '36', number: '06141234567890', nrc: '1234567', country: null },
    exenta: NO_CENTS,
    noSujeta: NO_CENTS,
    gravada: cents(100),
    iva: cents(13),
    ivaRetenido: NO_CENTS,
    ivaPercibido: NO_CENTS,
    total: cents(113),
    exportItems: 0,
    operationAmount: cents(113),
    retentions: [],
    lines: () => [],
    thirdParty: null,
    invalidatedOn: null,
  };
}

const month = (d: BookDocument) => ({ month: '2026-11', issued: [d], invalidated: [], point: 'M001P001' });

describe('formula injection in annex cells', () => {
  it('a leading = + - @ (and spaces before them) are removed from free text, the rest kept', () => {
    expect(text(EVIL)).toBe("cmd|' /C calc'!A0");
    expect(text('  +SUM(A1) ')).toBe('SUM(A1)');
    expect(text('-@=Farmacia')).toBe('Farmacia');
    expect(text('Farmacia = Salud - Centro')).toBe('Farmacia = Salud - Centro');
    expect(text('"=1";2')).toBe('1 2');
  });

  it('annex 1 (CCF, column I) and annex 5 (excluded subject, column C) never start a cell with a formula', () => {
    for (const [annex, d, col] of [
      ['1', doc('CCF', EVIL), 8],
      ['5', doc('FSE', EVIL), 2],
    ] as const) {
      const rows = buildAnnex(annex, month(d), BOOKS_DEFAULTS).rows;
      expect(rows.length, annex).toBeGreaterThan(0);
      for (const r of rows) for (const c of r) expect(c, `annex ${annex}: ${r.join(';')}`).not.toMatch(/^[=+@]/);
      expect(rows[0]![col]).toBe("cmd|' /C calc'!A0");
    }
  });
});
