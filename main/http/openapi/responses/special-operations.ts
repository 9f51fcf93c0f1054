// What the Evento de Operaciones Especiales routes answer (shared/operaciones-especiales.ts): the event with MH's
// answer, the list of them, and the items read from a CSV; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { ENVIRONMENTS } from '../../../../shared/records';
import { EOE_STATUSES, SPECIAL_OPERATION_TYPES } from '../../../../shared/operaciones-especiales';
import { same, type Answer, type Same } from './proof';

export const eoeRecord = z
  .strictObject({
    id: z.string().describe('El código de generación del evento. / The event id.'),
    companyId: z.string(),
    environment: z.enum(ENVIRONMENTS),
    period: z.string().describe('El período tributario reportado, aaaa-mm. / The tax period, yyyy-mm.'),
    mode: z.enum(['ranges', 'singles']).describe('Por rangos o uno a uno. / By ranges or one by one.'),
    reReport: z.boolean().describe('Reporta documentos anulados. / Re-reports annulled documents.'),
    status: z
      .enum(EOE_STATUSES)
      .describe('PENDING (espera a MH; respuesta 202), APPROVED (sellado) o REJECTED. / Waiting for MH (202), sealed or rejected.'),
    reason: z.string().nullable().describe('La respuesta de MH en palabras: por qué lo rechazó o por qué espera. / MH answer in words.'),
    seal: z.string().nullable().describe('El sello de recepción de MH; null mientras no lo hay. / MH seal; null until sealed.'),
    total: z.string().describe('Total con IVA en USD como texto decimal. / Total with IVA in USD as a decimal string.'),
    items: z.array(
      z.strictObject({
        item: z.number().int(),
        type: z.enum(SPECIAL_OPERATION_TYPES),
        number: z.string().nullable(),
        date: z.string().nullable(),
        from: z.string().nullable(),
        to: z.string().nullable(),
        reportedIn: z.string().nullable(),
        amount: z.string().describe('Ventas sin IVA en USD como texto decimal. / Sales without IVA in USD.'),
      }),
    ),
    mhResponse: z.record(z.string(), z.unknown()).nullable(),
    generatedAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SpecialOperationsRecord' });

export const eoeList = z.array(eoeRecord);

export const eoeCsvItems = z.strictObject({
  items: z
    .array(
      z.strictObject({
        type: z.enum(SPECIAL_OPERATION_TYPES),
        number: z.string().nullish(),
        date: z.string().nullish(),
        from: z.string().nullish(),
        to: z.string().nullish(),
        quantity: z.number().int().nullish(),
        description: z.string(),
        nonSubject: z.number().nullish(),
        exempt: z.number().nullish(),
        taxed: z.number().nullish(),
        reportedIn: z.string().nullish(),
      }),
    )
    .describe('Los ítems leídos, listos para `POST /events/eoe`. / The items read, ready for POST /events/eoe.'),
});

same<Same<z.output<typeof eoeRecord>, Answer<'reportSpecialOperations'>['record']>>(true);
same<Same<z.output<typeof eoeList>, Answer<'specialOperations'>>>(true);
same<Same<z.output<typeof eoeRecord>, Answer<'specialOperation'>>>(true);
same<Same<z.output<typeof eoeCsvItems>, Answer<'specialOperationsFromCsv'>>>(true);
