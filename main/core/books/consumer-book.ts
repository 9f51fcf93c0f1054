// Libro de Ventas a Consumidores Finales (Reglamento CT arts. 83, 84, 87; docs/mh.md, IVA books): one line per day and
// kind with the range of documents, the exports' detail apart, and earlier months' documents invalidated this
// month subtracted here. The same documents and the same rule as Anexo 2 (annex-2.ts), so their totals agree.
import { CAT020_BY_ISO } from '../../../shared/catalogs/data/country-cat020';
import { COUNTRIES } from '../../../shared/catalogs/data/countries';
import { issueOrder } from './annex-cells';
import { standsAt } from './annex-build';
import { consumerAmounts } from './annex-2';
import type { BookDocument } from './book-document';
import { NO_CENTS, plus, cellCents, neg, total, type Cents } from './cents';
import { column, dteNumbers, money, totalsOf } from './book-columns';
import { foldedBook, type Book, type BookFold, type BookHeader, type BookRow, type BookTable } from './book-model';
import { consumerReturns, ivaSums } from './iva-summary';
import { mhDate, monthRange } from './period';
import type { MonthDocuments } from './annexes';

const KIND_NAME = { FC: 'Factura', FEX: 'Exportación' } as const;

/** ISO code (as the reader gives every FEX's country) → CAT-020's name as written ("guatemala" → "Guatemala", "ee uu" → "EE UU"). */
const written = (name: string) => (name.length <= 5 ? name.toUpperCase() : name.charAt(0).toUpperCase() + name.slice(1));
const COUNTRY_NAMES = new Map(Object.entries(CAT020_BY_ISO).map(([iso, c]) => [iso, written(c.name)]));
/** The seven ISO countries the legacy CAT-020 lacks (a 2026 FEX may name them) go by their Spanish name. */
const ISO_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));
const countryName = (code: string | null) => (code ? (COUNTRY_NAMES.get(code) ?? ISO_NAMES.get(code) ?? code) : '');

const DAY_COLUMNS = [
  column('date', 'Fecha', 'text', 10),
  column('kind', 'Documento', 'text', 9),
  column('from', 'Del No. (control y código)', 'text', 22),
  column('to', 'Al No. (control y código)', 'text', 22),
  column('point', 'Caja o sistema', 'text', 9),
  column('exentas', 'Ventas exentas', 'money', 8),
  column('noSujetas', 'Ventas no sujetas', 'money', 8),
  column('gravadas', 'Ventas gravadas locales (IVA incluido)', 'money', 9),
  column('exportaciones', 'Exportaciones', 'money', 8),
  column('total', 'Total ventas diarias', 'money', 9),
  column('terceros', 'Ventas por cuenta de terceros', 'money', 8),
];

const EXPORT_COLUMNS = [
  column('n', 'No.', 'int', 3),
  column('date', 'Fecha', 'text', 10),
  column('number', 'Número de la factura (control y código)', 'text', 20),
  column('client', 'Cliente del exterior', 'text', 18),
  column('country', 'País', 'text', 6),
  column('customs', 'Declaración de mercancías', 'text', 10),
  column('value', 'Valor exportado', 'money', 9),
];

const ANNULLED_COLUMNS = [
  column('on', 'Invalidado el', 'text', 10),
  column('date', 'Emitido el', 'text', 10),
  column('kind', 'Documento', 'text', 7),
  column('number', 'Número (control y código)', 'text', 20),
  column('exentas', 'Ventas exentas', 'money', 8),
  column('noSujetas', 'Ventas no sujetas', 'money', 8),
  column('gravadas', 'Ventas gravadas (IVA incluido)', 'money', 9),
  column('exportaciones', 'Exportaciones', 'money', 8),
  column('total', 'Total', 'money', 9),
];

const RETURN_COLUMNS = [
  column('date', 'Fecha', 'text', 10),
  column('kind', 'Sobre', 'text', 7),
  column('number', 'Evento de Retorno (código y sello)', 'text', 24),
  column('exentas', 'Ventas exentas', 'money', 8),
  column('noSujetas', 'Ventas no sujetas', 'money', 8),
  column('gravadas', 'Ventas gravadas (IVA incluido)', 'money', 9),
  column('exportaciones', 'Exportaciones', 'money', 8),
  column('total', 'Total', 'money', 9),
];

const table = (title: string, sheet: string, columns: BookTable['columns'], rows: BookRow[], empty: string): BookTable => ({
  title,
  sheet,
  columns,
  rows,
  totals: totalsOf(columns, rows),
  empty,
});

/** A day's line as it is read: its first and last document and its running amounts. */
interface DayGroup {
  readonly first: BookDocument;
  last: BookDocument;
  exentas: Cents;
  noSujetas: Cents;
  gravadas: Cents;
  exportaciones: Cents;
}

function dayRow(g: DayGroup): BookRow {
  const { first, last, exentas, noSujetas, gravadas, exportaciones } = g;
  return {
    cells: {
      date: mhDate(first.date),
      kind: KIND_NAME[first.kind as 'FC' | 'FEX'],
      from: dteNumbers(first.controlNumber, first.generationCode),
      to: dteNumbers(last.controlNumber, last.generationCode),
      point: first.point,
      exentas: money(exentas),
      noSujetas: money(noSujetas),
      gravadas: money(gravadas),
      exportaciones: money(exportaciones),
      total: money(total([exentas, noSujetas, gravadas, exportaciones])),
      terceros: money(NO_CENTS),
    },
  };
}

