// FSE (factura de sujeto excluido, tipoDte 14) as MH's fe-fse-v1: a purchase, no IVA.
import type { FseBody } from '../../../../shared/contract';
import { computeFse } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { paymentErrors } from './payments';
import { direccion, emisorCore, establishment, identificacion } from './common';
import { fseItems, fseResumen, fseSeller } from './fse-parts';

export function buildFseV1(body: FseBody, ctx: BuildContext): Built {
  const purchase = computeFse(body);
  const { totals: t, errors } = purchase;
  const document = {
    identificacion: identificacion(ctx, 1, '14'),
    emisor: {
      ...emisorCore(ctx),
      direccion: direccion(ctx.station.company.address),
      telefono: ctx.station.company.phone,
      ...establishment(ctx),
      correo: ctx.station.company.email,
    },
    sujetoExcluido: fseSeller(body.recipient, direccion),
    cuerpoDocumento: fseItems(body, purchase),
    resumen: fseResumen(body, purchase),
    apendice: null,
  };
  return { document, total: t.totalPagar, errors: [...errors, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
