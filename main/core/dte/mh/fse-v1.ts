// FSE (factura de sujeto excluido, tipoDte 14) as MH's fe-fse-v1: a purchase, no IVA.
import type { FseBody } from '../../../../shared/contract';
import { computeFse, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { payment, paymentErrors } from './payments';
import { activityName, direccion, emisorCore, establishment, identificacion, idNumber, idTypeCode } from './common';
import { ITEM_TYPE, UNIT, UNIT_OTHER } from './mappings';

export function buildFseV1(body: FseBody, ctx: BuildContext): Built {
  const { lines, totals: t, errors } = computeFse(body);
  const r = body.recipient;
  const document = {
    identificacion: identificacion(ctx, 1, '14'),
    emisor: {
      ...emisorCore(ctx),
      direccion: direccion(ctx.station.company.address),
      telefono: ctx.station.company.phone,
      ...establishment(ctx),
      correo: ctx.station.company.email,
    },
    sujetoExcluido: {
      tipoDocumento: idTypeCode(r.identificationDocument.type),
      numDocumento: idNumber(r.identificationDocument, false),
      nombre: r.name,
      codActividad: r.economicActivity ?? null,
      descActividad: r.economicActivity ? activityName(r.economicActivity) : null,
      direccion: direccion(r.address),
      telefono: r.phone ?? null,
      correo: r.email ?? null,
    },
    cuerpoDocumento: body.items.map((item, i) => {
      const l = lines[i]!;
      return {
        numItem: i + 1,
        tipoItem: ITEM_TYPE[item.type],
        cantidad: item.quantity,
        codigo: item.internalCode ?? null,
        uniMedida: UNIT[item.unitMeasure] ?? UNIT_OTHER,
        descripcion: item.description,
        precioUni: num(l.precioUni),
        montoDescu: num(l.montoDescu),
        compra: num(l.amount),
      };
    }),
    resumen: {
      totalCompra: num(t.totalCompra),
      descu: num(t.descu),
      totalDescu: num(t.totalDescu),
      subTotal: num(t.subTotal),
      ivaRete1: num(t.ivaRete1),
      reteRenta: num(t.reteRenta),
      totalPagar: num(t.totalPagar),
      totalLetras: totalWords(t.totalPagar),
      ...payment(body.paymentType, t.totalPagar, body.payments),
      observaciones: null,
    },
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...errors, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
