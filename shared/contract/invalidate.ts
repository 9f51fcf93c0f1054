// POST /dte/invalidate: the invalidation event (MH anulación).
import { z } from 'zod';
import { branchOffice, identificationDocument } from './common';
import { addRuleIssue, optional, text, uuid } from './primitives';

// MH: nombreResponsable and nombreSolicita of 5 to 100 characters (the contract allows 150).
export const invalidationPerson = z.strictObject({
  name: text(100, 5),
  identificationDocument: identificationDocument(),
});

/** MH's CAT-024: 1 an error in the document (a replacement corrects it), 2 the operation rescinded, 3 other (with a replacement). */
export const INVALIDATION_TYPES = [1, 2, 3] as const;
export type InvalidationType = (typeof INVALIDATION_TYPES)[number];

export const invalidateBody = z
  .strictObject({
    dteId: uuid(),
    dteReplaceId: optional(uuid()),
    /** An addition to the contract (docs/decisions/0002-contract-gaps.md): when absent, 1 with a replacement, else 2. */
    type: optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
    branchOffice: optional(branchOffice),
    // MH: motivoAnulacion of 5 to 250 characters.
    reason: optional(text(250, 5)),
    manager: optional(invalidationPerson),
    requester: optional(invalidationPerson),
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
