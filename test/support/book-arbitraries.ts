// Random documents and months for the books' property tests (test/unit/books/books.property.test.ts and
// books-stream.property.test.ts): every kind, every fate, earlier months' documents invalidated in this one.
import fc from 'fast-check';
import type { DteKind } from '../../shared/contract';
import { IVA_INCLUDED, round2, type Dec } from '../../shared/tax';
import type { MonthDocuments } from '../../main/core/books/annexes';
import type { BookDocument } from '../../main/core/books/book-document';
import { NO_CENTS, cents as centsOf, centsDec, plus, type Cents } from '../../main/core/books/cents';

export const MONTH = '2026-11';

const hex = (n: number) => fc.array(fc.constantFrom(...'0123456789ABCDEF'), { minLength: n, maxLength: n }).map((a) => a.join(''));
const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => n as Cents);
/** The IVA as MH computes it, in decimals (an oracle apart from the books' cents arithmetic). */
const rated = (c: Cents, rate: Dec | string): Cents => centsOf(round2(centsDec(c).times(rate)).toFixed(2));
const uuid = hex(32).map((h) => `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`);
export const day = (from: number, to: number) => fc.integer({ min: from, max: to }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
const TYPE: Record<DteKind, string> = {
  FC: '01',
  CCF: '03',
  NC: '05',
  ND: '06',
  CR: '07',
  FEX: '11',
  FSE: '14',
  NR: '04',
  CL: '08',
  DCL: '09',
  CD: '15',
};

let serial = 0;
export const documentOf = (date: fc.Arbitrary<string>) =>
  fc
    .record({
      kind: fc.constantFrom<DteKind>('FC', 'FC', 'FC', 'CCF', 'NC', 'ND', 'FEX', 'FSE', 'CR'),
      date,
      time: fc.integer({ min: 0, max: 86_399 }).map((s) => new Date(s * 1000).toISOString().slice(11, 19)),
      code: uuid,
      seal: hex(40),
      exenta: fc.oneof(fc.constant(NO_CENTS), cents(20_000)),
      noSujeta: fc.oneof(fc.constant(NO_CENTS), fc.constant(NO_CENTS), cents(5_000)),
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
      const iva = r.kind === 'FC' ? rated(r.gravada, IVA_INCLUDED) : taxed ? rated(r.gravada, '0.13') : NO_CENTS;
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
        exenta: taxed ? r.exenta : NO_CENTS,
        noSujeta: taxed ? r.noSujeta : NO_CENTS,
        gravada: taxed || r.kind === 'FEX' ? r.gravada : NO_CENTS,
        iva,
        ivaRetenido: NO_CENTS,
        ivaPercibido: NO_CENTS,
        total: plus(r.gravada, taxed && r.kind !== 'FC' ? iva : NO_CENTS),
        exportItems: r.kind === 'FEX' ? r.exportItems : 0,
        operationAmount: r.kind === 'FEX' || r.kind === 'FSE' ? r.gravada : NO_CENTS,
        retentions:
          r.kind === 'CR'
            ? [{ code: r.retention, subject: r.gravada, retained: rated(r.gravada, r.retention === '22' ? '0.01' : '0.13') }]
            : [],
        lines: () => [],
        thirdParty: null,
        invalidatedOn,
      };
    });

export const monthArb = fc
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
