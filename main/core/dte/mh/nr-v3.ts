// NR (nota de remisión, tipoDte 04) as MH's fe-nr-v3 (legacy): goods that travel without a sale, CCF-like lines,
// who delivers and receives in `extension` (docs/decisions/0080-nota-de-remision.md).
import type { FieldError, NrBody } from '../../../../shared/contract';
import { num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { direccion, emisor, identificacion, ventaTercero } from './common';
import { destinationAppendix, destinationErrors, nrItems, nrReceptor, nrRelated, nrResumenHead, nrSale } from './nr-parts';

/** fe-nr-v3's extension: null when the body names nobody and says nothing. */
function extension(body: NrBody) {
  const { deliveredBy: d, receivedBy: r, observations } = body;
  if (!d && !r && !observations) return null;
  return {
    nombEntrega: d?.name ?? null,
    docuEntrega: d?.document ?? null,
    nombRecibe: r?.name ?? null,
    docuRecibe: r?.document ?? null,
    observaciones: observations ?? null,
  };
}

export function buildNrV3(body: NrBody, ctx: BuildContext): Built {
  const sale = nrSale(body);
  const t = sale.totals;
  const errors: FieldError[] = [...sale.errors, ...destinationErrors(body, ctx)];
  const appendix = destinationAppendix(body);
  const document = {
    identificacion: identificacion(ctx, 3, '04'),
    documentoRelacionado: nrRelated(body, ctx, ['FC', 'CCF'], errors),
    emisor: emisor(ctx, true),
    receptor: nrReceptor(body, ctx, direccion),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: nrItems(body, sale),
    resumen: {
      ...nrResumenHead(sale),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalLetras: totalWords(t.montoTotalOperacion),
    },
    extension: extension(body),
    apendice: appendix.length ? appendix : null,
  };
  return { document, total: t.montoTotalOperacion, errors };
}
