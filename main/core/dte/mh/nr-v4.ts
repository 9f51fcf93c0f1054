// NR (nota de remisión, tipoDte 04) as MH's fe-nr-v4 (Normativa DTE v2.0, 2026): the NR of nr-v3.ts without
// `extension`, so who delivers and receives go to the apéndice and the observations to the resumen
// (docs/decisions/0080-nota-de-remision.md).
import type { FieldError, NrBody } from '../../../../shared/contract';
import { num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { identificacion } from './common';
import { controlNumberErrors, emisorV2, ventaTerceroV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
import { destinationAppendix, destinationErrors, nrItems, nrReceptor, nrRelated, nrResumenHead, nrSale } from './nr-parts';

/** The legacy extension's people as apéndice lines (campo ≤ 25, etiqueta ≤ 50, valor ≤ 150 characters). */
function handlers(body: NrBody) {
  const line = (campo: string, etiqueta: string, p: { name: string; document: string } | null | undefined) =>
    p ? [{ campo, etiqueta, valor: `${p.name} (${p.document})` }] : [];
  return [...line('entrega', 'Entrega', body.deliveredBy), ...line('recibe', 'Recibe', body.receivedBy)];
}

export function buildNrV4(body: NrBody, ctx: BuildContext): Built {
  const sale = nrSale(body);
  const t = sale.totals;
  const { emisor, errors: emisorErrors } = emisorV2(ctx);
  const errors: FieldError[] = [...sale.errors, ...controlNumberErrors(ctx), ...emisorErrors, ...destinationErrors(body, ctx)];
  const receptor = nrReceptor(body, ctx, direccionV2);
  const where = body.recipient ? 'recipient.address.district' : 'destinationBranch.address.district';
  if (!receptor.direccion) errors.push({ path: where, code: 'REQUIRED', message: DISTRICT_MISSING });
  // fe-nr-v4 requires the receptor's activity, which the legacy NR and the contract leave optional.
  if (receptor.codActividad === null)
    errors.push({
      path: 'recipient.economicActivity',
      code: 'REQUIRED',
      message: 'MH (normativa 2026) exige la actividad económica del receptor de una nota de remisión (CAT-019).',
    });
  const appendix = [...destinationAppendix(body), ...handlers(body)];
  const document = {
    identificacion: identificacion(ctx, 4, '04'),
    documentoRelacionado: nrRelated(body, ctx, ['FC', 'CCF', 'FEX'], errors),
    emisor,
    receptor,
    ventaTercero: ventaTerceroV2(body.thirdPartySale),
    cuerpoDocumento: nrItems(body, sale),
    resumen: {
      ...nrResumenHead(sale),
      montoTotalOperacion: num(t.montoTotalOperacion),
      // Nullable in v2.0: null past the amount MH can write in words (ceiling.ts).
      totalLetras: totalWords(t.montoTotalOperacion) || null,
      observaciones: body.observations ?? null,
    },
    apendice: appendix.length ? appendix : null,
  };
  return { document, total: t.montoTotalOperacion, errors };
}
