// What the Evento de Retorno routes answer (shared/retorno.ts): the ER, a document's returns, an ER's
// invalidation; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { ENVIRONMENTS } from '../../../../shared/records';
import { RETURN_INVALIDATION_STATUSES, RETURN_STATUSES, RETURNABLE_KINDS } from '../../../../shared/retorno';
import { same, type Answer, type Same } from './proof';

export const returnInvalidationRecord = z
  .strictObject({
    id: z.string(),
    status: z
      .enum(RETURN_INVALIDATION_STATUSES)
      .describe('PENDING (espera a MH; respuesta 202), APPROVED o REJECTED. / Waiting for MH (202), accepted or rejected.'),
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('Tipo de invalidación de MH (1, 2 o 3). / MH invalidation type.'),
    reason: z.string().nullable(),
    seal: z.string().nullable().describe('El sello de recepción de MH. / MH reception seal.'),
    mhResponse: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ReturnInvalidationRecord' });

export const returnRecord = z
  .strictObject({
    id: z.string().describe('El código de generación del Evento de Retorno. / The ER id.'),
    companyId: z.string(),
    environment: z.enum(ENVIRONMENTS),
    type: z.enum(RETURNABLE_KINDS).describe('El tipo de los documentos devueltos. / The kind of the returned documents.'),
    version: z.number().int(),
    status: z
      .enum(RETURN_STATUSES)
      .describe(
        'PENDING (espera a MH; respuesta 202), APPROVED (sellado), REJECTED, INVALIDATED o IN_DOUBT (un supervisor lo resuelve). / ' +
          'Waiting for MH (202), sealed, rejected, invalidated, or in doubt.',
      ),
    reason: z.string(),
    dteIds: z.array(z.string()).describe('Los documentos de los que se devuelve. / The documents returned from.'),
    lines: z.array(
      z.strictObject({
        dteId: z.string(),
        item: z.number().int().describe('La línea del documento, desde 1. / The document line, from 1.'),
        description: z.string(),
        quantity: z.number().describe('Unidades devueltas. / Units returned.'),
        amount: z.string().describe('USD como texto decimal. / USD as a decimal string.'),
      }),
    ),
    total: z.string().describe('Total devuelto en USD como texto decimal. / Total given back in USD.'),
    seal: z.string().nullable().describe('El sello de recepción de MH; null mientras no lo hay. / MH seal; null until sealed.'),
    mhResponse: z.record(z.string(), z.unknown()).nullable(),
    contingencyId: z.string().nullable(),
    invalidation: returnInvalidationRecord.nullable(),
    invalidationDeadline: z.string().nullable(),
    generatedAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ReturnRecord' });

export const documentReturns = z.strictObject({
  normativeInForce: z
    .boolean()
    .describe('La estación emite con la Normativa DTE v2.0 (2026), la única con Evento de Retorno. / The 2026 normative is in force.'),
  refusal: z.string().nullable().describe('Por qué no se puede hacer otra devolución; null si se puede. / Why no new return can be made.'),
  deadline: z.string().nullable(),
  lines: z.array(
    z.strictObject({
      item: z.number().int(),
      description: z.string(),
      quantity: z.number(),
      returned: z.number(),
      left: z.number().describe('Lo que aún se puede devolver. / What may still be returned.'),
      unitPrice: z.string(),
    }),
  ),
  events: z.array(returnRecord),
});

same<Same<z.output<typeof returnRecord>, Answer<'returnGoods'>['record']>>(true);
same<Same<z.output<typeof returnRecord>, Answer<'settleReturn'>>>(true);
same<Same<z.output<typeof returnInvalidationRecord>, Answer<'invalidateGoodsReturn'>['invalidation']>>(true);
same<Same<z.output<typeof documentReturns>, Answer<'dteReturns'>>>(true);
