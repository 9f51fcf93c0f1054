// The parts of a documento contable de liquidación (tipoDte 09) that MH's fe-dcl-v1 and fe-dcl-v2 write alike: the
// liquidation computed once from what the body says (docs/decisions/0081-liquidaciones.md).
import type { DclBody, FieldError } from '../../../../shared/contract';
import { IVA_INCLUDED, IVA_RATE, Dec, dec, num, round2 } from '../../../../shared/tax';
import type { BuildContext } from './context';
import { activityName } from './common';
import { clTotalWords } from './cl-parts';

/** The IVA a card processor perceives from its affiliates: 2 % of the amount before IVA (Código Tributario art. 162-A). */
export const CARD_PERCEPTION_RATE = new Dec('0.02');

/** CAT-009 Tipo de establecimiento, by the contract's name. */
export const ESTABLISHMENT = { SUCURSAL: '01', CASA_MATRIZ: '02', BODEGA: '04', PATIO: '07' } as const satisfies Record<
  DclBody['recipient']['establishmentType'],
  string
>;

export interface DclAmounts {
  readonly valorOperaciones: Dec;
  readonly montoSinPercepcion: Dec;
  /** The operations subject to perception, IVA included. */
  readonly subTotal: Dec;
  /** The IVA those operations contain: 13/113 of the subtotal. */
  readonly iva: Dec;
  /** The subtotal before IVA, the perception's base. */
  readonly montoSujetoPercepcion: Dec;
  readonly ivaPercibido: Dec;
  readonly comision: Dec;
  readonly ivaComision: Dec;
  readonly liquidoApagar: Dec;
}

export function computeDcl(body: DclBody): DclAmounts {
  const valorOperaciones = dec(body.operationsValue);
  const montoSinPercepcion = dec(body.amountWithoutPerception);
  const subTotal = valorOperaciones.minus(montoSinPercepcion);
  const iva = round2(subTotal.times(IVA_INCLUDED));
  const montoSujetoPercepcion = subTotal.minus(iva);
  const ivaPercibido = round2(montoSujetoPercepcion.times(CARD_PERCEPTION_RATE));
  const comision = dec(body.commission);
  const ivaComision = round2(comision.times(IVA_RATE));
  const liquidoApagar = valorOperaciones.minus(ivaPercibido).minus(comision).minus(ivaComision);
  return { valorOperaciones, montoSinPercepcion, subTotal, iva, montoSujetoPercepcion, ivaPercibido, comision, ivaComision, liquidoApagar };
}

/** MH wants the IVA, the perception and the líquido a pagar above zero, and the period ended by the issue date. */
export function dclErrors(body: DclBody, a: DclAmounts, ctx: BuildContext): FieldError[] {
  const errors: FieldError[] = [];
  if (body.periodEnd > ctx.identity.fecEmi)
    errors.push({
      path: 'periodEnd',
      code: 'NOT_ALLOWED',
      message: `El período no puede terminar después de la emisión (${ctx.identity.fecEmi}).`,
    });
  if (a.ivaPercibido.lte(0))
    errors.push({
      path: 'operationsValue',
      code: 'NOT_ALLOWED',
      message: 'Lo sujeto a percepción es tan poco que su percepción del 2 % no llega a US$0.01: MH no la admite.',
    });
  if (a.liquidoApagar.lte(0))
    errors.push({
      path: 'commission',
      code: 'NOT_ALLOWED',
      message: 'La comisión, su IVA y la percepción se llevan todo: no queda líquido a pagar.',
    });
  return errors;
}

/** Who issues the liquidation: the body's person, else the station's responsible person, else the company. */
export function dclExtension(body: DclBody, ctx: BuildContext) {
  if (body.deliveredBy)
    return {
      nombEntrega: body.deliveredBy.name,
      docuEntrega: body.deliveredBy.documentNumber,
      codEmpleado: body.deliveredBy.employeeCode ?? null,
    };
  const s = ctx.station;
  const who = s.responsible ?? { name: s.company.name.slice(0, 100), identificationDocument: { type: 'NIT', number: s.company.nit } };
  return { nombEntrega: who.name, docuEntrega: who.identificationDocument.number, codEmpleado: null };
}

/** fe-dcl-v1 wants who issues it with 5 or more characters of name and of document. */
export function extensionErrors(extension: ReturnType<typeof dclExtension>): FieldError[] {
  if (extension.nombEntrega.length >= 5 && extension.docuEntrega.length >= 5) return [];
  return [
    { path: 'deliveredBy', code: 'REQUIRED', message: 'Indique quién emite la liquidación (nombre y documento de 5 o más caracteres).' },
  ];
}

/** The receptor fields both versions share, in MH's order up to the address. */
export function dclReceptorHead(r: DclBody['recipient']) {
  return {
    nit: r.identificationDocument.number,
    nrc: r.nrc,
    nombre: r.name,
    codActividad: r.economicActivity,
    descActividad: activityName(r.economicActivity),
    nombreComercial: r.commercialName ?? null,
    tipoEstablecimiento: ESTABLISHMENT[r.establishmentType],
  };
}

/** cuerpoDocumento, one object; fe-dcl-v1 writes the commission's percentage as text, v2.0 as a number. */
export function dclCuerpo(body: DclBody, a: DclAmounts, percent: (p: number) => string | number | null) {
  return {
    periodoLiquidacionFechaInicio: body.periodStart,
    periodoLiquidacionFechaFin: body.periodEnd,
    codLiquidacion: body.liquidationCode ?? null,
    cantidadDoc: body.documentCount ?? null,
    valorOperaciones: num(a.valorOperaciones),
    montoSinPercepcion: num(a.montoSinPercepcion),
    descripSinPercepcion: body.withoutPerceptionDescription ?? null,
    subTotal: num(a.subTotal),
    iva: num(a.iva),
    montoSujetoPercepcion: num(a.montoSujetoPercepcion),
    ivaPercibido: num(a.ivaPercibido),
    comision: num(a.comision),
    porcentComision: percent(body.commissionPercent ?? 0),
    ivaComision: num(a.ivaComision),
    liquidoApagar: num(a.liquidoApagar),
    totalLetras: clTotalWords(a.liquidoApagar),
    observaciones: body.observations ?? null,
  };
}
