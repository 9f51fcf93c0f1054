// What GET /health answers (shared/records.ts Health), proven the same as the core's type by proof.ts.
import { z } from 'zod';
import { ENVIRONMENTS } from '../../../../shared/records';
import { same, type Answer, type Same } from './proof';

export const health = z.strictObject({
  status: z.literal('ok').describe('La estación responde. / The station answers.'),
  version: z.string().describe('La versión de Sello. / The Sello version.'),
  environment: z.enum(ENVIRONMENTS).describe('TEST (pruebas de MH) o LIVE (producción). / MH test or production.'),
  demo: z.boolean().describe('Es la estación de demostración: nada llega a MH. / The demo station: nothing reaches MH.'),
  companyName: z.string(),
  branchCode: z.string().describe('El establecimiento (código de MH). / The MH branch code.'),
  posNumber: z.number().int().describe('El punto de venta. / The point of sale.'),
  firstRun: z.boolean().describe('Aún no hay estación configurada: se ofrece el asistente. / No station configured yet.'),
  welcomeSeen: z.boolean(),
});

same<Same<z.output<typeof health>, Answer<'health'>>>(true);
