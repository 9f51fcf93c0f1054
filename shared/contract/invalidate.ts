// POST /dte/invalidate: the invalidation event (MH anulación).
import { z } from 'zod';
import { branchOffice, identificationDocument } from './common';
import { addRuleIssue, optional, text, uuid } from './primitives';
import { D, bilingual, catalogRoute, described } from './descriptions';

// MH: nombreResponsable and nombreSolicita of 5 to 100 characters (the contract allows 150).
export const invalidationPerson = z.strictObject({
  name: described(text(100, 5), bilingual('Nombre completo, de 5 a 100 caracteres.', 'Full name, 5 to 100 characters.')),
  identificationDocument: described(identificationDocument(), D.identificationDocument),
});

/** MH's CAT-024: 1 an error in the document (a replacement corrects it), 2 the operation rescinded, 3 other (with a replacement). */
export const INVALIDATION_TYPES = [1, 2, 3] as const;
export type InvalidationType = (typeof INVALIDATION_TYPES)[number];

export const invalidateBody = z
  .strictObject({
    dteId: described(
      uuid(),
      bilingual('Código de generación (UUID) del documento que se invalida.', 'Generation code (UUID) of the document to invalidate.'),
    ),
    dteReplaceId: described(
      optional(uuid()),
      bilingual(
        'Código de generación del documento que lo reemplaza, ya emitido; obligatorio con los tipos 1 y 3, prohibido con el 2.',
        'Generation code of the replacing document, already issued; required with types 1 and 3, refused with type 2.',
      ),
    ),
    /** An addition to the contract (docs/decisions/0002-contract-gaps.md): when absent, 1 with a replacement, else 2. */
    type: described(
      optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
      bilingual(
        `Tipo de invalidación (MH CAT-024): 1 error en el documento, 2 rescindir la operación, 3 otro; si falta, 1 con reemplazo y 2 sin él; lista en ${catalogRoute('invalidation-type')}.`,
        `Invalidation type (MH CAT-024): 1 an error in the document, 2 the operation rescinded, 3 other; when absent, 1 with a replacement, else 2; list at ${catalogRoute('invalidation-type')}.`,
      ),
    ),
    branchOffice: described(optional(branchOffice), D.branchOffice),
    // MH: motivoAnulacion of 5 to 250 characters.
    reason: described(
      optional(text(250, 5)),
      bilingual(
        'Motivo de la invalidación, de 5 a 250 caracteres; obligatorio con el tipo 3.',
        'Why it is invalidated, 5 to 250 characters; required with type 3.',
      ),
    ),
    manager: described(
      optional(invalidationPerson),
      bilingual('Responsable de la invalidación; si falta, el de la estación.', "The person responsible; when absent, the station's."),
    ),
    requester: described(
      optional(invalidationPerson),
      bilingual('Quien la solicita; si falta, el responsable.', 'Who asks for it; when absent, the responsible person.'),
    ),
  })
  .superRefine((b, ctx) => {
    // Whether types 1 and 3 need a replacement depends on the invalidated document: replacementErrors below.
    if (b.type === 2 && b.dteReplaceId)
      addRuleIssue(ctx, ['dteReplaceId'], 'NOT_ALLOWED', 'Rescindir la operación (2) no lleva documento de reemplazo (regla de MH).');
    if (b.type === 3 && !b.reason) addRuleIssue(ctx, ['reason'], 'REQUIRED', 'Con el tipo 3 (otro) MH pide el motivo.');
  });

/** The type MH receives: the one given, else 1 with a replacement and 2 without. */
export const invalidationType = (b: Pick<InvalidateBody, 'type' | 'dteReplaceId'>): InvalidationType => b.type ?? (b.dteReplaceId ? 1 : 2);

export type InvalidateBody = z.output<typeof invalidateBody>;

/** The replacement rule for the document being invalidated, once its kind and normative are known (REPLACEMENT_ORDER). */
export function replacementErrors(
  order: 'before' | 'after',
  b: Pick<InvalidateBody, 'type' | 'dteReplaceId'>,
): { path: string; code: 'REQUIRED' | 'NOT_ALLOWED'; message: string }[] {
  if (order === 'after' && b.dteReplaceId)
    return [
      {
        path: 'dteReplaceId',
        code: 'NOT_ALLOWED',
        message: 'Con la normativa 2026 la nota de crédito se invalida primero y la nueva se emite después (MH): no indique reemplazo.',
      },
    ];
  if (order === 'before' && (b.type === 1 || b.type === 3) && !b.dteReplaceId)
    return [
      {
        path: 'dteReplaceId',
        code: 'REQUIRED',
        message: 'Una invalidación por error (1) u otro motivo (3) necesita el documento que lo reemplaza.',
      },
    ];
  return [];
}
