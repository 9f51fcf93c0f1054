// What the annexes say of the month's Eventos de Retorno (docs/decisions/0013-iva-books-and-annexes.md, Returns):
// MH's annex manual (January 2025) predates the ER and gives it no row, and an annex row for it would be a negative
// one of this period, which the portal refuses (annex-check.ts). So the annexes list the documents as MH holds
// them, and the returns are told to the person with the amounts for the F-07's casillas: 97 and 143 (devoluciones
// sobre ventas and their débito) for FE and FEX, 66 (compras a sujetos excluidos, less) for FSE.
import type { AnnexProblem } from '../../../shared/books';
import { amount } from './annex-cells';
import { standsAt } from './annex-build';
import type { BookDocument } from './book-document';
import { plus, minus, total } from './cents';
import { consumerReturns, returnsIva } from './iva-summary';
import { monthRange } from './period';

const note = (severity: AnnexProblem['severity'], column: string, field: string, message: string): AnnexProblem => ({
  row: 0,
  column,
  field,
  severity,
  message,
});

/** A return MH has not sealed yet is counted, and the month is not filed until it is (as a document waiting). */
const waiting = (returns: readonly BookDocument[]): AnnexProblem[] =>
  returns
    .filter((d) => d.status !== 'APPROVED')
    .map((d) =>
      note(
        'error',
        '',
        'EVENTO DE RETORNO',
        `La devolución ${d.generationCode} del ${d.date} espera el sello de MH: transmítala antes de declarar el mes.`,
      ),
    );

const words = (n: number) => (n === 1 ? '1 devolución' : `${n} devoluciones`);

/** Anexo 2's note: the FE and FEX returns of the month, for casillas 97 and 143. */
export function consumerReturnNotes(returns: readonly BookDocument[], month: string): AnnexProblem[] {
  const given = consumerReturns(returns, monthRange(month).to);
  if (given.length === 0) return [];
  const taxed = total(given.filter((d) => d.kind === 'FC').map((d) => d.gravada));
  const iva = returnsIva(given);
  const untaxed = total(given.map((d) => plus(d.exenta, d.noSujeta)));
  const exports = total(given.filter((d) => d.kind === 'FEX').map((d) => d.operationAmount));
  const parts = [
    `gravadas $${amount(minus(taxed, iva))} sin IVA (casilla 97) con débito de $${amount(iva)} (casilla 143)`,
    ...(untaxed === 0 ? [] : [`exentas y no sujetas $${amount(untaxed)}`]),
    ...(exports === 0 ? [] : [`exportaciones $${amount(exports)}`]),
  ];
  return [
    note(
      'warning',
      'N',
      'DEVOLUCIONES',
      `${words(given.length)} del mes (Eventos de Retorno) sobre facturas: ${parts.join('; ')}. El Anexo 2 no tiene filas para ellas: declárelas en esas casillas del F-07.`,
    ),
    ...waiting(given),
  ];
}

/** Anexo 5's note: the FSE returns of the month, less casilla 66. */
export function purchaseReturnNotes(returns: readonly BookDocument[], month: string): AnnexProblem[] {
  const { to } = monthRange(month);
  const given = returns.filter((d) => d.kind === 'FSE' && standsAt(d, to));
  if (given.length === 0) return [];
  const value = total(given.map((d) => d.operationAmount));
  return [
    note(
      'warning',
      'G',
      'DEVOLUCIONES',
      `${words(given.length)} del mes (Eventos de Retorno) sobre facturas de sujeto excluido por $${amount(value)}: el Anexo 5 no tiene filas para ellas; reste ese monto de la casilla 66 del F-07.`,
    ),
    ...waiting(given),
  ];
}
