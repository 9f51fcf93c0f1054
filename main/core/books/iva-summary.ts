// The month's IVA summary, the books' closing section (Reglamento CT arts. 83 and 85): sales by book, the
// débito fiscal, what clients withheld and the station perceived, and what the station withheld from others.
import type { IvaSummary } from '../../../shared/books';
import type { Dec } from '../../../shared/tax';
import { amount } from './annex-cells';
import { standsAt, total } from './annex-build';
import { consumerAmounts } from './annex-2';
import type { MonthDocuments } from './annexes';
import type { BookDocument } from './book-document';
import { monthRange } from './period';

const sign = (d: BookDocument): 1 | -1 => (d.kind === 'NC' ? -1 : 1);
const signed = (d: BookDocument, v: Dec) => (sign(d) === 1 ? v : v.neg());

/** Computed once per month read: both books and the screen show it. */
const computed = new WeakMap<MonthDocuments, IvaSummary>();

export function monthIvaSummary(m: MonthDocuments): IvaSummary {
  const known = computed.get(m);
  if (known) return known;
  const s = ivaSummary(m.issued, m.invalidated, m.month);
  computed.set(m, s);
  return s;
}

/** `invalidated`: the month's invalidations; those of earlier months' FC and FEX subtract here (art. 87). */
export function ivaSummary(issued: readonly BookDocument[], invalidated: readonly BookDocument[], month: string): IvaSummary {
  const { from, to } = monthRange(month);
  const standing = issued.filter((d) => standsAt(d, to));
  const consumer = standing.filter((d) => d.kind === 'FC');
  const exports = standing.filter((d) => d.kind === 'FEX');
  const taxpayer = standing.filter((d) => d.kind === 'CCF' || d.kind === 'NC' || d.kind === 'ND');
  const earlier = invalidated.filter((d) => (d.kind === 'FC' || d.kind === 'FEX') && d.date < from);
  const earlierValue = total(earlier.map((d) => (d.kind === 'FEX' ? d.operationAmount : d.exenta.plus(d.noSujeta).plus(d.gravada))));
  const consumerIva = total(consumer.map((d) => d.iva)).minus(total(earlier.filter((d) => d.kind === 'FC').map((d) => d.iva)));
  const contributorIva = total(taxpayer.map((d) => signed(d, d.iva)));
  const sales = [...consumer, ...taxpayer];
  return {
    consumer: {
      gravadas: amount(total(consumer.map((d) => d.gravada))),
      debito: amount(consumerIva),
      exentas: amount(total(consumer.map((d) => d.exenta))),
      noSujetas: amount(total(consumer.map((d) => d.noSujeta))),
      exportaciones: amount(total(exports.map((d) => total(Object.values(consumerAmounts(d)))))),
    },
    contributor: {
      gravadas: amount(total(taxpayer.map((d) => signed(d, d.gravada)))),
      debito: amount(contributorIva),
      exentas: amount(total(taxpayer.map((d) => signed(d, d.exenta)))),
      noSujetas: amount(total(taxpayer.map((d) => signed(d, d.noSujeta)))),
    },
    ivaRetenido: amount(total(sales.map((d) => signed(d, d.ivaRetenido)))),
    ivaPercibido: amount(total(taxpayer.map((d) => signed(d, d.ivaPercibido)))),
    retencionesEfectuadas: amount(
      total(standing.filter((d) => d.kind === 'CR').map((d) => total(d.retentions.map((r) => r.retained)))).plus(
        total(standing.filter((d) => d.kind === 'FSE').map((d) => d.ivaRetenido)),
      ),
    ),
    debitoTotal: amount(consumerIva.plus(contributorIva)),
    anulacionesPrevias: amount(earlierValue),
  };
}
