// Anexo 2, ventas a consumidor final (docs/mh.md, IVA books: Anexo 2): FC and FEX grouped per day and type, the first
// and last código de generación of the day; an earlier month's FC or FEX invalidated this month as a negative row
// dated when it was issued (up to three periods back, CT art. 111). docs/decisions/0013-iva-books-and-annexes.md.
import type { AnnexProblem, BooksSettings } from '../../../shared/books';
import { amount, documentNumber, issueOrder } from './annex-cells';
import {
  foldAll,
  salesIncome,
  salesOperation,
  standsAt,
  thirdPartyNote,
  type AnnexBuild,
  type AnnexFold,
  type EmitRow,
} from './annex-build';
import type { BookDocument } from './book-document';
import { NO_CENTS, plus, neg, total, type Cents } from './cents';
import { mhDate, monthBefore, monthRange } from './period';
import { consumerReturnNotes } from './return-notes';

/**
 * The Central American area as the manual names it (Guatemala, Honduras, Nicaragua, Costa Rica), by ISO code: the
 * reader gives every FEX's country so, whether its version wrote CAT-020's legacy digits or ISO (fe-fex-v3).
 */
const CENTRAL_AMERICA: ReadonlySet<string> = new Set(['GT', 'HN', 'NI', 'CR', 'SV']);

/** K, M, N and O–Q of one document (FEX: its value by destination and by goods or services). */
interface ConsumerAmounts {
  exenta: Cents;
  noSujeta: Cents;
  gravada: Cents;
  inArea: Cents;
  outArea: Cents;
  services: Cents;
}

export function consumerAmounts(d: BookDocument): ConsumerAmounts {
  if (d.kind === 'FC')
    return { exenta: d.exenta, noSujeta: d.noSujeta, gravada: d.gravada, inArea: NO_CENTS, outArea: NO_CENTS, services: NO_CENTS };
  const value = d.operationAmount;
  const services = d.exportItems === 2 ? value : NO_CENTS;
  const goods = d.exportItems === 2 ? NO_CENTS : value;
  const inArea = CENTRAL_AMERICA.has(d.party.country ?? '');
  return {
    exenta: NO_CENTS,
    noSujeta: NO_CENTS,
    gravada: NO_CENTS,
    inArea: inArea ? goods : NO_CENTS,
    outArea: inArea ? NO_CENTS : goods,
    services,
  };
}

/** A day's group as it is read: its first and last document and its running amounts (never the documents). */
interface Group {
  readonly first: BookDocument;
  last: BookDocument;
  sums: ConsumerAmounts;
}

const addAmounts = (a: ConsumerAmounts, b: ConsumerAmounts): ConsumerAmounts => ({
  exenta: plus(a.exenta, b.exenta),
  noSujeta: plus(a.noSujeta, b.noSujeta),
  gravada: plus(a.gravada, b.gravada),
  inArea: plus(a.inArea, b.inArea),
  outArea: plus(a.outArea, b.outArea),
  services: plus(a.services, b.services),
});

function row(g: Group, sign: 1 | -1, month: string, s: BooksSettings) {
  const { first, last } = g;
  const { exenta: k, noSujeta: m, gravada: n, inArea: o, outArea: p, services: q } = g.sums;
  const t = total([k, m, n, o, p, q]);
  const signed = (c: Cents) => amount(sign === 1 ? c : neg(c));
  return [
    mhDate(first.date),
    '4',
    first.kind === 'FEX' ? '11' : '01',
    'N/A',
    'N/A',
    'N/A',
    'N/A',
    documentNumber(first),
    documentNumber(last),
    '',
    signed(k),
    amount(NO_CENTS),
    signed(m),
    signed(n),
    signed(o),
    signed(p),
    signed(q),
    amount(NO_CENTS),
    amount(NO_CENTS),
    signed(t),
    salesOperation(s, month, plus(k, m), total([n, o, p, q])),
    salesIncome(s, month, first.kind === 'FEX' ? first.exportItems : 0),
    '2',
  ];
}

/**
 * `invalidated`: the month's invalidations, whenever issued (their negative rows are the ones issued in the three
 * months before). The documents come in issue order, so a day's groups are complete when the next day starts.
 */
export function annex2Fold(
  month: string,
  s: BooksSettings,
  invalidated: readonly BookDocument[],
  emit: EmitRow,
  returns: readonly BookDocument[] = [],
): AnnexFold {
  const { from, to } = monthRange(month);
  const thirdParty: AnnexProblem[] = [];
  const mixed: AnnexProblem[] = [];
  let day: string | null = null;
  let groups = new Map<string, Group>();
  // One row per day and type; exports of goods and of services apart, each with its own income type (V).
  const flush = () => {
    for (const key of [...groups.keys()].sort()) emit(row(groups.get(key)!, 1, month, s));
    groups = new Map();
  };
  return {
    add(d) {
      if (!((d.kind === 'FC' || d.kind === 'FEX') && standsAt(d, to))) return;
      if (day !== null && d.date !== day) flush();
      day = d.date;
      const note = thirdPartyNote(d);
      if (note) thirdParty.push(note);
      const key = `${d.date}|${d.kind === 'FEX' ? '11' : '01'}|${salesIncome(s, month, d.kind === 'FEX' ? d.exportItems : 0)}`;
      const g = groups.get(key);
      if (g) {
        g.last = d;
        g.sums = addAmounts(g.sums, consumerAmounts(d));
      } else groups.set(key, { first: d, last: d, sums: consumerAmounts(d) });
      if (d.kind === 'FEX' && d.exportItems === 3)
        mixed.push({
          row: 0,
          column: 'O',
          field: 'EXPORTACIONES',
          severity: 'warning',
          message: `La factura de exportación ${d.controlNumber} exporta bienes y servicios: se declaró como bienes. Si una parte es servicio, muévala a la columna Q.`,
        });
    },
    finish() {
      flush();
      const late: AnnexProblem[] = [];
      const earliest = monthRange(monthBefore(month, 3)).from;
      for (const d of [...invalidated].filter((x) => (x.kind === 'FC' || x.kind === 'FEX') && x.date < from).sort(issueOrder)) {
        if (d.date < earliest) {
          late.push({
            row: 0,
            column: 'A',
            field: 'FECHA DE EMISIÓN',
            severity: 'warning',
            message: `${d.controlNumber} se invalidó este mes pero se emitió hace más de tres períodos: MH no lo admite en el Anexo 2; consulte a su contador.`,
          });
          continue;
        }
        // Nothing to subtract from a document worth $0.00 (the anulados annex still lists it).
        const a = consumerAmounts(d);
        if ([a.exenta, a.noSujeta, a.gravada, a.inArea, a.outArea, a.services].every((v) => v === 0)) continue;
        emit(row({ first: d, last: d, sums: a }, -1, month, s));
      }
      return [...thirdParty, ...mixed, ...late, ...consumerReturnNotes(returns, month)];
    },
  };
}

export const annex2 = (
  docs: readonly BookDocument[],
  invalidated: readonly BookDocument[],
  month: string,
  s: BooksSettings,
  returns: readonly BookDocument[] = [],
): AnnexBuild => foldAll('2', docs, (emit) => annex2Fold(month, s, invalidated, emit, returns));
