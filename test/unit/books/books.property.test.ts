// For random months of documents (issue 16's property tests): Anexo 2's daily rows add up to each day's FC and
// FEX, Anexo 1's rows to the CCF, NC and ND, the books' totals equal the annexes', and every file the station
// writes passes MH's checks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKS_DEFAULTS } from '../../../shared/books';
import { Dec, ZERO, round2 } from '../../../shared/tax';
import { NO_CENTS, centsDec } from '../../../main/core/books/cents';
import { standsAt } from '../../../main/core/books/annex-build';
import { checkAnnex } from '../../../main/core/books/annex-check';
import { annexFileName } from '../../../main/core/books/annex-file';
import { buildAnnex, type MonthDocuments } from '../../../main/core/books/annexes';
import type { BookDocument } from '../../../main/core/books/book-document';
import type { BookHeader } from '../../../main/core/books/book-model';
import { consumerBook } from '../../../main/core/books/consumer-book';
import { contributorBook } from '../../../main/core/books/contributor-book';
import { MONTH, documentOf, monthArb } from '../../support/book-arbitraries';
const HEADER: BookHeader = {
  title: 'LIBRO',
  month: MONTH,
  monthName: 'noviembre de 2026',
  company: { name: 'Empresa', nit: '06142803901121', nrc: '2345678', station: 'M001P001' },
  generatedAt: '2026-12-03T09:00:00-06:00',
};
const sumCol = (rows: readonly (readonly string[])[], letter: string) =>
  rows.reduce((a, r) => a.plus(new Dec(r[letter.charCodeAt(0) - 65]!)), ZERO);
const dateOf = (ddmmyyyy: string) => ddmmyyyy.split('/').reverse().join('-');
const money = (d: Dec) => round2(d).toFixed(2);

