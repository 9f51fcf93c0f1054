// NC (nota de crédito, tipoDte 05) and ND (nota de débito, tipoDte 06) as MH's fe-nc-v3 / fe-nd-v3: the same
// body and amounts; ND adds numPagoElectronico. Each line names the CCF or CR it adjusts.
import type { FieldError, NcBody } from '../../../../shared/contract';
import { MH_TYPE } from '../../../../shared/contract';
import { computeSale, num } from '../../../../shared/tax';
import { ivaTributes, lineTributes, saleLine, saleSummary, taxpayerReceptor } from './sale-lines';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { emisor, identificacion, ventaTercero } from './common';
import { GENERATION, PAYMENT_CONDITION } from './mappings';

export function buildNoteV3(kind: 'NC' | 'ND', body: NcBody, ctx: BuildContext): Built {
  const sale = computeSale(kind, body);
  const { lines, totals: t } = sale;
  const errors: FieldError[] = [...sale.errors];
  const related = body.relatedTaxDocuments.map((d, i) => {
    const found = ctx.related(d.id);
    // The create path checked these; a missing one here is a bug, reported rather than thrown.
    if (!found)
      errors.push({ path: `relatedTaxDocuments.${i}.id`, code: 'UNKNOWN_CODE', message: 'No hay en esta estación un DTE con ese id.' });
    return found;
  });
  const document = {
    identificacion: identificacion(ctx, 3, MH_TYPE[kind]),
    documentoRelacionado: related.flatMap((r) =>
      r
        ? [
            {
              tipoDocumento: MH_TYPE[r.kind],
              tipoGeneracion: GENERATION.DIGITAL,
              numeroDocumento: r.codigoGeneracion,
              fechaEmision: r.issueDate,
            },
          ]
        : [],
    ),
    emisor: emisor(ctx, false),
    receptor: taxpayerReceptor(body.recipient),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: body.items.map((item, i) => ({ ...saleLine(item, lines[i]!, i), tributos: lineTributes(lines[i]!) })),
    resumen: {
      ...saleSummary(sale),
      totalDescu: num(t.totalDescu),
      tributos: ivaTributes(sale),
      subTotal: num(t.subTotal),
      ivaPerci1: 0,
      ivaRete1: num(t.ivaRete1),
      reteRenta: num(t.reteRenta),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalLetras: totalWords(t.montoTotalOperacion),
      condicionOperacion: PAYMENT_CONDITION[body.paymentType],
      ...(kind === 'ND' ? { numPagoElectronico: null } : {}),
    },
    extension: null,
    apendice: null,
  };
  return { document, total: t.montoTotalOperacion, errors };
}
