// MH's Evento de Retorno (ER, fe-eret-v1; docs/decisions/0015-evento-de-retorno.md): goods returned on sealed FE,
// FEX or FSE documents. The body of POST /dte/return and the counter's form, and the record both answer with.
import { z } from 'zod';
import type { DteKind } from './contract/kinds';
import { invalidationPerson } from './contract/invalidate';
import { addRuleIssue, optional, text, uuid } from './contract/primitives';
import { bilingual, catalogRoute, described } from './contract/descriptions';
import type { Environment } from './records';

/** The kinds an ER may cover (MF2 §XI p.26): the sealed FE (Sello's FC), FEXE and FSEE. */
export const RETURNABLE_KINDS = ['FC', 'FEX', 'FSE'] as const satisfies readonly DteKind[];
export type ReturnableKind = (typeof RETURNABLE_KINDS)[number];
export const isReturnable = (kind: string): kind is ReturnableKind => (RETURNABLE_KINDS as readonly string[]).includes(kind);

/** One event covers up to 50 documents (MF2 §XI p.26; fe-eret-v1 `documentoRelacionado` maxItems). */
export const RETURN_MAX_DOCUMENTS = 50;

const quantity = z
  .number({ error: 'La cantidad es un número.' })
  .positive('La cantidad devuelta debe ser mayor que cero.')
  .max(99_999_999_999, 'Cantidad demasiado grande.')
  .refine((n) => Math.abs(n * 1e8 - Math.round(n * 1e8)) < 1e-4, { error: 'La cantidad admite hasta 8 decimales.' });

export const returnLine = z.strictObject({
  /** The sealed document the goods came on. */
  dteId: described(
    uuid(),
    bilingual(
      'Código de generación del documento (FC, FEX o FSE) en que salió la mercadería.',
      'Generation code of the document (FC, FEX or FSE) the goods came on.',
    ),
  ),
  /** Its line (`numItem`, from 1). */
  item: described(
    z.number().int().min(1).max(2000),
    bilingual('Número de la línea en ese documento (numItem de MH), desde 1.', "The line's number in that document (MH numItem), from 1."),
  ),
  quantity: described(
    quantity,
    bilingual('Cantidad devuelta, positiva, hasta 8 decimales.', 'Quantity returned, positive, up to 8 decimals.'),
  ),
});

export const returnBody = z
  .strictObject({
    lines: described(
      z.array(returnLine).min(1, 'Elija al menos una línea que se devuelve.').max(2000),
      bilingual('Las líneas que se devuelven, sin repetir.', 'The lines returned, none repeated.'),
    ),
    /** Why the goods come back; kept with the event and sent in its apéndice (150 characters there). */
    reason: described(
      text(150, 5),
      bilingual('Por qué se devuelve, de 5 a 150 caracteres.', 'Why the goods come back, 5 to 150 characters.'),
    ),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.lines.forEach((l, i) => {
      const key = `${l.dteId.toLowerCase()}#${l.item}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'item'],
          message: 'Esa línea ya está en la devolución.',
          params: { code: 'DUPLICATE' },
        });
      seen.add(key);
    });
  });
export type ReturnBody = z.output<typeof returnBody>;

/**
 * POST /dte/returns/:id/invalidate: an ER given back by mistake is invalidated (MF2 §VII pp.13, 17), which frees
 * its documents' own invalidation. CAT-024's type (2, the operation rescinded, when absent); never a replacement.
 */
export const returnInvalidationBody = z
  .strictObject({
    type: described(
      optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
      bilingual(
        `Tipo de invalidación (MH CAT-024): 1 error, 2 rescindir (por omisión), 3 otro; lista en ${catalogRoute('invalidation-type')}.`,
        `Invalidation type (MH CAT-024): 1 error, 2 rescinded (default), 3 other; list at ${catalogRoute('invalidation-type')}.`,
      ),
    ),
    // invalidacion v3: motivoAnulacion of up to 200 characters.
    reason: described(
      optional(text(200, 5)),
      bilingual('Motivo, de 5 a 200 caracteres; obligatorio con el tipo 3.', 'The reason, 5 to 200 characters; required with type 3.'),
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
    if (b.type === 3 && !b.reason) addRuleIssue(ctx, ['reason'], 'REQUIRED', 'Con el tipo 3 (otro) MH pide el motivo.');
  });
export type ReturnInvalidationBody = z.output<typeof returnInvalidationBody>;

/**
 * As stored: PENDING until MH answers. A record's status is INVALIDATED once MH took its invalidation, IN_DOUBT
 * while MH holds it without its seal reaching the station (stored PENDING with MH's answer: decision 0070).
 */
export const RETURN_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'INVALIDATED', 'IN_DOUBT'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_INVALIDATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ReturnInvalidationStatus = (typeof RETURN_INVALIDATION_STATUSES)[number];

/** The latest invalidation asked for an ER. */
export interface ReturnInvalidationRecord {
  readonly id: string;
  readonly status: ReturnInvalidationStatus;
  readonly type: 1 | 2 | 3;
  readonly reason: string | null;
  readonly seal: string | null;
  readonly mhResponse: Record<string, unknown> | null;
  readonly createdAt: string;
}

export interface ReturnLineRecord {
  readonly dteId: string;
  readonly item: number;
  readonly description: string;
  readonly quantity: number;
  /** The line's value returned (IVA included on an FE), two decimals. */
  readonly amount: string;
}

/** An ER: PENDING until MH answers, then APPROVED (sealed) or REJECTED; INVALIDATED once MH took its invalidation. */
export interface ReturnRecord {
  readonly id: string;
  readonly companyId: string;
  readonly environment: Environment;
  readonly type: ReturnableKind;
  readonly version: number;
  readonly status: ReturnStatus;
  readonly reason: string;
  /** The documents it covers. */
  readonly dteIds: readonly string[];
  readonly lines: readonly ReturnLineRecord[];
  /** montoTotalOperacion of the event. */
  readonly total: string;
  readonly seal: string | null;
  readonly mhResponse: Record<string, unknown> | null;
  /** The contingency event that lists it, when it was made in contingency (it goes to MH after that event). */
  readonly contingencyId: string | null;
  /** Its latest invalidation, if one was asked; APPROVED makes the ER INVALIDATED. */
  readonly invalidation: ReturnInvalidationRecord | null;
  /** The last instant (El Salvador time) to invalidate it, once sealed and while not invalidated. */
  readonly invalidationDeadline: string | null;
  readonly generatedAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What a document's detail offers for a return: its lines with what is left, and the reason when it cannot. */
export interface ReturnableLine {
  readonly item: number;
  readonly description: string;
  readonly quantity: number;
  readonly returned: number;
  readonly left: number;
  readonly unitPrice: string;
}

export interface DocumentReturns {
  /** The station issues under the Normativa DTE v2.0 (2026) now: the only one with the ER. */
  readonly normativeInForce: boolean;
  /** Null when a new ER may be made now; else why not (in Spanish). */
  readonly refusal: string | null;
  /** The last instant (El Salvador time) for an ER on this document, when it is one. */
  readonly deadline: string | null;
  readonly lines: readonly ReturnableLine[];
  readonly events: readonly ReturnRecord[];
}