describe('random months', () => {
  it("Anexo 2's rows of a day add up to that day's standing FC and FEX", () => {
    fc.assert(
      fc.property(monthArb, (m) => {
        // This month's rows; the negative ones are dated in the months before.
        const rows = buildAnnex('2', m, BOOKS_DEFAULTS).rows.filter((r) => dateOf(r[0]!).startsWith(MONTH));
        const standing = m.issued.filter((d) => standsAt(d, '2026-11-30'));
        for (const date of new Set(standing.map((d) => d.date))) {
          const fcs = standing.filter((d) => d.kind === 'FC' && d.date === date);
          const fexs = standing.filter((d) => d.kind === 'FEX' && d.date === date);
          const ofDay = rows.filter((r) => dateOf(r[0]!) === date);
          const ofType = (t: string) => ofDay.filter((r) => r[2] === t);
          expect(money(sumCol(ofType('01'), 'N'))).toBe(money(fcs.reduce((a, d) => a.plus(centsDec(d.gravada)), ZERO)));
          expect(money(sumCol(ofType('01'), 'K'))).toBe(money(fcs.reduce((a, d) => a.plus(centsDec(d.exenta)), ZERO)));
          const exported = ['O', 'P', 'Q'].reduce((a, l) => a.plus(sumCol(ofType('11'), l)), ZERO);
          expect(money(exported)).toBe(money(fexs.reduce((a, d) => a.plus(centsDec(d.operationAmount)), ZERO)));
          // The first and last generation codes of the day, in the order the documents were issued.
          if (fcs.length) {
            const sorted = [...fcs].sort((a, b) => `${a.time}${a.controlNumber}`.localeCompare(`${b.time}${b.controlNumber}`));
            expect(ofType('01')[0]![7]).toBe(sorted[0]!.generationCode.replace(/-/g, ''));
            expect(ofType('01')[0]![8]).toBe(sorted[sorted.length - 1]!.generationCode.replace(/-/g, ''));
          }
        }
        expect(rows.every((r) => standing.some((d) => d.date === dateOf(r[0]!)))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("Anexo 1's rows add up to the standing CCF, NC and ND, type by type", () => {
    fc.assert(
      fc.property(monthArb, (m) => {
        const rows = buildAnnex('1', m, BOOKS_DEFAULTS).rows;
        const standing = m.issued.filter((d) => standsAt(d, '2026-11-30'));
        for (const [kind, type] of [
          ['CCF', '03'],
          ['NC', '05'],
          ['ND', '06'],
        ] as const) {
          const docs = standing.filter((d) => d.kind === kind);
          const of = rows.filter((r) => r[2] === type);
          expect(of).toHaveLength(docs.length);
          expect(money(sumCol(of, 'L'))).toBe(money(docs.reduce((a, d) => a.plus(centsDec(d.gravada)), ZERO)));
          expect(money(sumCol(of, 'M'))).toBe(money(docs.reduce((a, d) => a.plus(centsDec(d.iva)), ZERO)));
          expect(money(sumCol(of, 'P'))).toBe(
            money(docs.reduce((a, d) => a.plus(centsDec(d.exenta)).plus(centsDec(d.noSujeta)).plus(centsDec(d.gravada)), ZERO)),
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it("the books' totals equal the annexes'", () => {
    fc.assert(
      fc.property(monthArb, (m) => {
        const a1 = buildAnnex('1', m, BOOKS_DEFAULTS).rows;
        const a2 = buildAnnex('2', m, BOOKS_DEFAULTS).rows;
        const positive = a2.filter((r) => dateOf(r[0]!).startsWith(MONTH));
        const negative = a2.filter((r) => !dateOf(r[0]!).startsWith(MONTH));
        expect(a2.every((r) => r.every((cell) => cell !== '-0.00'))).toBe(true);
        const consumer = consumerBook(m, HEADER);
        const [days, , annulled] = consumer.tables;
        expect(days!.totals.gravadas).toBe(money(sumCol(positive, 'N')));
        expect(days!.totals.exentas).toBe(money(sumCol(positive, 'K')));
        expect(days!.totals.exportaciones).toBe(money(['O', 'P', 'Q'].reduce((a, l) => a.plus(sumCol(positive, l)), ZERO)));
        expect(days!.totals.total).toBe(money(sumCol(positive, 'T')));
        expect(annulled!.totals.total ?? '0.00').toBe(money(sumCol(negative, 'T')));
        const contributor = contributorBook(m, HEADER).tables[0]!;
        const signed = (letter: string) =>
          sumCol(
            a1.filter((r) => r[2] !== '05'),
            letter,
          ).minus(
            sumCol(
              a1.filter((r) => r[2] === '05'),
              letter,
            ),
          );
        expect(contributor.totals.gravadas).toBe(money(signed('L')));
        expect(contributor.totals.debito).toBe(money(signed('M')));
        expect(contributor.rows).toHaveLength(a1.length);
      }),
      { numRuns: 150 },
    );
  });

  it("every annex the station writes passes MH's checks (no error)", () => {
    fc.assert(
      fc.property(monthArb, (m) => {
        for (const annex of ['1', '2', '5', '10', '12', 'anulados'] as const) {
          const rows = buildAnnex(annex, m, BOOKS_DEFAULTS).rows;
          const errors = checkAnnex(annex, rows, MONTH, BOOKS_DEFAULTS, annexFileName(annex, MONTH, 'M001P001')).filter(
            (p) => p.severity === 'error',
          );
          expect(errors, annex).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('found by the properties', () => {
  it("an earlier month's FC worth $0.00 invalidated now gives Anexo 2 no row (seed 1242294905)", () => {
    const zero = fc.sample(documentOf(fc.constant('2026-10-01')), { numRuns: 1, seed: 1 })[0]!;
    const doc: BookDocument = {
      ...zero,
      kind: 'FC',
      exenta: NO_CENTS,
      noSujeta: NO_CENTS,
      gravada: NO_CENTS,
      status: 'INVALIDATED',
      invalidatedOn: '2026-11-05',
    };
    const m: MonthDocuments = { month: MONTH, issued: [], invalidated: [doc], point: 'M001P001' };
    expect(buildAnnex('2', m, BOOKS_DEFAULTS).rows).toEqual([]);
    expect(buildAnnex('anulados', m, BOOKS_DEFAULTS).rows).toHaveLength(1);
  });
});
