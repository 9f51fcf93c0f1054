// MH's Evento de Retorno, fe-eret-v1 (docs/mh.md, Evento de Retorno), built from the sealed documents as stored (their
// mh_json), the lines and quantities given back, and the station. Amounts are decimal (shared/tax): each returned
// line is the original's share for the quantity, to the cent; the line that gives back the last of a quantity
// takes what the earlier returns left, so the returns of a line add up to it exactly. The summary re-adds the
// lines exactly (totalIva is the sum of ivaItem).
import type { StoredStation } from '../../station/profile';
import { regimeType } from '../../../../shared/catalogs';
import { catalogHas, isoOfCat020 } from '../../../../shared/catalogs/normative';
import { amountInWords, dec, IVA_INCLUDED, num, round2, sum, ZERO, type Dec } from '../../../../shared/tax';
import type { ReturnableKind } from '../../../../shared/retorno';

type Json = { readonly [k: string]: unknown };
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const arr = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** CAT-002 of the Evento de Retorno itself, as a contingency event lists it (detalleDTE.tipoDoc). */
export const RETURN_EVENT_TYPE = '18';

/** How the ER is transmitted: with MH in reach, or in contingency (MF2 p.18: the ER may be; its event's type and reason). */
export type ReturnOperation =
  { readonly kind: 'normal' } | { readonly kind: 'contingency'; readonly type: 1 | 2 | 3 | 4 | 5; readonly reason: string | null };

/** CAT-002 of each returnable kind. */
export const TIPO_DTE: Record<ReturnableKind, string> = { FC: '01', FEX: '11', FSE: '14' };

/** The amounts of a line the ER carries, in the order MH lists them. */
const AMOUNTS = ['montoDescu', 'ventaNoSuj', 'ventaExenta', 'ventaGravada', 'compra', 'noGravado'] as const;
type AmountKey = (typeof AMOUNTS)[number];
export type LineAmounts = Record<AmountKey | 'ivaItem', Dec>;

/** A line's value for the limits: what it sold (or bought), discounts already out. */
export const lineValue = (a: Pick<LineAmounts, 'ventaNoSuj' | 'ventaExenta' | 'ventaGravada' | 'compra' | 'noGravado'>): Dec =>
  a.ventaNoSuj.plus(a.ventaExenta).plus(a.ventaGravada).plus(a.compra).plus(a.noGravado);

/** One original line of a stored document, read the same way for FE, FEX and FSE. */
export interface StoredLine {
  readonly item: number;
  readonly tipoItem: number;
  readonly quantity: Dec;
  readonly unitPrice: Dec;
  readonly description: string;
  readonly code: string | null;
  readonly unit: number | null;
  readonly codTributo: string | null;
  readonly tributos: string[] | null;
  readonly psv: Dec;
  readonly amounts: Record<AmountKey, Dec>;
}

export function storedLines(doc: Json): StoredLine[] {
  return arr(doc.cuerpoDocumento).flatMap((raw) => {
    const l = obj(raw);
    if (!l) return [];
    const tributos = arr(l.tributos).filter((t): t is string => typeof t === 'string');
    return [
      {
        item: Number(l.numItem),
        tipoItem: typeof l.tipoItem === 'number' ? l.tipoItem : 1,
        quantity: dec(l.cantidad as number),
        unitPrice: dec(l.precioUni as number),
        description: str(l.descripcion) ?? '',
        code: str(l.codigo),
        unit: typeof l.uniMedida === 'number' ? l.uniMedida : null,
        codTributo: str(l.codTributo),
        tributos: tributos.length ? tributos : null,
        psv: dec(l.psv as number),
        amounts: Object.fromEntries(AMOUNTS.map((k) => [k, dec(l[k] as number)])) as Record<AmountKey, Dec>,
      },
    ];
  });
}

/** What the document is worth for the limits: its lines less its global discounts. */
export function documentValue(doc: Json): Dec {
  const r = obj(doc.resumen) ?? {};
  const global = ['descuNoSuj', 'descuExenta', 'descuGravada', 'descu', 'descuento'].map((k) => dec(r[k] as number));
  return round2(sum(storedLines(doc).map((l) => lineValue({ ...l.amounts }))).minus(sum(global)));
}

/**
 * The amounts given back for `quantity` of `line`, when earlier live returns gave back `earlier` quantities of it:
 * the share to the cent, or for the return that empties the line, the line less what the earlier ones took.
 */
