// The parts of a comprobante de donación (tipoDte 15) that MH's fe-cd-v1 and fe-cd-v2 write alike
// (docs/decisions/0082-comprobante-de-donacion.md): the donated lines and their value, the donor, the associated
// documents and the resumen.
import type { CdBody, FieldError } from '../../../../shared/contract';
import { Dec, ZERO, dec, num, round2, round8, sum } from '../../../../shared/tax';
import type { BuildContext } from './context';
import { totalWords } from './ceiling';
import { activityName, idNumber, idTypeCode, identificacion } from './common';
import { ATTACHMENT, DOMICILE, DONATION_TYPE, UNIT, UNIT_OTHER } from './mappings';

type Address = NonNullable<CdBody['recipient']['address']>;

/** Each line's value (quantity × unit value − depreciation, MH's 8 decimals), the total and the money donated. */
export function computeCd(body: CdBody) {
  const errors: FieldError[] = [];
  const lines = body.items.map((item, i) => {
    const depreciation = dec(item.depreciation);
    const value = round8(dec(item.quantity).times(dec(item.unitValue)).minus(depreciation));
    if (value.isNegative())
      errors.push({
        path: `items.${i}.depreciation`,
        code: 'NOT_ALLOWED',
        message: 'La depreciación supera el valor de la línea (cantidad × valor unitario).',
      });
    return { valorUni: dec(item.unitValue), depreciation, value: Dec.max(value, ZERO) };
  });
  const total = round2(sum(lines.map((l) => l.value)));
  const cash = round2(sum(lines.filter((_, i) => body.items[i]!.donationType === 'EFECTIVO').map((l) => l.value)));
  errors.push(...cdPaymentErrors(body.payments, cash));
  return { lines, total, cash, errors };
}

export type CdAmounts = ReturnType<typeof computeCd>;

/** pagos say how the money donated came in: only with money among the lines, and exactly its amount. */
function cdPaymentErrors(payments: CdBody['payments'], cash: Dec): FieldError[] {
  if (!payments?.length) return [];
  if (cash.isZero())
    return [{ path: 'payments', code: 'NOT_ALLOWED', message: 'Solo una donación en EFECTIVO lleva formas de pago: quite `payments`.' }];
  const paid = payments.reduce((s, p) => s.plus(dec(String(p.amount))), ZERO);
  if (paid.equals(cash)) return [];
  return [
    {
      path: 'payments',
      code: 'TOTAL_MISMATCH',
      message: `Los pagos suman $${paid.toFixed(2)} y las líneas EFECTIVO $${cash.toFixed(2)}: deben ser iguales.`,
    },
  ];
}

/** identificacion of fe-cd-v1 and v2: never a contingency document (no tipoContingencia nor motivoContin). */
export function cdIdentificacion(ctx: BuildContext, version: 1 | 2) {
  const {
    tipoContingencia: _type,
    motivoContin: _reason,
    ...id
  } = identificacion({ ...ctx, operation: { kind: 'normal' } }, version, '15');
  return id;
}

/** The donor (donante in v1, receptor in v2.0); `codPais` is the normative's country code, `direccion` its address. */
export function cdDonor<D>(r: CdBody['recipient'], direccion: (a: Address) => D, codPais: string) {
  return {
    tipoDocumento: idTypeCode(r.identificationDocument.type),
    numDocumento: idNumber(r.identificationDocument, false),
    nrc: r.nrc ?? null,
    nombre: r.name,
    codActividad: r.economicActivity ?? null,
    descActividad: r.economicActivity ? activityName(r.economicActivity) : null,
    direccion: r.address ? direccion(r.address) : null,
    telefono: r.phone ?? null,
    correo: r.email ?? null,
    codDomiciliado: r.domiciled ? DOMICILE.DOMICILIADO : DOMICILE.NO_DOMICILIADO,
    codPais,
  };
}

/** The donor's country as the contract says it: its own, or El Salvador when not given (a domiciled donor). */
export const donorCountry = (r: CdBody['recipient']): string => r.country ?? 'SV';

/** otrosDocumentos: MH requires one at least, and the contract too. */
export const cdOtrosDocumentos = (attachments: CdBody['attachments']) =>
  attachments.map((a) => ({ codDocAsociado: ATTACHMENT[a.code], descDocumento: a.name, detalleDocumento: a.details }));

/** A line without its depreciation, which v1 calls depreciacion and v2.0 tipoDepreciacion. */
export const cdLines = (body: CdBody, { lines }: CdAmounts) =>
  body.items.map((item, i) => {
    const l = lines[i]!;
    return {
      line: {
        numItem: i + 1,
        tipoDonacion: DONATION_TYPE[item.donationType],
        cantidad: item.quantity,
        codigo: item.internalCode ?? null,
        // Money and services are written in unit 99 (the contract allows no other for them).
        uniMedida: item.donationType === 'BIEN' ? (UNIT[item.unitMeasure] ?? UNIT_OTHER) : UNIT_OTHER,
        descripcion: item.description,
        valorUni: num(l.valorUni),
        valor: num(l.value),
      },
      depreciation: num(l.depreciation),
    };
  });

/** resumen: the donation's total, in words, and how the money came in (null without `payments`). */
export function cdResumen(body: CdBody, { total }: CdAmounts) {
  return {
    valorTotal: num(total),
    totalLetras: totalWords(total),
    pagos: body.payments?.length
      ? body.payments.map((p) => ({ codigo: p.method, montoPago: p.amount, referencia: p.reference ?? null }))
      : null,
  };
}
