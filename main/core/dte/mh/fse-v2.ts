// FSE (factura de sujeto excluido, tipoDte 14) as MH's fe-fse-v2 (Normativa DTE v2.0, 2026): the FSE of fse-v1.ts
// with the differences in docs/mh.md (v2.0 per kind). Not in force yet: serializers.ts keeps fse-v1.
import type { FieldError, FseBody } from '../../../../shared/contract';
import { computeFse } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { paymentErrors } from './payments';
import { identificacion } from './common';
import { controlNumberErrors, emisorV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
import { fseItems, fseResumen, fseSeller } from './fse-parts';

export function buildFseV2(body: FseBody, ctx: BuildContext): Built {
  const purchase = computeFse(body);
  const { totals: t, errors } = purchase;
  // fe-fse-v2's emisor has no nombreComercial.
  const {
    emisor: { nombreComercial: _none, ...emisor },
    errors: emisorErrors,
  } = emisorV2(ctx);
  const receptor = fseSeller(body.recipient, direccionV2);
  const extra: FieldError[] = [...controlNumberErrors(ctx), ...emisorErrors];
  if (!receptor.direccion) extra.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  // fe-fse-v2 drops ivaRete1: an IVA retention it cannot carry would leave totalPagar unexplained.
  if (!t.ivaRete1.isZero())
    extra.push({
      path: 'retentionIva',
      code: 'NOT_ALLOWED',
      message: 'La factura de sujeto excluido de la normativa 2026 no lleva retención de IVA.',
    });
  const { ivaRete1: _dropped, ...resumen } = fseResumen(body, purchase);

  const document = {
    identificacion: identificacion(ctx, 2, '14'),
    emisor,
    // v2.0 renames sujetoExcluido to receptor (its address gains the distrito).
    receptor,
    cuerpoDocumento: fseItems(body, purchase),
    resumen,
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