export function returnedAmounts(kind: ReturnableKind, line: StoredLine, quantity: Dec, earlier: readonly Dec[]): LineAmounts {
  const share = (amount: Dec, q: Dec) => round2(amount.times(q).div(line.quantity));
  const emptied = sum(earlier).plus(quantity).greaterThanOrEqualTo(line.quantity);
  const out = Object.fromEntries(
    AMOUNTS.map((k) => {
      const a = line.amounts[k];
      const value = emptied ? round2(a).minus(sum(earlier.map((q) => share(a, q)))) : share(a, quantity);
      return [k, value.isNegative() ? ZERO : value];
    }),
  ) as Record<AmountKey, Dec>;
  // An FE's prices include IVA: the line's IVA is the part of what it gives back of the taxed sale.
  const ivaItem = kind === 'FC' ? round2(out.ventaGravada.times(IVA_INCLUDED)) : ZERO;
  return { ...out, ivaItem };
}

export interface ReturnTargetDoc {
  readonly kind: ReturnableKind;
  /** The stored mh_json, parsed. */
  readonly doc: Json;
  readonly lines: readonly { readonly line: StoredLine; readonly quantity: Dec; readonly amounts: LineAmounts }[];
}

// The ER is a 2026 event, and it may return goods of a document issued under the legacy normative: what it copies
// from that document is written in the 2026 catalogs (docs/decisions/0086-catalogs-per-normative.md).
/** CAT-020: a legacy four-digit country as its ISO code (2026's CAT-020); an ISO one as it is. */
const country2026 = (code: string | null): string | null => (code ? (isoOfCat020(code) ?? code) : null);
/** CAT-014: a unit 2026 lacks (a legacy document's vara) is written 99, otra; the line's description says what it is. */
const unit2026 = (unit: number | null): number => (unit === null ? 59 : catalogHas('CAT-014', '2026', unit) ? unit : 99);
/** CAT-028 and CAT-033: a legacy `EX-1.1000.000` (or a v2.0 document that kept it whole) as 2026's `1000.000` and `EX-1`. */
function regime2026(emisor: Json): { tipoRegimen: string | null; regimen: string | null } {
  const whole = str(emisor.regimen);
  if (!whole) return { tipoRegimen: str(emisor.tipoRegimen), regimen: null };
  const prefixed = /^(EX-[123]|TA-1)\.(.+)$/.exec(whole);
  const code = prefixed ? prefixed[2]! : whole;
  return { tipoRegimen: prefixed?.[1] ?? str(emisor.tipoRegimen) ?? regimeType(code) ?? null, regimen: code };
}

/** The ER's `documento`: the counterpart of the (first) document, null for an FE without receptor. */
function counterpart(doc: Json) {
  const r = obj(doc.receptor) ?? obj(doc.sujetoExcluido);
  if (!r) return null;
  const phone = str(r.telefono);
  return {
    tipoDocumento: str(r.tipoDocumento) ?? (str(r.nit) ? '36' : null),
    numDocumento: str(r.numDocumento) ?? str(r.nit),
    nombre: str(r.nombre)?.slice(0, 250) ?? null,
    codPais: country2026(str(r.codPais)),
    nombrePais: str(r.nombrePais),
    telefono: phone && phone.length >= 8 ? phone.slice(0, 30) : null,
    correo: str(r.correo)?.slice(0, 100) ?? null,
  };
}

