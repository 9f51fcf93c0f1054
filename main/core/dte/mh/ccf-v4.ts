// CCF (comprobante de crédito fiscal, tipoDte 03) as MH's fe-ccf-v4 (Normativa DTE v2.0, 2026): the CCF of
// ccf-v3.ts with the differences in docs/mh.md (v2.0 per kind). Registered by serializers.ts.
import type { CcfBody, FieldError } from '../../../../shared/contract';
import { computeSale, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { paymentErrors } from './payments';
import { identificacion, otrosDocumentos } from './common';
import { controlNumberErrors, emisorV2, ventaTerceroV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
import { ccfItems, ccfRelated, ccfResumenHead, ccfResumenTail, nrcV2Errors } from './ccf-parts';
import { taxpayerReceptor } from './sale-lines';

export function buildCcfV4(body: CcfBody, ctx: BuildContext): Built {
  const sale = computeSale('CCF', body);
  const { totals: t } = sale;
  const { emisor, errors: emisorErrors } = emisorV2(ctx);
  // The same receptor as v3, its address with the v2.0 distrito (the key keeps its place).
  const receptor = { ...taxpayerReceptor(body.recipient), direccion: direccionV2(body.recipient.address) };
  const extra: FieldError[] = [...controlNumberErrors(ctx), ...emisorErrors, ...nrcV2Errors(body.recipient.nrc)];
  if (!receptor.direccion) extra.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  // fe-ccf-v4 has no reteRenta: a retention it cannot carry would leave totalPagar unexplained.
  if (!t.reteRenta.isZero())
    extra.push({
      path: 'retentionRenta',
      code: 'NOT_ALLOWED',
      message: 'El comprobante de crédito fiscal de la normativa 2026 no lleva retención de renta.',
    });
  const tail = ccfResumenTail(body, sale);

  const document = {
    identificacion: identificacion(ctx, 4, '03'),
    // As v3: the CCF relates only NR, CL or DCL (04, 08, 09).
    documentoRelacionado: ccfRelated(body, ctx, extra),
    emisor,
    receptor,
    otrosDocumentos: otrosDocumentos(body.attachments),
    ventaTercero: ventaTerceroV2(body.thirdPartySale),
    cuerpoDocumento: ccfItems(body, sale),
    resumen: {
      ...ccfResumenHead(sale),
      // v2.0 renames ivaPerci1/ivaRete1 and drops reteRenta; Sello never perceives IVA.
      ivaPerci: 0,
      ivaRete: num(t.ivaRete1),
      ...tail,
      // Nullable in v2.0: null past the amount MH can write in words (ceiling.ts).
      totalLetras: tail.totalLetras || null,
      observaciones: null,
    },
    apendice: null,
  };
  return {
    document,
    total: t.totalPagar,
    errors: [...sale.errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)],
  };
}
