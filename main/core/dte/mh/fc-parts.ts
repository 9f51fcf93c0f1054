// The parts of a factura (tipoDte 01) that MH's fe-fc-v1 and fe-f-v2 write alike: item lines, receptor, resumen.
import type { FcBody } from '../../../../shared/contract';
import { num, type SaleResult } from '../../../../shared/tax';
import { totalWords } from './ceiling';
import { activityName, idNumber, idTypeCode } from './common';
import { payment } from './payments';
import { noGravLine, saleLine, saleSummary } from './sale-lines';

type Recipient = NonNullable<FcBody['recipient']>;
type Address = NonNullable<Recipient['address']>;

/** cuerpoDocumento: a factura reports IVA in ivaItem/totalIva, never as tributo 20. */
export function fcItems(body: FcBody, sale: SaleResult) {
  const { lines, noGravado } = sale;
  return [
    ...body.items.map((item, i) => ({
      ...saleLine(item, lines[i]!, i),
      tributos: null,
      psv: num(lines[i]!.psv),
      noGravado: 0,
      ivaItem: num(lines[i]!.ivaItem),
    })),
    ...(body.itemsNoGrav ?? []).map((x, j) => ({ ...noGravLine(x, num(noGravado[j]!), body.items.length + j + 1), ivaItem: 0 })),
  ];
}

/** The receptor, its address written by the normative's `direccion`. */
export function fcReceptor<D>(r: Recipient, direccion: (a: Address) => D) {
  return {
    tipoDocumento: r.identificationDocument ? idTypeCode(r.identificationDocument.type) : null,
    numDocumento: r.identificationDocument ? idNumber(r.identificationDocument, true) : null,
    nrc: r.nrc ?? null,
    nombre: r.name,
    codActividad: r.economicActivity ?? null,
    descActividad: r.economicActivity ? activityName(r.economicActivity) : null,
    direccion: r.address ? direccion(r.address) : null,
    telefono: r.phone ?? null,
    correo: r.email ?? null,
  };
}

/** The resumen as fe-fc-v1 names it (v2.0 renames and drops a few fields: fe-v2.ts). */
export function fcResumen(body: FcBody, sale: SaleResult) {
  const t = sale.totals;
  return {
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
  };
}
