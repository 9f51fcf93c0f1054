// CCF (comprobante de crédito fiscal, tipoDte 03) as MH's fe-ccf-v3: net prices, IVA as tributo 20.
import type { CcfBody, FieldError } from '../../../../shared/contract';
import { computeSale, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { paymentErrors } from './payments';
import { emisor, identificacion, otrosDocumentos, ventaTercero } from './common';
import { ccfItems, ccfRelated, ccfResumenHead, ccfResumenTail } from './ccf-parts';
import { taxpayerReceptor } from './sale-lines';

export function buildCcfV3(body: CcfBody, ctx: BuildContext): Built {
  const sale = computeSale('CCF', body);
  const { totals: t } = sale;
  const related: FieldError[] = [];
  const document = {
    identificacion: identificacion(ctx, 3, '03'),
    documentoRelacionado: ccfRelated(body, ctx, related),
    emisor: emisor(ctx, true),
    receptor: taxpayerReceptor(body.recipient),
    otrosDocumentos: otrosDocumentos(body.attachments),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: ccfItems(body, sale),
    resumen: {
      ...ccfResumenHead(sale),
      ivaPerci1: 0,
      ivaRete1: num(t.ivaRete1),
      reteRenta: num(t.reteRenta),
      ...ccfResumenTail(body, sale),
    },
    extension: null,
    apendice: null,
  };
  return {
    document,
    total: t.totalPagar,
    errors: [...sale.errors, ...related, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)],
  };
}
