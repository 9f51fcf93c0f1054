// CR (comprobante de retención, tipoDte 07) as MH's fe-cr-v1. CR v1 cannot be a contingency document.
import type { CrBody, FieldError } from '../../../../shared/contract';
import { computeCr, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { activityName, direccion, emisorCore, identificacion, idNumber, idTypeCode } from './common';
import { CR_DOCUMENT_TYPE, GENERATION, RETENTION } from './mappings';

export function buildCrV1(body: CrBody, ctx: BuildContext): Built {
  const errors: FieldError[] = [];
  if (ctx.station.branch.establishmentType === '07') {
    errors.push({
      path: '',
      code: 'NOT_ALLOWED',
      message: 'MH no admite comprobantes de retención de un establecimiento de tipo 07 (predio o patio).',
    });
  }
  const t = computeCr(body.items);
  const r = body.recipient;
  const pos = `P${String(ctx.posNumber).padStart(3, '0')}`;
  const document = {
    identificacion: identificacion({ ...ctx, operation: { kind: 'normal' } }, 1, '07'),
    emisor: {
      ...emisorCore(ctx),
      nombreComercial: ctx.station.company.commercialName ?? null,
      tipoEstablecimiento: ctx.station.branch.establishmentType,
      direccion: direccion(ctx.station.company.address),
      telefono: ctx.station.company.phone,
      codigoMH: ctx.station.branch.mhCode,
      codigo: ctx.station.branch.mhCode,
      puntoVentaMH: pos,
      puntoVenta: pos,
      correo: ctx.station.company.email,
    },
    receptor: {
      tipoDocumento: idTypeCode(r.identificationDocument.type),
      numDocumento: idNumber(r.identificationDocument, false),
      nrc: r.nrc ?? null,
      nombre: r.name,
      codActividad: r.economicActivity,
      descActividad: activityName(r.economicActivity),
      nombreComercial: r.commercialName ?? null,
      direccion: direccion(r.address),
      telefono: r.phone ?? null,
      correo: r.email,
    },
    cuerpoDocumento: body.items.map((item, i) => ({
      numItem: i + 1,
      tipoDte: CR_DOCUMENT_TYPE[item.taxDocumentType],
      tipoDoc: GENERATION[item.documentType],
      numDocumento: item.documentType === 'DIGITAL' ? item.taxDocumentNumber.toUpperCase() : item.taxDocumentNumber,
      fechaEmision: item.taxDocumentGeneratedAt,
      montoSujetoGrav: item.amountSubject,
      codigoRetencionMH: RETENTION[item.retentionCode],
      ivaRetenido: item.ivaRetained,
      descripcion: item.description,
    })),
    resumen: {
      totalSujetoRetencion: num(t.totalSujetoRetencion),
      totalIVAretenido: num(t.totalIVAretenido),
      totalIVAretenidoLetras: totalWords(t.totalIVAretenido),
    },
    extension: null,
    apendice: null,
  };
  return { document, total: t.totalIVAretenido, errors };
}
