// CCF (comprobante de crédito fiscal, tipoDte 03) as MH's fe-ccf-v3: net prices, IVA as tributo 20.
import type { CcfBody } from '../../../../shared/contract';
import { amountInWords, computeSale, num, type SaleResult } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { activityName, direccion, emisorCore, establishment, identificacion, otrosDocumentos, payment, ventaTercero } from './common';
import { ITEM_TYPE, UNIT, UNIT_OTHER } from './mappings';

export const IVA_TRIBUTE = { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%' } as const;

type TaxpayerRecipient = CcfBody['recipient'];

/** receptor of CCF, NC and ND: a registered taxpayer, identified by NIT (or DUI as NIT). */
export const taxpayerReceptor = (r: TaxpayerRecipient) => ({
  nit: r.identificationDocument.number,
  nrc: r.nrc,
  nombre: r.name,
  codActividad: r.economicActivity,
  descActividad: activityName(r.economicActivity),
  nombreComercial: r.commercialName ?? null,
  direccion: direccion(r.address),
  telefono: r.phone ?? null,
  correo: r.email,
});

/** The tributos of a taxed line: IVA (20) when it has taxed sales, otherwise none. */
export const lineTributes = (gravada: boolean) => (gravada ? [IVA_TRIBUTE.codigo] : null);

/** resumen fields CCF, NC and ND share. */
export function saleSummary(r: SaleResult) {
  const t = r.totals;
  return {
    totalNoSuj: num(t.totalNoSuj),
    totalExenta: num(t.totalExenta),
    totalGravada: num(t.totalGravada),
    subTotalVentas: num(t.subTotalVentas),
    descuNoSuj: num(t.descuNoSuj),
    descuExenta: num(t.descuExenta),
    descuGravada: num(t.descuGravada),
  };
}

export const ivaTributes = (r: SaleResult) => (r.totals.totalGravada.greaterThan(0) ? [{ ...IVA_TRIBUTE, valor: num(r.totals.iva) }] : null);

export function buildCcfV3(body: CcfBody, ctx: BuildContext): Built {
  const sale = computeSale('CCF', body);
  const { lines, noGravado, totals: t } = sale;
  const cuerpoDocumento = [
    ...body.items.map((item, i) => {
      const l = lines[i]!;
      const taxLine = item.type === 'OTROS';
      return {
        numItem: i + 1,
        tipoItem: ITEM_TYPE[item.type],
        numeroDocumento: item.documentNumber ? item.documentNumber.toUpperCase() : null,
        codigo: item.internalCode ?? null,
        codTributo: taxLine ? (item.taxCode ?? null) : null,
        descripcion: item.description,
        cantidad: item.quantity,
        uniMedida: taxLine ? UNIT_OTHER : (UNIT[item.unitMeasure] ?? UNIT_OTHER),
        precioUni: num(l.precioUni),
        montoDescu: num(l.montoDescu),
        ventaNoSuj: num(l.ventaNoSuj),
        ventaExenta: num(l.ventaExenta),
        ventaGravada: num(l.ventaGravada),
        tributos: lineTributes(l.ventaGravada.greaterThan(0)),
        psv: num(l.psv),
        noGravado: 0,
      };
    }),
    ...(body.itemsNoGrav ?? []).map((x, j) => ({
      numItem: body.items.length + j + 1,
      tipoItem: ITEM_TYPE[x.type],
      numeroDocumento: null,
      codigo: x.internalCode ?? null,
      codTributo: null,
      descripcion: x.description,
      cantidad: 1,
      uniMedida: UNIT_OTHER,
      precioUni: 0,
      montoDescu: 0,
      ventaNoSuj: 0,
      ventaExenta: 0,
      ventaGravada: 0,
      tributos: null,
      psv: 0,
      noGravado: num(noGravado[j]!),
    })),
  ];
  const document = {
    identificacion: identificacion(ctx, 3, '03'),
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
    receptor: taxpayerReceptor(body.recipient),
    otrosDocumentos: otrosDocumentos(body.attachments),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento,
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
      totalLetras: amountInWords(t.totalPagar),
      saldoFavor: 0,
      ...payment(t.totalPagar.isZero() ? 'CONTADO' : body.paymentType, t.totalPagar),
      numPagoElectronico: null,
    },
    extension: null,
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: sale.errors };
}
