// FC (factura, tipoDte 01) as MH's fe-fc-v1: prices include IVA (shared/tax/sale.ts converts them).
import type { FcBody, FieldError } from '../../../../shared/contract';
import { computeSale, dec, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { payment, paymentErrors } from './payments';
import { activityName, direccion, emisor, idNumber, idTypeCode, identificacion, otrosDocumentos, ventaTercero } from './common';
import { noGravLine, saleLine, saleSummary } from './sale-lines';

/** FC v1: from this amount on MH wants the consumer identified (tipoDocumento, numDocumento, nombre). */
export const FC_IDENTIFY_FROM = dec('1095');

export function buildFcV1(body: FcBody, ctx: BuildContext): Built {
  const sale = computeSale('FC', body);
  const { lines, noGravado, totals: t, errors } = sale;
  const r = body.recipient ?? null;
  const extra: FieldError[] = [];
  if (t.montoTotalOperacion.greaterThanOrEqualTo(FC_IDENTIFY_FROM) && !r?.identificationDocument) {
    extra.push({
      path: r ? 'recipient.identificationDocument' : 'recipient',
      code: 'REQUIRED',
      message: `Desde $${FC_IDENTIFY_FROM.toFixed(2)} MH exige identificar al cliente (nombre y documento).`,
    });
  }

  const cuerpoDocumento = [
    // FC reports IVA in ivaItem/totalIva, never as tributo 20.
    ...body.items.map((item, i) => ({
      ...saleLine(item, lines[i]!, i),
      tributos: null,
      psv: num(lines[i]!.psv),
      noGravado: 0,
      ivaItem: num(lines[i]!.ivaItem),
    })),
    ...(body.itemsNoGrav ?? []).map((x, j) => ({ ...noGravLine(x, num(noGravado[j]!), body.items.length + j + 1), ivaItem: 0 })),
  ];

  const document = {
    identificacion: identificacion(ctx, 1, '01'),
    documentoRelacionado: null,
    emisor: emisor(ctx, true),
    receptor: r
      ? {
          tipoDocumento: r.identificationDocument ? idTypeCode(r.identificationDocument.type) : null,
          numDocumento: r.identificationDocument ? idNumber(r.identificationDocument, true) : null,
          nrc: r.nrc ?? null,
          nombre: r.name,
          codActividad: r.economicActivity ?? null,
          descActividad: r.economicActivity ? activityName(r.economicActivity) : null,
          direccion: r.address ? direccion(r.address) : null,
          telefono: r.phone ?? null,
          correo: r.email ?? null,
        }
      : null,
    otrosDocumentos: otrosDocumentos(body.attachments),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento,
    resumen: {
      ...saleSummary(sale),
      porcentajeDescuento: num(t.porcentajeDescuento),
      totalDescu: num(t.totalDescu),
      tributos: null,
      subTotal: num(t.subTotal),
      ivaRete1: num(t.ivaRete1),
      reteRenta: num(t.reteRenta),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalNoGravado: num(t.totalNoGravado),
      totalPagar: num(t.totalPagar),
      totalLetras: totalWords(t.totalPagar),
      totalIva: num(t.iva),
      saldoFavor: 0,
      ...payment(body.paymentType, t.totalPagar, body.payments),
      numPagoElectronico: null,
    },
    extension: null,
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
