// FEX (factura de exportación, tipoDte 11) as MH's fe-fex-v1: IVA 0 % (tributo C3), CAT-020 country codes.
import { CAT020_BY_ISO } from '../../../../shared/catalogs/data/country-cat020';
import type { FexBody, FieldError } from '../../../../shared/contract';
import { computeFex, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { paymentErrors } from './payments';
import { apendice, emisor, identificacion, ventaTercero } from './common';
import { ITEM_TYPE } from './mappings';
import { fexItems, fexOtrosDocumentos, fexReceptor, fexResumenTail } from './fex-parts';

export function buildFexV1(body: FexBody, ctx: BuildContext): Built {
  const exported = computeFex(body);
  const { totals: t, errors } = exported;
  const extra: FieldError[] = [];
  const country = CAT020_BY_ISO[body.recipient.country];
  if (!country)
    extra.push({
      path: 'recipient.country',
      code: 'NOT_ALLOWED',
      message: 'El catálogo de países de MH (CAT-020) no tiene código para este país.',
    });
  const services = body.itemType === 'SERVICIOS';

  const document = {
    identificacion: identificacion(ctx, 1, '11', 'motivoContigencia'),
    emisor: {
      ...emisor(ctx, true),
      tipoItemExpor: ITEM_TYPE[body.itemType],
      recintoFiscal: services ? null : (body.taxArea ?? null),
      regimen: services ? null : (body.taxRegimen ?? null),
    },
    receptor: fexReceptor(body.recipient, country?.code ?? ''),
    otrosDocumentos: fexOtrosDocumentos(body.attachments),
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: fexItems(body, exported),
    resumen: {
      totalGravada: num(t.totalGravada),
      descuento: num(t.descuento),
      porcentajeDescuento: num(t.porcentajeDescuento),
      totalDescu: num(t.totalDescu),
      seguro: t.seguro === null ? null : num(t.seguro),
      flete: t.flete === null ? null : num(t.flete),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalNoGravado: num(t.totalNoGravado),
      totalPagar: num(t.totalPagar),
      ...fexResumenTail(body, exported),
    },
    apendice: apendice(body.appendices),
  };
  return { document, total: t.totalPagar, errors: [...errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
