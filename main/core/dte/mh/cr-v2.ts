// CR (comprobante de retención, tipoDte 07) as MH's fe-cr-v2 (Normativa DTE v2.0, 2026): the CR of cr-v1.ts with
// the differences in docs/mh.md (v2.0 per kind). Not in force yet: serializers.ts keeps cr-v1.
import type { CrBody, FieldError } from '../../../../shared/contract';
import { IVA_RATE, computeCr, num, round2 } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { identificacion } from './common';
import { controlNumberErrors, emisorV2 } from './common-v2';
import { crEstablishmentErrors, crItems, crReceptor } from './cr-parts';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';

/** Unlike v1, a CR v2 may be a contingency document (docs/mh.md, Contingency), so the operation is written as is. */
export function buildCrV2(body: CrBody, ctx: BuildContext): Built {
  const t = computeCr(body.items);
  const { emisor, errors: emisorErrors } = emisorV2(ctx);
  const receptor = crReceptor(body.recipient, direccionV2);
  const errors: FieldError[] = [...crEstablishmentErrors(ctx), ...controlNumberErrors(ctx), ...emisorErrors];
  if (!receptor.direccion) errors.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });

  const document = {
    // fusion (an absorbed company's NIT) is optional in fe-cr-v2 and the contract holds none: null.
    identificacion: { ...identificacion(ctx, 2, '07'), fusion: null },
    emisor,
    receptor,
    // v2.0 renames tipoDoc to tipoGeneracion.
    cuerpoDocumento: crItems(body).map(({ numItem, tipoDte, tipoDoc, ...item }) => ({
      numItem,
      tipoDte,
      tipoGeneracion: tipoDoc,
      ...item,
    })),
    resumen: {
      totalSujetoRetencion: num(t.totalSujetoRetencion),
      // "IVA 13%" of the amounts subject to retention (computed, as FE's ivaItem is; MH's manual was not read on it).
      totalIva: num(round2(t.totalSujetoRetencion.times(IVA_RATE))),
      totalIvaRetenido: num(t.totalIVAretenido),
      // Nullable in v2.0: null past the amount MH can write in words (ceiling.ts).
      totalLetras: totalWords(t.totalIVAretenido) || null,
      observaciones: null,
    },
    apendice: null,
  };
  return { document, total: t.totalIVAretenido, errors };
}