export function buildEretV1(p: {
  station: StoredStation;
  ambiente: '00' | '01';
  codigoGeneracion: string;
  fecEmi: string;
  horEmi: string;
  reason: string;
  targets: readonly ReturnTargetDoc[];
  operation?: ReturnOperation;
}) {
  const contingency = p.operation?.kind === 'contingency' ? p.operation : null;
  const s = p.station;
  const first = p.targets[0]!;
  const firstDoc = first.doc;
  const emisor = obj(firstDoc.emisor) ?? {};
  const pos = `P${String(s.branch.posNumber).padStart(3, '0')}`;
  const fex = first.kind === 'FEX';
  const tercero = obj(firstDoc.ventaTercero);
  const cuerpo = p.targets.flatMap((t) => {
    const code = (str(obj(t.doc.identificacion)?.codigoGeneracion) ?? '').toUpperCase();
    return t.lines.map(({ line, quantity, amounts }) => ({ code, line, quantity, amounts }));
  });
  const items = cuerpo.map(({ code, line, quantity, amounts }, i) => ({
    numItem: i + 1,
    tipoItem: line.tipoItem,
    codigoGeneracion: code,
    cantidad: num(quantity),
    precioUni: num(line.unitPrice),
    descripcion: line.description.slice(0, 1500) || 'Devolución',
    codigo: line.code?.slice(0, 25) ?? null,
    uniMedida: unit2026(line.unit),
    montoDescu: num(amounts.montoDescu),
    codTributo: line.codTributo,
    ventaNoSuj: num(amounts.ventaNoSuj),
    ventaExenta: num(amounts.ventaExenta),
    ventaGravada: num(amounts.ventaGravada),
    compra: num(amounts.compra),
    tributos: line.tributos,
    psv: num(round2(line.psv)),
    ivaItem: num(amounts.ivaItem),
    noGravado: num(amounts.noGravado),
    seguro: 0,
    flete: 0,
    ivaRete: 0,
    reteRenta: 0,
  }));
  const total = (k: keyof LineAmounts) => sum(cuerpo.map((c) => c.amounts[k]));
  const totalNoSuj = total('ventaNoSuj');
  const totalExenta = total('ventaExenta');
  const totalGravada = total('ventaGravada');
  const totalCompra = total('compra');
  const totalNoGravado = total('noGravado');
  const subTotalVentas = totalNoSuj.plus(totalExenta).plus(totalGravada).plus(totalCompra);
  // An FSE withheld income tax on the purchase: the return gives back its share of it.
  const reteRenta = sum(
    p.targets.map((t) => {
      const r = obj(t.doc.resumen) ?? {};
      const bought = dec(r.totalCompra as number);
      const mine = sum(t.lines.map((l) => l.amounts.compra));
      return bought.isZero()
        ? ZERO
        : round2(
            dec(r.reteRenta as number)
              .times(mine)
              .div(bought),
          );
    }),
  );
  const totalPagar = Math.max(0, num(subTotalVentas.minus(reteRenta).plus(totalNoGravado)));
  return {
    identificacion: {
      version: 1,
      ambiente: p.ambiente,
      // Diferido and por contingencia, with the event's type and reason (fe-eret-v1 allows both; MF2 p.18).
      tipoModelo: contingency ? 2 : 1,
      tipoOperacion: contingency ? 2 : 1,
      tipoEvento: RETURN_EVENT_TYPE,
      tipoContingencia: contingency?.type ?? null,
      motivoContin: contingency?.reason?.slice(0, 500) || null,
      codigoGeneracion: p.codigoGeneracion,
      fecEmi: p.fecEmi,
      horEmi: p.horEmi,
      fusion: null,
      tipoMoneda: 'USD',
    },
    documentoRelacionado: p.targets.map((t) => {
      const id = obj(t.doc.identificacion) ?? {};
      return {
        tipoDocumento: TIPO_DTE[t.kind],
        codigoGeneracion: (str(id.codigoGeneracion) ?? '').toUpperCase(),
        fechaEmision: str(id.fecEmi) ?? '',
      };
    }),
    emisor: {
      nit: s.company.nit,
      nombre: s.company.name.slice(0, 250),
      codEstableMH: s.branch.mhCode,
      codEstable: s.branch.mhCode,
      codPuntoVentaMH: pos,
      codPuntoVenta: pos,
      // An FEXE's return keeps its recinto, régimen and export type (MF2 p.28).
      recintoFiscal: fex ? str(emisor.recintoFiscal) : null,
      ...(fex ? regime2026(emisor) : { tipoRegimen: null, regimen: null }),
      tipoItemExpor: fex && typeof emisor.tipoItemExpor === 'number' ? emisor.tipoItemExpor : null,
    },
    documento: counterpart(firstDoc),
    ventaTercero: tercero ? { nit: str(tercero.nit), nombre: str(tercero.nombre), codDomiciliado: null } : null,
    compraTercero: null,
    cuerpoDocumento: items,
    resumen: {
      totalNoSuj: num(totalNoSuj),
      totalExenta: num(totalExenta),
      totalGravada: num(totalGravada),
      totalCompraExcluidos: num(totalCompra),
      subTotalVentas: num(subTotalVentas),
      tributos: null,
      totalSeguro: fex ? 0 : null,
      totalFlete: fex ? 0 : null,
      montoTotalOperacion: num(subTotalVentas),
      ivaRete: 0,
      reteRenta: num(reteRenta),
      totalNoGravado: num(totalNoGravado),
      totalPagar,
      totalLetras: amountInWords(dec(totalPagar)),
      totalNoOnerosas: 0,
      totalIva: num(total('ivaItem')),
      saldoFavor: 0,
    },
    apendice: [{ campo: 'motivoRetorno', etiqueta: 'Motivo de la devolución', valor: p.reason.slice(0, 150) }],
  };
}

export type EretV1Event = ReturnType<typeof buildEretV1>;
