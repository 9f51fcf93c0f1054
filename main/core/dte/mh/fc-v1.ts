// FC (factura, tipoDte 01) as MH's fe-fc-v1: prices include IVA (shared/tax/sale.ts converts them).
import type { FcBody, FieldError } from '../../../../shared/contract';
import { amountInWords, computeSale, dec, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import {
  activityName,
  direccion,
  emisorCore,
  establishment,
  idNumber,
  idTypeCode,
  identificacion,
  otrosDocumentos,
  payment,
  ventaTercero,
} from './common';
import { ITEM_TYPE, UNIT, UNIT_OTHER } from './mappings';

/** FC v1: from this amount on MH wants the consumer identified (tipoDocumento, numDocumento, nombre). */
export const FC_IDENTIFY_FROM = dec('1095');

export function buildFcV1(body: FcBody, ctx: BuildContext): Built {
  const { lines, noGravado, totals: t, errors } = computeSale('FC', body);
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
    ...body.items.map((item, i) => {
      const l = lines[i]!;
      const taxLine = item.type === 'OTROS';
      return {
        numItem: i + 1,
        tipoItem: ITEM_TYPE[item.type],
        numeroDocumento: item.documentNumber ? item.documentNumber.toUpperCase() : null,
        cantidad: item.quantity,
        codigo: item.internalCode ?? null,
        codTributo: taxLine ? (item.taxCode ?? null) : null,
        uniMedida: taxLine ? UNIT_OTHER : (UNIT[item.unitMeasure] ?? UNIT_OTHER),
        descripcion: item.description,
        precioUni: num(l.precioUni),
        montoDescu: num(l.montoDescu),
        ventaNoSuj: num(l.ventaNoSuj),
        ventaExenta: num(l.ventaExenta),
        ventaGravada: num(l.ventaGravada),
        // FC reports IVA in ivaItem/totalIva, never as tributo 20.
        tributos: null,
        psv: num(l.psv),
        noGravado: 0,
        ivaItem: num(l.ivaItem),
      };
    }),
    ...(body.itemsNoGrav ?? []).map((x, j) => ({
      numItem: body.items.length + j + 1,
      tipoItem: ITEM_TYPE[x.type],
      numeroDocumento: null,
      cantidad: 1,
      codigo: x.internalCode ?? null,
      codTributo: null,
      uniMedida: UNIT_OTHER,
      descripcion: x.description,
      precioUni: 0,
      montoDescu: 0,
      ventaNoSuj: 0,
      ventaExenta: 0,
      ventaGravada: 0,
      tributos: null,
      psv: 0,
      noGravado: num(noGravado[j]!),
      ivaItem: 0,
    })),
  ];

  const document = {
    identificacion: identificacion(ctx, 1, '01'),
    documentoRelacionado: null,
    emisor: {
      ...emisorCore(ctx),
      nombreComercial: ctx.station.company.commercialName ?? null,
      tipoEstablecimiento: ctx.station.branch.establishmentType,
      direccion: direccion(ctx.station.company.address),
      telefono: ctx.station.company.phone,
      correo: ctx.station.company.email,
      ...establishment(ctx),
    },
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
      totalNoSuj: num(t.totalNoSuj),
      totalExenta: num(t.totalExenta),
      totalGravada: num(t.totalGravada),
      subTotalVentas: num(t.subTotalVentas),
      descuNoSuj: num(t.descuNoSuj),
      descuExenta: num(t.descuExenta),
      descuGravada: num(t.descuGravada),
      porcentajeDescuento: num(t.porcentajeDescuento),
      totalDescu: num(t.totalDescu),
      tributos: null,
      subTotal: num(t.subTotal),
      ivaRete1: num(t.ivaRete1),
      reteRenta: num(t.reteRenta),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalNoGravado: num(t.totalNoGravado),
      totalPagar: num(t.totalPagar),
      totalLetras: amountInWords(t.totalPagar),
      totalIva: num(t.iva),
      saldoFavor: 0,
      ...payment(body.paymentType, t.totalPagar),
      numPagoElectronico: null,
    },
    extension: null,
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...errors, ...extra] };
}
