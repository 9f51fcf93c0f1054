// The month's IVA summary, the books' closing section (Reglamento CT arts. 83 and 85): sales by book, the
// débito fiscal, what clients withheld and the station perceived, and what the station withheld from others.
import type { IvaSummary } from '../../../shared/books';
import { ZERO, type Dec } from '../../../shared/tax';
import { amount } from './annex-cells';
import { standsAt, total } from './annex-build';
import { consumerAmounts } from './annex-2';
import type { BookDocument } from './book-document';
import { monthRange } from './period';

const sign = (d: BookDocument): 1 | -1 => (d.kind === 'NC' ? -1 : 1);
const signed = (d: BookDocument, v: Dec) => (sign(d) === 1 ? v : v.neg());

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
  let consumerGravadas = ZERO;
  let consumerExentas = ZERO;
  let consumerNoSujetas = ZERO;
  let consumerIva = ZERO;
  let exportaciones = ZERO;
  let contributorGravadas = ZERO;
  let contributorExentas = ZERO;
  let contributorNoSujetas = ZERO;
  let contributorIva = ZERO;
  let ivaRetenido = ZERO;
  let ivaPercibido = ZERO;
  let retenciones = ZERO;
  return {
    add(d: BookDocument) {
      if (!standsAt(d, to)) return;
      switch (d.kind) {
        case 'FC':
          consumerGravadas = consumerGravadas.plus(d.gravada);
          consumerExentas = consumerExentas.plus(d.exenta);
          consumerNoSujetas = consumerNoSujetas.plus(d.noSujeta);
          consumerIva = consumerIva.plus(d.iva);
          ivaRetenido = ivaRetenido.plus(d.ivaRetenido);
          return;
        case 'FEX':
          exportaciones = exportaciones.plus(total(Object.values(consumerAmounts(d))));
          return;
        case 'CCF':
        case 'NC':
        case 'ND':
          contributorGravadas = contributorGravadas.plus(signed(d, d.gravada));
          contributorExentas = contributorExentas.plus(signed(d, d.exenta));
          contributorNoSujetas = contributorNoSujetas.plus(signed(d, d.noSujeta));
          contributorIva = contributorIva.plus(signed(d, d.iva));
          ivaRetenido = ivaRetenido.plus(signed(d, d.ivaRetenido));
          ivaPercibido = ivaPercibido.plus(signed(d, d.ivaPercibido));
          return;
        case 'CR':
          retenciones = retenciones.plus(total(d.retentions.map((r) => r.retained)));
          return;
        case 'FSE':
          retenciones = retenciones.plus(d.ivaRetenido);
          return;
        default: {
          const never: never = d.kind;
          return never;
        }
      }
    },
    result(): IvaSummary {
      const earlier = invalidated.filter((d) => (d.kind === 'FC' || d.kind === 'FEX') && d.date < from);
      const earlierValue = total(earlier.map((d) => (d.kind === 'FEX' ? d.operationAmount : d.exenta.plus(d.noSujeta).plus(d.gravada))));
      const given = consumerReturns(returns, to);
      const givenValue = total(given.map((d) => (d.kind === 'FEX' ? d.operationAmount : d.exenta.plus(d.noSujeta).plus(d.gravada))));
      const givenIva = total(given.map((d) => d.iva));
      const consumerDebito = consumerIva.minus(total(earlier.filter((d) => d.kind === 'FC').map((d) => d.iva))).minus(givenIva);
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
        debitoTotal: amount(consumerDebito.plus(contributorIva)),
        anulacionesPrevias: amount(earlierValue),
        devoluciones: amount(givenValue),
        devolucionesIva: amount(givenIva),
      };
    },
  };
}

/** The month's returns on FE and FEX that count at its end (not refused, not invalidated by then). */
export const consumerReturns = (returns: readonly BookDocument[], monthEnd: string): BookDocument[] =>
  returns.filter((d) => (d.kind === 'FC' || d.kind === 'FEX') && standsAt(d, monthEnd));
