// FEX (factura de exportación, tipoDte 11) as MH's fe-fex-v3 (Normativa DTE v2.0, 2026): the FEX of fex-v1.ts with
// the differences in docs/mh.md (v2.0 per kind). Not in force yet: serializers.ts keeps fex-v1.
import type { FexBody, FieldError } from '../../../../shared/contract';
import { computeFex, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { paymentErrors } from './payments';
import { apendice, identificacion } from './common';
import { controlNumberErrors, emisorV2, ventaTerceroV2 } from './common-v2';
import { ITEM_TYPE } from './mappings';
import { mhCodeFor } from '../../../../shared/catalogs/normative';
import { regimeType } from '../../../../shared/catalogs';
import { EXPORT_IVA, fexItems, fexOtrosDocumentos, fexReceptor, fexResumenTail } from './fex-parts';

/**
 * The contract's régimen (EX-1.1000.000) as v2.0 writes it: CAT-033's tipoRegimen (EX-1) and the 2026 CAT-028 code
 * (1000.000). The catalog check refused a régimen 2026 lacks before this runs (shared/contract/catalog-fields.ts).
 */
function regime(value: string | null): { tipoRegimen: string | null; regimen: string | null } {
  const code = value === null ? null : mhCodeFor('CAT-028', '2026', value);
  return code === null ? { tipoRegimen: null, regimen: null } : { tipoRegimen: regimeType(code) ?? null, regimen: code };
}

/** 2026's CAT-030 numbers the modes in another order (aéreo 2, marítimo 3; every combination 5, multimodal). */
const transport2026 = (mode: string): number => Number(mhCodeFor('CAT-030', '2026', mode));

/** fe-fex-v3 shortens two texts the contract allows longer (receptor.complemento 1–200, detalleDocumento 3–300). */
function v3LengthErrors(body: FexBody): FieldError[] {
  const errors: FieldError[] = [];
  if (body.recipient.address.length > 200)
    errors.push({
      path: 'recipient.address',
      code: 'NOT_ALLOWED',
      message: 'La normativa 2026 de MH admite hasta 200 caracteres en la dirección del receptor de una exportación.',
    });
  body.attachments?.forEach((a, i) => {
    if (a.code !== 'TRANSPORTE' && (a.details ?? '').length < 3)
      errors.push({
        path: `attachments.${i}.details`,
        code: 'INVALID_FORMAT',
        message: 'La normativa 2026 de MH pide al menos 3 caracteres en el detalle del documento asociado.',
      });
  });
  return errors;
}

export function buildFexV3(body: FexBody, ctx: BuildContext): Built {
  const exported = computeFex(body);
  const { totals: t, errors } = exported;
  const { emisor, errors: emisorErrors } = emisorV2(ctx);
  const services = body.itemType === 'SERVICIOS';
  const { tipoRegimen, regimen } = regime(services ? null : (body.taxRegimen ?? null));
  const tipoItem = ITEM_TYPE[body.itemType];
  // v2.0 adds tipoItem, the related document's number and codTributo (only for tax lines, which a FEX has none of).
  const cuerpoDocumento = fexItems(body, exported).map(({ numItem, ...line }) => ({
    numItem,
    tipoItem,
    numeroDocumento: null,
    codTributo: null,
    ...line,
  }));
  // MF2 §XIV p.32: C3 is listed in the resumen whenever a line carries it, even at $0.00.
  const exportIva = cuerpoDocumento.some((l) => l.tributos?.includes(EXPORT_IVA.codigo));

  const document = {
    identificacion: identificacion(ctx, 3, '11'),
    // MF2 §XV p.37: null when not applicable; the contract names no related document for a FEX.
    documentoRelacionado: null,
    emisor: {
      ...emisor,
      tipoItemExpor: tipoItem,
      recintoFiscal: services ? null : (body.taxArea ?? null),
      tipoRegimen,
      regimen,
    },
    // v2.0 uses ISO 3166-1 alpha-2 for CAT-020 [CATX], the code the contract already holds.
    receptor: fexReceptor(body.recipient, body.recipient.country),
    otrosDocumentos: fexOtrosDocumentos(body.attachments, transport2026),
    ventaTercero: ventaTerceroV2(body.thirdPartySale),
    // The contract has no field for a purchase on behalf of a third party, so there is never one.
    compraTercero: null,
    cuerpoDocumento,
    resumen: {
      totalGravada: num(t.totalGravada),
      // v2.0 renames descuento (the global discount on taxed sales) to descuGravada.
      descuGravada: num(t.descuento),
      porcentajeDescuento: num(t.porcentajeDescuento),
      totalDescu: num(t.totalDescu),
      // seguro is no longer nullable: no insurance is $0.00.
      seguro: t.seguro === null ? 0 : num(t.seguro),
      flete: t.flete === null ? null : num(t.flete),
      tributos: exportIva ? [{ ...EXPORT_IVA, valor: 0 }] : null,
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalNoGravado: num(t.totalNoGravado),
      // The contract has no free transfers of goods nor a balance in the buyer's favour.
      totalNoOnerosas: 0,
      totalPagar: num(t.totalPagar),
      saldoFavor: 0,
      ...fexResumenTail(body, exported),
    },
    apendice: apendice(body.appendices),
  };
  const extra = [...controlNumberErrors(ctx), ...emisorErrors, ...v3LengthErrors(body)];
  return { document, total: t.totalPagar, errors: [...errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
