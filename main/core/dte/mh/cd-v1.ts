// CD (comprobante de donación, tipoDte 15) as MH's fe-cd-v1: the donee (donatario, this station's company)
// issues it to the donor (donante). Never a contingency document (docs/decisions/0082-comprobante-de-donacion.md).
import { CAT020_BY_ISO } from '../../../../shared/catalogs/data/country-cat020';
import type { CdBody, FieldError } from '../../../../shared/contract';
import type { BuildContext, Built } from './context';
import { direccion, emisor } from './common';
import { cdDonor, cdIdentificacion, cdLines, cdOtrosDocumentos, cdResumen, computeCd, donorCountry } from './cd-parts';

export function buildCdV1(body: CdBody, ctx: BuildContext): Built {
  const amounts = computeCd(body);
  const extra: FieldError[] = [];
  // fe-cd-v1 takes CAT-020's codes; the contract refuses a country without one, so this is a second guard.
  const country = CAT020_BY_ISO[donorCountry(body.recipient)];
  if (!country)
    extra.push({
      path: 'recipient.country',
      code: 'NOT_ALLOWED',
      message: 'El catálogo de países de MH (CAT-020) no tiene código para este país.',
    });
  // The donee is identified by its NIT (tipoDocumento 36, the only one fe-cd-v1 takes).
  const { nit, ...rest } = emisor(ctx, true);
  const document = {
    identificacion: cdIdentificacion(ctx, 1),
    donatario: { tipoDocumento: '36', numDocumento: nit, ...rest },
    donante: cdDonor(body.recipient, direccion, country?.code ?? ''),
    otrosDocumentos: cdOtrosDocumentos(body.attachments),
    cuerpoDocumento: cdLines(body, amounts).map(({ line, depreciation }) => ({ ...line, depreciacion: depreciation })),
    resumen: cdResumen(body, amounts),
    apendice: null,
  };
  return { document, total: amounts.total, errors: [...amounts.errors, ...extra] };
}
