// NC (nota de crédito, tipoDte 05) and ND (nota de débito, tipoDte 06) as MH's fe-nc-v3 / fe-nd-v3: the same
// body and amounts; ND adds numPagoElectronico. Each line names the CCF or CR it adjusts.
import type { FieldError, NcBody } from '../../../../shared/contract';
import { MH_TYPE } from '../../../../shared/contract';
import { amountInWords, computeSale, num } from '../../../../shared/tax';
import { ivaTributes, lineTributes, saleSummary, taxpayerReceptor } from './ccf-v3';
import type { BuildContext, Built } from './context';
import { direccion, emisorCore, identificacion, ventaTercero } from './common';
import { GENERATION, ITEM_TYPE, PAYMENT_CONDITION, UNIT, UNIT_OTHER } from './mappings';

export function buildNoteV3(kind: 'NC' | 'ND', body: NcBody, ctx: BuildContext): Built {
  const sale = computeSale(kind, body);
  const { lines, totals: t } = sale;
  const errors: FieldError[] = [...sale.errors];
  const related = body.relatedTaxDocuments.map((d, i) => {
    const found = ctx.related(d.id);
    // The create path checked these; a missing one here is a bug, reported rather than thrown.
    if (!found) errors.push({ path: `relatedTaxDocuments.${i}.id`, code: 'UNKNOWN_CODE', message: 'No hay en esta estación un DTE con ese id.' });
    return found;
  });
  const document = {
    identificacion: identificacion(ctx, 3, MH_TYPE[kind]),
    documentoRelacionado: related.flatMap((r) =>
      r ? [{ tipoDocumento: MH_TYPE[r.kind], tipoGeneracion: GENERATION.DIGITAL, numeroDocumento: r.codigoGeneracion, fechaEmision: r.issueDate }] : [],
    ),
    emisor: {
      ...emisorCore(ctx),
      nombreComercial: ctx.station.company.commercialName ?? null,
      tipoEstablecimiento: ctx.station.branch.establishmentType,
      direccion: direccion(ctx.station.company.address),
      telefono: ctx.station.company.phone,
      correo: ctx.station.company.email,
    },
    receptor: taxpayerReceptor(body.recipient),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: body.items.map((item, i) => {
      const l = lines[i]!;
      const taxLine = item.type === 'OTROS';
      return {
        numItem: i + 1,
        tipoItem: ITEM_TYPE[item.type],
        numeroDocumento: (item.documentNumber ?? '').toUpperCase(),
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
        tributos: lineTributes(l.ventaGravada.greaterThan(0)),
      };
    }),
    resumen: {
      ...saleSummary(sale),
      totalDescu: num(t.totalDescu),
      tributos: ivaTributes(sale),
      subTotal: num(t.subTotal),
      ivaPerci1: 0,
      ivaRete1: num(t.ivaRete1),
      reteRenta: num(t.reteRenta),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalLetras: amountInWords(t.montoTotalOperacion),
      condicionOperacion: PAYMENT_CONDITION[body.paymentType],
      ...(kind === 'ND' ? { numPagoElectronico: null } : {}),
    },
    extension: null,
    apendice: null,
  };
  return { document, total: t.montoTotalOperacion, errors };
}
