// The parts of a factura de sujeto excluido (tipoDte 14) that MH's fe-fse-v1 and fe-fse-v2 write alike.
import type { FseBody } from '../../../../shared/contract';
import { num, type computeFse } from '../../../../shared/tax';
import { totalWords } from './ceiling';
import { activityName, idNumber, idTypeCode } from './common';
import { payment } from './payments';
import { ITEM_TYPE, UNIT, UNIT_OTHER } from './mappings';

type Purchase = ReturnType<typeof computeFse>;
type Address = FseBody['recipient']['address'];

/** The seller (sujetoExcluido in v1, receptor in v2.0), its address written by the normative's `direccion`. */
export function fseSeller<D>(r: FseBody['recipient'], direccion: (a: Address) => D) {
  return {
    tipoDocumento: idTypeCode(r.identificationDocument.type),
    numDocumento: idNumber(r.identificationDocument, false),
    nombre: r.name,
    codActividad: r.economicActivity ?? null,
    descActividad: r.economicActivity ? activityName(r.economicActivity) : null,
    direccion: direccion(r.address),
    telefono: r.phone ?? null,
    correo: r.email ?? null,
  };
}

export const fseItems = (body: FseBody, { lines }: Purchase) =>
  body.items.map((item, i) => {
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
  });

/** The resumen as fe-fse-v1 names it (v2.0 drops ivaRete1: fse-v2.ts). */
export function fseResumen(body: FseBody, { totals: t }: Purchase) {
  return {
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
  };
}
