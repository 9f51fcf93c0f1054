// For random months of documents (issue 16's property tests): Anexo 2's daily rows add up to each day's FC and
// FEX, Anexo 1's rows to the CCF, NC and ND, the books' totals equal the annexes', and every file the station
// writes passes MH's checks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKS_DEFAULTS } from '../../../shared/books';
import type { DteKind } from '../../../shared/contract';
import { Dec, IVA_INCLUDED, ZERO, round2 } from '../../../shared/tax';
import { standsAt } from '../../../main/core/books/annex-build';
import { checkAnnex } from '../../../main/core/books/annex-check';
import { annexFileName } from '../../../main/core/books/annex-file';
import { buildAnnex, type MonthDocuments } from '../../../main/core/books/annexes';
import type { BookDocument } from '../../../main/core/books/book-document';
import type { BookHeader } from '../../../main/core/books/book-model';
import { consumerBook } from '../../../main/core/books/consumer-book';
import { contributorBook } from '../../../main/core/books/contributor-book';

const MONTH = '2026-11';
const HEADER: BookHeader = {
  title: 'LIBRO',
  month: MONTH,
  monthName: 'noviembre de 2026',
  company: { name: 'Empresa', nit: '06142803901121', nrc: '2345678', station: 'M001P001' },
  generatedAt: '2026-12-03T09:00:00-06:00',
};
const hex = (n: number) => fc.array(fc.constantFrom(...'0123456789ABCDEF'), { minLength: n, maxLength: n }).map((a) => a.join(''));
const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => new Dec(n).div(100));
const uuid = hex(32).map((h) => `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`);
const day = (from: number, to: number) => fc.integer({ min: from, max: to }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
const TYPE: Record<DteKind, string> = { FC: '01', CCF: '03', NC: '05', ND: '06', CR: '07', FEX: '11', FSE: '14' };

let serial = 0;
const documentOf = (date: fc.Arbitrary<string>) =>
  fc
    .record({
      kind: fc.constantFrom<DteKind>('FC', 'FC', 'FC', 'CCF', 'NC', 'ND', 'FEX', 'FSE', 'CR'),
      date,
      time: fc.integer({ min: 0, max: 86_399 }).map((s) => new Date(s * 1000).toISOString().slice(11, 19)),
      code: uuid,
      seal: hex(40),
      exenta: fc.oneof(fc.constant(ZERO), cents(20_000)),
      noSujeta: fc.oneof(fc.constant(ZERO), fc.constant(ZERO), cents(5_000)),
      gravada: cents(500_000),
      fate: fc.constantFrom('APPROVED', 'APPROVED', 'APPROVED', 'REJECTED', 'INVALIDATED', 'LATER'),
      invalidatedDay: fc.integer({ min: 1, max: 30 }),
      exportItems: fc.constantFrom(1, 2, 3),
      country: fc.constantFrom('9483', '9450', '9411', '9501'),
      party: fc.oneof(
        fc.record({ docType: fc.constant('36'), number: hex(14).map((h) => h.replace(/\D/g, '1').padEnd(14, '0')) }),
        fc.record({ docType: fc.constant('13'), number: fc.integer({ min: 0, max: 999_999_999 }).map((n) => String(n).padStart(9, '0')) }),
      ),
      retention: fc.constantFrom('22', 'C4'),
    })
    .map((r): BookDocument => {
      const n = ++serial;
      const taxed = r.kind === 'FC' || r.kind === 'CCF' || r.kind === 'NC' || r.kind === 'ND';
      const iva = r.kind === 'FC' ? round2(r.gravada.times(IVA_INCLUDED)) : taxed ? round2(r.gravada.times('0.13')) : ZERO;
      const invalidatedOn =
        r.fate === 'INVALIDATED'
          ? `2026-11-${String(Math.max(r.invalidatedDay, Number(r.date.slice(8)))).padStart(2, '0')}`
          : r.fate === 'LATER'
            ? '2026-12-02'
            : null;
      return {
        id: r.code.toLowerCase(),
        kind: r.kind,
        status: r.fate === 'REJECTED' ? 'REJECTED' : invalidatedOn ? 'INVALIDATED' : 'APPROVED',
        controlNumber: `DTE-${TYPE[r.kind]}-M001P001-${String(n).padStart(15, '0')}`,
        generationCode: r.code,
        seal: r.seal,
        date: r.date,
        time: r.time,
        point: 'M001P001',
        issuedBy: 'user:cajero',
        issuedByName: 'Cajero',
        operation: 1,
        party: {
          name: `Cliente ${n}`,
          docType: r.party.docType,
          number: r.party.number,
          nrc: '1234567',
          country: r.kind === 'FEX' ? r.country : null,
        },
        exenta: taxed ? r.exenta : ZERO,
        noSujeta: taxed ? r.noSujeta : ZERO,
        gravada: taxed || r.kind === 'FEX' ? r.gravada : ZERO,
        iva,
        ivaRetenido: ZERO,
        ivaPercibido: ZERO,
        total: r.gravada.plus(taxed && r.kind !== 'FC' ? iva : ZERO),
        exportItems: r.kind === 'FEX' ? r.exportItems : 0,
        operationAmount: r.kind === 'FEX' || r.kind === 'FSE' ? r.gravada : ZERO,
        retentions:
          r.kind === 'CR'
            ? [{ code: r.retention, subject: r.gravada, retained: round2(r.gravada.times(r.retention === '22' ? '0.01' : '0.13')) }]
            : [],
        lines: [],
        thirdParty: null,
        invalidatedOn,
      };
    });

const monthArb = fc
  .record({
    issued: fc.array(documentOf(day(1, 30)), { maxLength: 60 }),
    // October's documents invalidated in November: the negative rows and art. 87's table.
    october: fc.array(
      documentOf(fc.integer({ min: 1, max: 31 }).map((d) => `2026-10-${String(d).padStart(2, '0')}`)).map((d) => ({
        ...d,
        status: 'INVALIDATED' as const,
        invalidatedOn: '2026-11-05',
      })),
      { maxLength: 5 },
    ),
  })
  .map(({ issued, october }): MonthDocuments => ({
    month: MONTH,
    issued,
    invalidated: [...issued.filter((d) => d.invalidatedOn?.startsWith(MONTH)), ...october],
    point: 'M001P001',
  }));

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
          expect(money(sumCol(ofType('01'), 'N'))).toBe(money(fcs.reduce((a, d) => a.plus(d.gravada), ZERO)));
          expect(money(sumCol(ofType('01'), 'K'))).toBe(money(fcs.reduce((a, d) => a.plus(d.exenta), ZERO)));
          const exported = ['O', 'P', 'Q'].reduce((a, l) => a.plus(sumCol(ofType('11'), l)), ZERO);
          expect(money(exported)).toBe(money(fexs.reduce((a, d) => a.plus(d.operationAmount), ZERO)));
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
          expect(money(sumCol(of, 'L'))).toBe(money(docs.reduce((a, d) => a.plus(d.gravada), ZERO)));
          expect(money(sumCol(of, 'M'))).toBe(money(docs.reduce((a, d) => a.plus(d.iva), ZERO)));
          expect(money(sumCol(of, 'P'))).toBe(money(docs.reduce((a, d) => a.plus(d.exenta).plus(d.noSujeta).plus(d.gravada), ZERO)));
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
      exenta: ZERO,
      noSujeta: ZERO,
      gravada: ZERO,
      status: 'INVALIDATED',
      invalidatedOn: '2026-11-05',
    };
    const m: MonthDocuments = { month: MONTH, issued: [], invalidated: [doc], point: 'M001P001' };
    expect(buildAnnex('2', m, BOOKS_DEFAULTS).rows).toEqual([]);
    expect(buildAnnex('anulados', m, BOOKS_DEFAULTS).rows).toHaveLength(1);
  });
});
