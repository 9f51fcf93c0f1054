// MH's Evento de Operaciones Especiales, fe-eop-v1 (docs/decisions/0083-evento-de-operaciones-especiales.md): the
// month's simplified invoices and internal vouchers, by ranges or one by one. Prices come without IVA (MF2 §X);
// each item's amounts are exact cents (shared/tax), the summary re-adds them and adds IVA 13 % on the taxed total,
// rounded half-up to the cent (MF2 §XXI). The tax period, which the schema has no field for, goes in `apendice`.
import type { StoredStation } from '../../station/profile';
import { amountInWords, IVA_RATE, num, round2, round8, sum, type Dec } from '../../../../shared/tax';
import type { SpecialOperationType } from '../../../../shared/operaciones-especiales';
import { IVA_TRIBUTE } from '../mh/sale-lines';

/** CAT-002 of the event itself (tipoEvento). */
export const SPECIAL_OPERATIONS_EVENT_TYPE = '17';

/** One item as the builder takes it: the request's, with the range's count and the reference resolved. */
export interface EoeBuildItem {
  readonly type: SpecialOperationType;
  /** A voucher reported one by one (with its date), or null for a range. */
  readonly number: string | null;
  readonly date: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly quantity: number;
  readonly description: string;
  readonly nonSubject: Dec;
  readonly exempt: Dec;
  readonly taxed: Dec;
  /** The earlier EOE (upper-case codigoGeneracion) that reported an annulled voucher as active. */
  readonly reportedIn: string | null;
}

/** What an item is worth without IVA. */
export const itemValue = (i: Pick<EoeBuildItem, 'nonSubject' | 'exempt' | 'taxed'>): Dec =>
  round2(i.nonSubject).plus(round2(i.exempt)).plus(round2(i.taxed));

export function buildEopV1(p: {
  station: StoredStation;
  ambiente: '00' | '01';
  codigoGeneracion: string;
  fecEmi: string;
  horEmi: string;
  period: string;
  items: readonly EoeBuildItem[];
}) {
  const cuerpo = p.items.map((i, n) => {
    const value = itemValue(i);
    return {
      numItem: n + 1,
      codigoGeneracionRef: i.reportedIn,
      tipoDocumento: i.type,
      numDocumento: i.number,
      fechaEmision: i.number === null ? null : i.date,
      cantidad: i.quantity,
      descripcion: i.description.slice(0, 1500),
      docDel: i.number === null ? i.from : null,
      docAl: i.number === null ? i.to : null,
      // The unit price of a range is its value shared among its documents (8 decimals, MF2 §XXI).
      precioUni: num(round8(value.div(i.quantity))),
      ventaNoSuj: num(round2(i.nonSubject)),
      ventaExenta: num(round2(i.exempt)),
      ventaGravada: num(round2(i.taxed)),
      tributos: i.taxed.isZero() ? null : [IVA_TRIBUTE.codigo],
    };
  });
  const totalNoSuj = sum(p.items.map((i) => round2(i.nonSubject)));
  const totalExenta = sum(p.items.map((i) => round2(i.exempt)));
  const totalGravada = sum(p.items.map((i) => round2(i.taxed)));
  const subTotal = totalNoSuj.plus(totalExenta).plus(totalGravada);
  const iva = round2(totalGravada.times(IVA_RATE));
  const total = subTotal.plus(iva);
  return {
    identificacion: {
      version: 1,
      ambiente: p.ambiente,
      // Modelo previo and transmisión normal only: fe-eop-v1 fixes both to 1.
      tipoModelo: 1,
      tipoOperacion: 1,
      tipoEvento: SPECIAL_OPERATIONS_EVENT_TYPE,
      codigoGeneracion: p.codigoGeneracion,
      fecEmi: p.fecEmi,
      horEmi: p.horEmi,
      tipoMoneda: 'USD',
    },
    emisor: { nit: p.station.company.nit, nombre: p.station.company.name.slice(0, 250) },
    cuerpoDocumento: cuerpo,
    resumen: {
      totalNoSuj: num(totalNoSuj),
      totalExenta: num(totalExenta),
      totalGravada: num(totalGravada),
      subTotal: num(subTotal),
      tributos: totalGravada.isZero() ? null : [{ ...IVA_TRIBUTE, valor: num(iva) }],
      total: num(total),
      totalLetras: amountInWords(total),
    },
    apendice: [{ campo: 'periodo', etiqueta: 'Período tributario', valor: p.period }],
  };
}

export type EopV1Event = ReturnType<typeof buildEopV1>;
