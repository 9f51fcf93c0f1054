// CD (comprobante de donación, tipoDte 15) as MH's fe-cd-v2 (Normativa DTE v2.0, 2026): the CD of cd-v1.ts with
// donatario and donante renamed emisor and receptor, the addresses with their distrito, ISO countries, and the
// depreciation named tipoDepreciacion. fe-cd-v2 alone of the 2026 files keeps the legacy numeroControl block
// (docs/decisions/0082-comprobante-de-donacion.md).
import type { CdBody, FieldError } from '../../../../shared/contract';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { controlNumberRule } from '../control-number';
import { emisorV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
import { cdDonor, cdIdentificacion, cdLines, cdOtrosDocumentos, cdResumen, computeCd, donorCountry } from './cd-parts';

export function buildCdV2(body: CdBody, ctx: BuildContext): Built {
  const amounts = computeCd(body);
  const {
    emisor: { nit, ...emisor },
    errors: emisorErrors,
  } = emisorV2(ctx);
  const receptor = cdDonor(body.recipient, direccionV2, donorCountry(body.recipient));
  const errors: FieldError[] = [...amounts.errors, ...emisorErrors];
  if (!controlNumberRule('CD', '2026').test(ctx.identity.numeroControl))
    errors.push({
      path: 'station.branch.mhCode',
      code: 'INVALID_FORMAT',
      message: `El número de control ${ctx.identity.numeroControl} no sigue el esquema del comprobante de donación: 8 letras mayúsculas o dígitos.`,
    });
  if (body.recipient.address && !receptor.direccion)
    errors.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  const resumen = cdResumen(body, amounts);

  const document = {
    identificacion: cdIdentificacion(ctx, 2),
    emisor: { tipoDocumento: '36', numDocumento: nit, ...emisor },
    receptor,
    otrosDocumentos: cdOtrosDocumentos(body.attachments),
    cuerpoDocumento: cdLines(body, amounts).map(({ line, depreciation }) => ({ ...line, tipoDepreciacion: depreciation })),
    // Nullable in v2.0: null past the amount MH can write in words (ceiling.ts).
    resumen: { ...resumen, totalLetras: totalWords(amounts.total) || null },
    apendice: null,
  };
  return { document, total: amounts.total, errors };
}