/** A document's amounts as a line that subtracts them (an earlier month's annulment, a return). */
function subtracted(d: BookDocument) {
  const a = consumerAmounts(d);
  const ex = total([a.inArea, a.outArea, a.services]);
  return {
    exentas: money(neg(a.exenta)),
    noSujetas: money(neg(a.noSujeta)),
    gravadas: money(neg(a.gravada)),
    exportaciones: money(neg(ex)),
    total: money(neg(total([a.exenta, a.noSujeta, a.gravada, ex]))),
  };
}

/** The consumers' book of documents already in memory, in any order: the same fold. */
export const consumerBook = (m: MonthDocuments, header: BookHeader): Book =>
  foldedBook(consumerBookFold(m.month, header, m.invalidated, m.returns), m.issued);

/**
 * The consumers' book folded as the month is read in issue order (docs/decisions/0043-books-in-constant-memory.md):
 * what it holds is a line per day, point and kind, and the exports' lines, never the month's invoices.
 */
export function consumerBookFold(
  month: string,
  header: BookHeader,
  invalidated: readonly BookDocument[],
  returns: readonly BookDocument[] = [],
): BookFold {
  const { from, to } = monthRange(month);
  const iva = ivaSums(month, invalidated, returns);
  const days: BookRow[] = [];
  const exports: BookRow[] = [];
  let day: string | null = null;
  let groups = new Map<string, DayGroup>();
  // One line per day, point of sale and kind: control numbers run per kind and point, so each range means something.
  const flush = () => {
    for (const key of [...groups.keys()].sort()) days.push(dayRow(groups.get(key)!));
    groups = new Map();
  };
  const add = (d: BookDocument) => {
    iva.add(d);
    if (!((d.kind === 'FC' || d.kind === 'FEX') && standsAt(d, to))) return;
    if (day !== null && d.date !== day) flush();
    day = d.date;
    const a = consumerAmounts(d);
    const key = `${d.date}|${d.kind}|${d.point}`;
    const g = groups.get(key) ?? { first: d, last: d, exentas: NO_CENTS, noSujetas: NO_CENTS, gravadas: NO_CENTS, exportaciones: NO_CENTS };
    g.last = d;
    g.exentas = plus(g.exentas, a.exenta);
    g.noSujetas = plus(g.noSujetas, a.noSujeta);
    g.gravadas = plus(g.gravadas, a.gravada);
    g.exportaciones = plus(g.exportaciones, total([a.inArea, a.outArea, a.services]));
    groups.set(key, g);
    if (d.kind === 'FEX')
      exports.push({
        cells: {
          n: String(exports.length + 1),
          date: mhDate(d.date),
          number: dteNumbers(d.controlNumber, d.generationCode),
          client: d.party.name,
          country: countryName(d.party.country),
          customs: '',
          value: money(d.operationAmount),
        },
      });
  };
  const result = (): Book => {
    flush();
    const annulled = invalidated
      .filter((d) => (d.kind === 'FC' || d.kind === 'FEX') && d.date < from)
      .sort(issueOrder)
      .map((d) => ({
        emphasis: true,
        cells: {
          on: mhDate(d.invalidatedOn ?? ''),
          date: mhDate(d.date),
          kind: KIND_NAME[d.kind as 'FC' | 'FEX'],
          number: dteNumbers(d.controlNumber, d.generationCode),
          ...subtracted(d),
        },
      }));
    // The month's returns (Eventos de Retorno) on FE and FEX, subtracted here as the annulments are (decision 0013).
    const given = consumerReturns(returns, to)
      .sort(issueOrder)
      .map((d) => ({
        emphasis: true,
        cells: {
          date: mhDate(d.date),
          kind: KIND_NAME[d.kind as 'FC' | 'FEX'],
          number: `${d.generationCode}${d.seal ? ` · ${d.seal}` : ' · sello pendiente'}`,
          ...subtracted(d),
        },
      }));
    const s = iva.result();
    return {
      id: 'consumidores',
      header,
      tables: [
        table(
          'Ventas a consumidores finales, por día',
          'Ventas por día',
          DAY_COLUMNS,
          days,
          'No hubo ventas a consumidores finales este mes.',
        ),
        table('Detalle de exportaciones (art. 84)', 'Exportaciones', EXPORT_COLUMNS, exports, 'No hubo exportaciones este mes.'),
        table(
          'Anulaciones de documentos de meses anteriores, restadas en este (art. 87)',
          'Anulaciones',
          ANNULLED_COLUMNS,
          annulled,
          'No se invalidaron este mes documentos de meses anteriores.',
        ),
        table(
          'Devoluciones del mes (Eventos de Retorno), restadas en este',
          'Devoluciones',
          RETURN_COLUMNS,
          given,
          'No hubo devoluciones este mes.',
        ),
      ],
      summaryTitle: 'Resumen del mes y cálculo del débito fiscal',
      summary: [
        { label: 'Ventas exentas', amount: s.consumer.exentas },
        { label: 'Ventas no sujetas', amount: s.consumer.noSujetas },
        { label: 'Ventas gravadas locales (IVA incluido)', amount: s.consumer.gravadas },
        { label: 'Exportaciones', amount: s.consumer.exportaciones },
        { label: 'Menos: anulaciones de meses anteriores', amount: money(neg(cellCents(s.anulacionesPrevias) ?? NO_CENTS)) },
        { label: 'Menos: devoluciones del mes (Eventos de Retorno)', amount: money(neg(cellCents(s.devoluciones) ?? NO_CENTS)) },
        {
          label: 'Débito fiscal (IVA contenido en las ventas gravadas, menos el de las anulaciones y las devoluciones)',
          amount: s.consumer.debito,
          strong: true,
        },
      ],
      signature: 'F. ______________________________  Contador',
    };
  };
  return { add, result };
}
