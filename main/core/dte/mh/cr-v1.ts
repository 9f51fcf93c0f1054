// CR (comprobante de retención, tipoDte 07) as MH's fe-cr-v1. CR v1 cannot be a contingency document.
import type { CrBody } from '../../../../shared/contract';
import { computeCr, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { direccion, emisorCore, identificacion } from './common';
import { crEstablishmentErrors, crItems, crReceptor } from './cr-parts';

export function buildCrV1(body: CrBody, ctx: BuildContext): Built {
  const errors = crEstablishmentErrors(ctx);
  const t = computeCr(body.items);
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
    receptor: crReceptor(body.recipient, direccion),
    cuerpoDocumento: crItems(body),
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
