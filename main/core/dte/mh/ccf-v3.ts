// CCF (comprobante de crédito fiscal, tipoDte 03) as MH's fe-ccf-v3: net prices, IVA as tributo 20.
import type { CcfBody } from '../../../../shared/contract';
import { computeSale, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { payment, paymentErrors } from './payments';
import { emisor, identificacion, otrosDocumentos, ventaTercero } from './common';
import { ivaTributes, lineTributes, noGravLine, saleLine, saleSummary, taxpayerReceptor } from './sale-lines';

export function buildCcfV3(body: CcfBody, ctx: BuildContext): Built {
  const sale = computeSale('CCF', body);
  const { lines, noGravado, totals: t } = sale;
  const document = {
    identificacion: identificacion(ctx, 3, '03'),
    documentoRelacionado: null,
    emisor: emisor(ctx, true),
    receptor: taxpayerReceptor(body.recipient),
    otrosDocumentos: otrosDocumentos(body.attachments),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: [
      ...body.items.map((item, i) => ({
        ...saleLine(item, lines[i]!, i),
        tributos: lineTributes(lines[i]!),
        psv: num(lines[i]!.psv),
        noGravado: 0,
      })),
      ...(body.itemsNoGrav ?? []).map((x, j) => noGravLine(x, num(noGravado[j]!), body.items.length + j + 1)),
    ],
    resumen: {
      ...saleSummary(sale),
      porcentajeDescuento: num(t.porcentajeDescuento),
      totalDescu: num(t.totalDescu),
      tributos: ivaTributes(sale),
      subTotal: num(t.subTotal),
      ivaPerci1: 0,
      ivaRete1: num(t.ivaRete1),
      reteRenta: num(t.reteRenta),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalNoGravado: num(t.totalNoGravado),
      totalPagar: num(t.totalPagar),
      totalLetras: totalWords(t.totalPagar),
      saldoFavor: 0,
      // MH: a document with nothing to pay is a cash operation.
      ...payment(t.totalPagar.isZero() ? 'CONTADO' : body.paymentType, t.totalPagar, body.payments),
      numPagoElectronico: null,
    },
    extension: null,
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...sale.errors, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
