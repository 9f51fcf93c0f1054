// `GET /hub/v1/numbering?year=Y`, for a station's token: the last control numbers of its branch (numbering.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import { toFieldErrors } from '../../shared/contract';
import { validationFailed } from '../core/errors';
import type { Hub } from './create-hub';
import { caller, unauthorized } from './http-auth';

export const numberingQuery = z.strictObject({
  year: d(z.coerce.number().int().min(2000).max(2100), bi('El año de la numeración, 2000 a 2100.', 'The numbering year, 2000 to 2100.')),
});

export function registerNumberingRoutes(app: FastifyInstance, hub: Hub): void {
  app.get('/hub/v1/numbering', async (req, reply) => {
    const station = await caller(hub, req);
    if (!station)
      return unauthorized(reply, 'Envíe el token de la estación en Authorization: Bearer …; este falta, no existe o fue revocado.');
    const q = numberingQuery.safeParse(req.query ?? {});
    if (!q.success) throw validationFailed(toFieldErrors(q.error.issues, req.query), 'Indique el año: ?year=aaaa.');
    return hub.numbering.lastNumbers(station, q.data.year);
  });
}
