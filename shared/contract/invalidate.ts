// POST /dte/invalidate: the invalidation event (MH anulación).
import { z } from 'zod';
import { branchOffice, identificationDocument } from './common';
import { optional, text, uuid } from './primitives';

// MH: nombreResponsable and nombreSolicita of 5 to 100 characters (the contract allows 150).
const person = z.strictObject({
  name: text(100, 5),
  identificationDocument: identificationDocument(),
});

export const invalidateBody = z.strictObject({
  dteId: uuid(),
  dteReplaceId: optional(uuid()),
  branchOffice: optional(branchOffice),
  // MH: motivoAnulacion of 5 to 250 characters.
  reason: optional(text(250, 5)),
  manager: optional(person),
  requester: optional(person),
});

export type InvalidateBody = z.output<typeof invalidateBody>;
