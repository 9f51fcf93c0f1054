// FE (factura, tipoDte 01) as MH's fe-f-v2 (Normativa DTE v2.0, 2026): the factura of fc-v1.ts with the
// differences in docs/mh.md (v2.0 per kind). Not in force yet: serializers.ts keeps fc-v1.
import type { FcBody, FieldError } from '../../../../shared/contract';
import { computeSale } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { documentoRelacionado } from './documento-relacionado';
import { paymentErrors } from './payments';
import { identificacion, otrosDocumentos } from './common';
import { controlNumberErrors, emisorV2, ventaTerceroV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
import { fcItems, fcReceptor, fcResumen } from './fc-parts';

/** No $1,095 identification rule: every receptor field is nullable and a consumer is never asked (§16.5). */
export function buildFeV2(body: FcBody, ctx: BuildContext): Built {
  const sale = computeSale('FC', body);
  const { totals: t, errors } = sale;
  const r = body.recipient ?? null;
  const { emisor, errors: emisorErrors } = emisorV2(ctx);
  const receptor = r ? fcReceptor(r, direccionV2) : null;
  const extra: FieldError[] = [...controlNumberErrors(ctx), ...emisorErrors];
  // fe-f-v2 has no reteRenta: a retention it cannot carry would leave totalPagar unexplained.
  if (!t.reteRenta.isZero())
    extra.push({ path: 'retentionRenta', code: 'NOT_ALLOWED', message: 'La factura de la normativa 2026 no lleva retención de renta.' });
  if (r?.address && !receptor?.direccion) extra.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  // v2.0 renames ivaRete1 to ivaRete, drops reteRenta (a factura retains no income tax) and adds observaciones.
  const { ivaRete1, reteRenta: _dropped, ...resumen } = fcResumen(body, sale);

  const document = {
    identificacion: identificacion(ctx, 2, '01'),
    // The NRs whose goods it sells, the DCLs it settles (docs/decisions/0085-eleven-kinds-plumbing.md).
    documentoRelacionado: documentoRelacionado(body.relatedTaxDocuments, ctx, ['NR', 'DCL'], 'una factura', extra),
    emisor,
    receptor,
    otrosDocumentos: otrosDocumentos(body.attachments),
    ventaTercero: ventaTerceroV2(body.thirdPartySale),
    cuerpoDocumento: fcItems(body, sale),
    resumen: { ...resumen, ivaRete: ivaRete1, observaciones: null },
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
