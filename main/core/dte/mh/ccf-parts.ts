// The parts of a comprobante de crédito fiscal (tipoDte 03) that MH's fe-ccf-v3 and fe-ccf-v4 write alike.
import type { CcfBody, FieldError } from '../../../../shared/contract';
import { num, type SaleResult } from '../../../../shared/tax';
import { totalWords } from './ceiling';
import { payment } from './payments';
import type { BuildContext } from './context';
import { documentoRelacionado } from './documento-relacionado';
import { ivaTributes, lineTributes, noGravLine, saleLine, saleSummary } from './sale-lines';

/** cuerpoDocumento: net prices, IVA as tributo 20 on each taxed line, then the non-taxed amounts. */
export function ccfItems(body: CcfBody, sale: SaleResult) {
  const { lines, noGravado } = sale;
  return [
    ...body.items.map((item, i) => ({
      ...saleLine(item, lines[i]!, i),
      tributos: lineTributes(lines[i]!),
      psv: num(lines[i]!.psv),
      noGravado: 0,
    })),
    ...(body.itemsNoGrav ?? []).map((x, j) => noGravLine(x, num(noGravado[j]!), body.items.length + j + 1)),
  ];
}

/** The resumen up to subTotal; the retentions follow, named by each version. */
export function ccfResumenHead(sale: SaleResult) {
  const t = sale.totals;
  return {
    ...saleSummary(sale),
    porcentajeDescuento: num(t.porcentajeDescuento),
    totalDescu: num(t.totalDescu),
    tributos: ivaTributes(sale),
    subTotal: num(t.subTotal),
  };
}

/** The resumen from montoTotalOperacion on. */
export function ccfResumenTail(body: CcfBody, sale: SaleResult) {
  const t = sale.totals;
  return {
    montoTotalOperacion: num(t.montoTotalOperacion),
    totalNoGravado: num(t.totalNoGravado),
    totalPagar: num(t.totalPagar),
    totalLetras: totalWords(t.totalPagar),
    saldoFavor: 0,
    // MH: a document with nothing to pay is a cash operation.
    ...payment(t.totalPagar.isZero() ? 'CONTADO' : body.paymentType, t.totalPagar, body.payments),
    numPagoElectronico: null,
  };
}

/** v2.0 (fe-ccf-v4, fe-nc-v4, fe-nd-v4) wants a receptor NRC of 2 to 8 characters; the contract takes 1 to 8 digits. */
export function nrcV2Errors(nrc: string): FieldError[] {
  if (nrc.length >= 2) return [];
  return [{ path: 'recipient.nrc', code: 'INVALID_FORMAT', message: 'MH (normativa 2026) exige un NRC de 2 a 8 dígitos.' }];
}

/** The CCF cites the notas de remisión (and liquidations) it bills: fe-ccf-v3's enum is 04, 08 and 09. */
export const ccfRelated = (body: CcfBody, ctx: BuildContext, errors: FieldError[]) =>
  documentoRelacionado(body.relatedTaxDocuments, ctx, ['NR', 'CL', 'DCL'], 'un comprobante de crédito fiscal', errors);
