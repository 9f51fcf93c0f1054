// Libro de Ventas a Contribuyentes (Reglamento CT art. 85; docs/mh.md, IVA books): one line per CCF, NC and ND that
// stands at the month's end, identified by número de control, código de generación and sello; an NC
// subtracts. The same documents as Anexo 1 (annex-1.ts); its summary covers both sales books.
import { standsAt } from './annex-build';
import type { MonthDocuments } from './annexes';
import type { BookDocument } from './book-document';
import { NO_CENTS, plus, neg, total, type Cents } from './cents';
import { column, dteNumbers, money } from './book-columns';
import { RunningSums } from './book-format';
import { foldedBook, type Book, type BookFold, type BookHeader, type BookRow } from './book-model';
import { ivaSums } from './iva-summary';
import { mhDate, monthRange } from './period';

const KIND_NAME = { CCF: 'CCF', NC: 'Nota de crédito', ND: 'Nota de débito' } as const;

const COLUMNS = [
  column('n', 'No.', 'int', 3.5),
  column('date', 'Fecha', 'text', 10),
  column('kind', 'Tipo', 'text', 7),
  column('number', 'Número de control, código de generación y sello', 'text', 27),
  column('client', 'Cliente, mandante o mandatario', 'text', 12),
  column('nrc', 'NRC', 'text', 7),
  column('exentas', 'Ventas exentas', 'money', 7),
  column('noSujetas', 'Ventas no sujetas', 'money', 7),
  column('gravadas', 'Ventas gravadas', 'money', 8),
  column('debito', 'Débito fiscal', 'money', 7),
  column('terceros', 'Ventas por cuenta de terceros', 'money', 7),
  column('debitoTerceros', 'Débito fiscal por cuenta de terceros', 'money', 7),
  column('percibido', 'Impuesto percibido', 'money', 7),
  column('retenido', 'IVA retenido', 'money', 7),
  column('total', 'Total (ventas y débito)', 'money', 8),
];

function row(d: BookDocument, n: number): BookRow {
  const s = (v: Cents) => money(d.kind === 'NC' ? neg(v) : v);
  const sales = total([d.exenta, d.noSujeta, d.gravada]);
  return {
    emphasis: d.kind === 'NC',
    cells: {
      n: String(n),
      date: mhDate(d.date),
      kind: KIND_NAME[d.kind as 'CCF' | 'NC' | 'ND'],
      number: dteNumbers(d.controlNumber, d.generationCode, d.seal),
      client: d.party.name,
      nrc: d.party.nrc ?? '',
      exentas: s(d.exenta),
      noSujetas: s(d.noSujeta),
      gravadas: s(d.gravada),
      debito: s(d.iva),
      terceros: money(NO_CENTS),
      debitoTerceros: money(NO_CENTS),
      percibido: s(d.ivaPercibido),
      retenido: s(d.ivaRetenido),
      total: s(plus(sales, d.iva)),
    },
  };
}

/** The contributors' book of documents already in memory, in any order: the same fold. */
export const contributorBook = (m: MonthDocuments, header: BookHeader): Book =>
  foldedBook(contributorBookFold(m.month, header, m.invalidated, m.returns), m.issued);

/**
 * The contributors' book folded as the month is read in issue order (decision 0043): a line per CCF, NC and ND,
 * kept as the line's text, never the document. `returns`: the month's Eventos de Retorno; they take nothing from
 * this book but the month's débito in its summary.
 */
export function contributorBookFold(
  month: string,
  header: BookHeader,
  invalidated: readonly BookDocument[],
  returns: readonly BookDocument[] = [],
): BookFold {
  const { from, to } = monthRange(month);
  const iva = ivaSums(month, invalidated, returns);
  const rows: BookRow[] = [];
  // Summed as the lines come, between the month's turns: summing 15,000 lines at the end held the thread 0.3 s.
  const sums = new RunningSums(COLUMNS);
  const add = (d: BookDocument) => {
    iva.add(d);
    if ((d.kind === 'CCF' || d.kind === 'NC' || d.kind === 'ND') && standsAt(d, to)) {
      const line = row(d, rows.length + 1);
      rows.push(line);
      sums.add(line);
    }
  };
  const result = (): Book => {
    const s = iva.result();
    const amend = invalidated.filter((d) => (d.kind === 'CCF' || d.kind === 'NC' || d.kind === 'ND') && d.date < from).length;
    return {
      id: 'contribuyentes',
      header,
      tables: [
        {
          title: 'Ventas a contribuyentes',
          columns: COLUMNS,
          rows,
          totals: sums.values(),
          empty: 'No hubo ventas a contribuyentes este mes.',
        },
      ],
      summaryTitle: 'Resumen del mes: ventas y débito fiscal',
      summary: [
        { label: 'Contribuyentes: ventas exentas', amount: s.contributor.exentas },
        { label: 'Contribuyentes: ventas no sujetas', amount: s.contributor.noSujetas },
        { label: 'Contribuyentes: ventas gravadas', amount: s.contributor.gravadas },
        { label: 'Contribuyentes: débito fiscal', amount: s.contributor.debito },
        { label: 'Consumidores finales: ventas exentas', amount: s.consumer.exentas },
        { label: 'Consumidores finales: ventas no sujetas', amount: s.consumer.noSujetas },
        { label: 'Consumidores finales: ventas gravadas (IVA incluido)', amount: s.consumer.gravadas },
        { label: 'Consumidores finales: débito fiscal', amount: s.consumer.debito },
        { label: 'Exportaciones', amount: s.consumer.exportaciones },
        { label: 'IVA retenido por clientes (1 %)', amount: s.ivaRetenido },
        { label: 'IVA percibido (1 %)', amount: s.ivaPercibido },
        { label: 'IVA retenido a terceros (CR y FSE)', amount: s.retencionesEfectuadas },
        { label: 'Débito fiscal del mes', amount: s.debitoTotal, strong: true },
        ...(amend > 0
          ? [
              {
                label: `Documentos de meses anteriores invalidados este mes (${amend}): requieren declaración modificatoria`,
                amount: '0.00',
              },
            ]
          : []),
      ],
      signature: 'F. ______________________________  Contador',
    };
  };
  return { add, result };
}
