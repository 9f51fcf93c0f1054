// What the homologation routes answer (shared/homologation.ts HomologationView); proven the same as the core's
// type by proof.ts.
import { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { HOMOLOGATION_EVENTS, HOMOLOGATION_STATUSES } from '../../../../shared/homologation';
import { NORMATIVES } from '../../../../shared/normative';
import { same, type Answer, type Same } from './proof';

const key = z.enum([...DTE_KINDS, ...HOMOLOGATION_EVENTS]).describe('Un tipo de documento o un evento. / A document kind or an event.');

export const homologationView = z.strictObject({
  run: z
    .strictObject({
      id: z.string(),
      seed: z.number().int(),
      normative: z.enum(NORMATIVES),
      kinds: z.array(z.enum(DTE_KINDS)),
      paceMs: z.number().int(),
      status: z.enum(HOMOLOGATION_STATUSES).describe('RUNNING, WAITING (MH o la estación no puede seguir), STOPPED o DONE. / Run status.'),
      activity: z.string().describe('Qué hace ahora, en español. / What it does now.'),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      startedBy: z.string(),
      lines: z.array(
        z.strictObject({
          key,
          label: z.string(),
          required: z.number().int().describe('Los que MH pide. / How many MH requires.'),
          sealed: z.number().int(),
          pending: z.number().int(),
          rejected: z.number().int(),
        }),
      ),
      done: z.number().int(),
      total: z.number().int(),
      etaSeconds: z.number().nullable(),
      rejections: z.array(
        z.strictObject({
          at: z.string(),
          key,
          id: z.string(),
          controlNumber: z.string().nullable(),
          message: z.string(),
          observations: z.array(z.string()),
        }),
      ),
    })
    .nullable()
    .describe('La corrida en curso, o la última; null antes de la primera. / The run under way, or the last one.'),
  refused: z.string().nullable().describe('Por qué esta estación no puede correrla (LIVE, sin certificado). / Why it may not run.'),
  environment: z.enum(['TEST', 'LIVE']),
  normative: z.enum(NORMATIVES),
});

same<Same<z.output<typeof homologationView>, Answer<'homologation'>>>(true);
same<Same<z.output<typeof homologationView>, Answer<'startHomologation'>>>(true);
same<Same<z.output<typeof homologationView>, Answer<'resumeHomologation'>>>(true);
