// The month's IVA summary, the books' closing section (Reglamento CT arts. 83 and 85): sales by book, the
// débito fiscal, what clients withheld and the station perceived, and what the station withheld from others.
import type { IvaSummary } from '../../../shared/books';
import { amount } from './annex-cells';
import { standsAt } from './annex-build';
import { consumerAmounts } from './annex-2';
import type { BookDocument } from './book-document';
import { NO_CENTS, plus, neg, minus, total, type Cents } from './cents';
import { ivaInside } from './iva-inside';
import { monthRange } from './period';

const sign = (d: BookDocument): 1 | -1 => (d.kind === 'NC' ? -1 : 1);
const signed = (d: BookDocument, v: Cents) => (sign(d) === 1 ? v : neg(v));

/**
 * `invalidated`: the month's invalidations; those of earlier months' FC and FEX subtract here (art. 87). `returns`:
 * the month's Eventos de Retorno (book-return.ts); those on FC and FEX standing at the month's end subtract here.
 */
export function ivaSummary(
  issued: readonly BookDocument[],
  invalidated: readonly BookDocument[],
  month: string,
  returns: readonly BookDocument[] = [],
): IvaSummary {
  const sums = ivaSums(month, invalidated, returns);
  issued.forEach((d) => sums.add(d));
  return sums.result();
}

/** The IVA summary as running sums: the month's documents added one at a time, in any order, never held. */
export function ivaSums(month: string, invalidated: readonly BookDocument[], returns: readonly BookDocument[] = []) {
  const { from, to } = monthRange(month);
  let consumerGravadas = NO_CENTS;
  let consumerExentas = NO_CENTS;
  let consumerNoSujetas = NO_CENTS;
  let exportaciones = NO_CENTS;
  let contributorGravadas = NO_CENTS;
  let contributorExentas = NO_CENTS;
  let contributorNoSujetas = NO_CENTS;
  let contributorIva = NO_CENTS;
  let ivaRetenido = NO_CENTS;
  let ivaPercibido = NO_CENTS;
  let retenciones = NO_CENTS;
  return {
    add(d: BookDocument) {
      if (!standsAt(d, to)) return;
      switch (d.kind) {
        case 'FC':
          consumerGravadas = plus(consumerGravadas, d.gravada);
          consumerExentas = plus(consumerExentas, d.exenta);
          consumerNoSujetas = plus(consumerNoSujetas, d.noSujeta);
          ivaRetenido = plus(ivaRetenido, d.ivaRetenido);
          return;
        case 'FEX':
          exportaciones = plus(exportaciones, total(Object.values(consumerAmounts(d))));
          return;
        case 'CCF':
        case 'NC':
        case 'ND':
          contributorGravadas = plus(contributorGravadas, signed(d, d.gravada));
          contributorExentas = plus(contributorExentas, signed(d, d.exenta));
          contributorNoSujetas = plus(contributorNoSujetas, signed(d, d.noSujeta));
          contributorIva = plus(contributorIva, signed(d, d.iva));
          ivaRetenido = plus(ivaRetenido, signed(d, d.ivaRetenido));
          ivaPercibido = plus(ivaPercibido, signed(d, d.ivaPercibido));
          return;
        case 'CR':
          retenciones = plus(retenciones, total(d.retentions.map((r) => r.retained)));
          return;
        case 'FSE':
          retenciones = plus(retenciones, d.ivaRetenido);
          return;
        // Not the station's own sales (docs/decisions/0013-iva-books-and-annexes.md): goods that travel, a liquidation of
        // a principal's or a collector's operations, a donation received.
        case 'NR':
        case 'CL':
        case 'DCL':
        case 'CD':
          return;
        default: {
          const never: never = d.kind;
          return never;
        }
      }
    },
    result(): IvaSummary {
      const earlier = invalidated.filter((d) => (d.kind === 'FC' || d.kind === 'FEX') && d.date < from);
      const earlierValue = total(earlier.map((d) => (d.kind === 'FEX' ? d.operationAmount : total([d.exenta, d.noSujeta, d.gravada]))));
      const given = consumerReturns(returns, to);
      const givenValue = total(given.map((d) => (d.kind === 'FEX' ? d.operationAmount : total([d.exenta, d.noSujeta, d.gravada]))));
      const givenIva = returnsIva(given);
      // Anexo 2's column N (this month's taxed sales less the earlier ones invalidated now), 13/113 once: casilla 140.
      const taxed = minus(consumerGravadas, total(earlier.filter((d) => d.kind === 'FC').map((d) => d.gravada)));
      const consumerDebito = minus(ivaInside(taxed), givenIva);
      return {
        consumer: {
          gravadas: amount(consumerGravadas),
          debito: amount(consumerDebito),
          exentas: amount(consumerExentas),
          noSujetas: amount(consumerNoSujetas),
          exportaciones: amount(exportaciones),
        },
        contributor: {
          gravadas: amount(contributorGravadas),
          debito: amount(contributorIva),
          exentas: amount(contributorExentas),
          noSujetas: amount(contributorNoSujetas),
        },
        ivaRetenido: amount(ivaRetenido),
        ivaPercibido: amount(ivaPercibido),
        retencionesEfectuadas: amount(retenciones),
        debitoTotal: amount(plus(consumerDebito, contributorIva)),
        anulacionesPrevias: amount(earlierValue),
        devoluciones: amount(givenValue),
        devolucionesIva: amount(givenIva),
      };
    },
  };
}

/** The IVA the month's consumer returns give back: 13/113 of their taxed value, rounded once (casilla 143). */
export const returnsIva = (given: readonly BookDocument[]): Cents =>
  ivaInside(total(given.filter((d) => d.kind === 'FC').map((d) => d.gravada)));

/** The month's returns on FE and FEX that count at its end (not refused, not invalidated by then). */
export const consumerReturns = (returns: readonly BookDocument[], monthEnd: string): BookDocument[] =>
  returns.filter((d) => (d.kind === 'FC' || d.kind === 'FEX') && standsAt(d, monthEnd));
