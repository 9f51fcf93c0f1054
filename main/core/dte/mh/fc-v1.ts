// FC (factura, tipoDte 01) as MH's fe-fc-v1: prices include IVA (shared/tax/sale.ts converts them).
import type { FcBody, FieldError } from '../../../../shared/contract';
import { computeSale, dec } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { documentoRelacionado } from './documento-relacionado';
import { paymentErrors } from './payments';
import { direccion, emisor, identificacion, otrosDocumentos, ventaTercero } from './common';
import { fcItems, fcReceptor, fcResumen } from './fc-parts';

/** FC v1: from this amount on MH wants the consumer identified (tipoDocumento, numDocumento, nombre). */
export const FC_IDENTIFY_FROM = dec('1095');

export function buildFcV1(body: FcBody, ctx: BuildContext): Built {
  const sale = computeSale('FC', body);
  const { totals: t, errors } = sale;
  const r = body.recipient ?? null;
  const extra: FieldError[] = [];
  if (t.montoTotalOperacion.greaterThanOrEqualTo(FC_IDENTIFY_FROM) && !r?.identificationDocument) {
    extra.push({
      path: r ? 'recipient.identificationDocument' : 'recipient',
      code: 'REQUIRED',
      message: `Con la normativa anterior, desde $${FC_IDENTIFY_FROM.toFixed(2)} MH exige identificar al cliente (nombre y documento).`,
    });
  }

  const document = {
    identificacion: identificacion(ctx, 1, '01'),
    // The NRs whose goods it sells, the DCLs it settles (docs/decisions/0085-eleven-kinds-plumbing.md).
    documentoRelacionado: documentoRelacionado(body.relatedTaxDocuments, ctx, ['NR', 'DCL'], 'una factura', extra),
    emisor: emisor(ctx, true),
    receptor: r ? fcReceptor(r, direccion) : null,
    otrosDocumentos: otrosDocumentos(body.attachments),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: fcItems(body, sale),
    resumen: fcResumen(body, sale),
    extension: null,
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
