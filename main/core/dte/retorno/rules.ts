// The rules of an Evento de Retorno (MF2 §XI pp.26–28; docs/decisions/0015-evento-de-retorno.md), as data: each
// rule names itself, says what it checks, and looks only at a plain context (no store), so each is tested alone.
// A broken rule gives field errors (422 naming the field), except the station's normative, which is no field (409).
import type { FieldError } from '../../../../shared/contract';
import type { Normative } from '../../../../shared/normative';
import { isReturnable, RETURN_MAX_DOCUMENTS, type ReturnBody } from '../../../../shared/retorno';
import { dec, round2, type Dec } from '../../../../shared/tax';
import { isoLocal } from '../../clock';
import { SV_OFFSET, addMonthsClamped, svDateOf } from '../../normative/civil-date';

/** One original line of a document, with what live ERs already give back of it. */
export interface OriginalLine {
  readonly item: number;
  readonly description: string;
  readonly quantity: Dec;
  readonly returnedQuantity: Dec;
}

/** A document named by the ER's lines, as the rules see it. */
export interface ReturnTarget {
  readonly id: string;
  readonly controlNumber: string;
  readonly kind: string;
  readonly status: string;
  readonly sealedAt: Date | null;
  /** identificacion.fecEmi (El Salvador date). */
  readonly generatedOn: string;
  readonly issuer: string;
  /** Who received it (identification), '' for an anonymous final consumer. */
  readonly receptor: string;
  /** ventaTercero's NIT, '' when none. */
  readonly thirdParty: string;
  /** The issuer's economic activity as the document carries it (emisor.codActividad), '' when none. */
  readonly issuerActivity: string;
  readonly lines: readonly OriginalLine[];
  /** What the document is worth (its lines less global discounts), and what live ERs already give back. */
  readonly value: Dec;
  readonly returnedValue: Dec;
}

export interface ReturnContext {
  readonly now: Date;
  readonly normative: Normative;
  /** The ER's date (`identificacion.fecEmi`, El Salvador). */
  readonly eventDate: string;
  readonly body: ReturnBody;
  /** By canonical (lower-case) id; absent when the station has no such document. */
  readonly documents: ReadonlyMap<string, ReturnTarget>;
  /** This ER's value per document, as the builder computes it (for the value rule). */
  readonly askedValue: ReadonlyMap<string, Dec>;
}

export type RuleOutcome = { readonly station: string } | readonly FieldError[];

export interface ReturnRule {
  readonly id: string;
  readonly source: string;
  readonly check: (c: ReturnContext) => RuleOutcome;
}

/** The deadline: 3 months from the seal (MF2 p.26 item 4 and p.27 condition 5; the decision record says why). */
export const RETURN_DEADLINE_MONTHS = 3;
/**
 * MF2 p.27: an FE or FEXE whose issuer's economic activity is one of these may be given back for 2 years
 * (docs/decisions/0050-evento-de-retorno-complete.md). The activity is the one the document itself carries.
 */
export const TWO_YEAR_ACTIVITIES: readonly string[] = ['01282', '21001', '46484', '47721'];
export const TWO_YEAR_KINDS: readonly string[] = ['FC', 'FEX'];

/** How many months a document may be given back for: 24 for the activities above on an FE/FEXE, else 3. */
export const returnMonths = (t: Pick<ReturnTarget, 'kind' | 'issuerActivity'>): number =>
  TWO_YEAR_KINDS.includes(t.kind) && TWO_YEAR_ACTIVITIES.includes(t.issuerActivity) ? 24 : RETURN_DEADLINE_MONTHS;

export function returnDeadline(sealedAt: Date, months = RETURN_DEADLINE_MONTHS): Date {
  // 23:59:59 El Salvador time of the seal's day, `months` later (sealed 30 Nov → until 28 Feb).
  return new Date(`${addMonthsClamped(svDateOf(sealedAt.toISOString()), months)}T23:59:59${SV_OFFSET}`);
}

const targetOf = (c: ReturnContext, dteId: string) => c.documents.get(dteId.toLowerCase());
/** The first line naming each document, with its index (errors point at it). */
function firstLines(c: ReturnContext): { index: number; target: ReturnTarget }[] {
  const out = new Map<string, { index: number; target: ReturnTarget }>();
  c.body.lines.forEach((l, index) => {
    const target = targetOf(c, l.dteId);
    if (target && !out.has(target.id)) out.set(target.id, { index, target });
  });
  return [...out.values()];
}
const err = (path: string, code: FieldError['code'], message: string): FieldError => ({ path, code, message });
const money = (d: Dec) => `$${round2(d).toFixed(2)}`;
const qty = (d: Dec) => d.toFixed();

export const RETURN_RULES: readonly ReturnRule[] = [
  {
    id: 'normative-2026',
    source: 'MF2 §XI: the ER exists only in the Normativa DTE v2.0',
    check: (c) =>
      c.normative === '2026'
        ? []
        : {
            station:
              'La devolución (Evento de Retorno) es de la Normativa DTE v2.0 (2026), y esta estación aún emite con la normativa anterior. Un administrador la cambia en Ajustes.',
          },
  },
  {
    id: 'document-exists',
    source: 'the station holds the document',
    check: (c) =>
      c.body.lines.flatMap((l, i) =>
        targetOf(c, l.dteId) ? [] : [err(`lines.${i}.dteId`, 'NOT_ALLOWED', `No hay un documento con id ${l.dteId} en esta estación.`)],
      ),
  },
  {
    id: 'returnable-kind',
    source: 'MF2 p.26: only FE, FEXE and FSEE',
    check: (c) =>
      firstLines(c).flatMap(({ index, target }) =>
        isReturnable(target.kind)
          ? []
          : [
              err(
                `lines.${index}.dteId`,
                'NOT_ALLOWED',
                `Solo una factura, una factura de exportación o una de sujeto excluido admite devolución; ${target.controlNumber} es ${target.kind}.`,
              ),
            ],
      ),
  },
  {
    id: 'sealed',
    source: 'MF2 p.26: only sealed documents, never transitory ones',
    check: (c) =>
      firstLines(c).flatMap(({ index, target }) =>
        target.status === 'APPROVED' && target.sealedAt
          ? []
          : [
              err(
                `lines.${index}.dteId`,
                'NOT_ALLOWED',
                `Solo se devuelve sobre un documento con sello de MH; ${target.controlNumber} está en estado ${target.status}.`,
              ),
            ],
      ),
  },
  {
    id: 'up-to-50-documents',
    source: 'MF2 p.26; fe-eret-v1 documentoRelacionado maxItems 50',
    check: (c) => {
      const n = new Set(c.body.lines.map((l) => l.dteId.toLowerCase())).size;
      return n <= RETURN_MAX_DOCUMENTS
        ? []
        : [err('lines', 'NOT_ALLOWED', `Una devolución cubre hasta ${RETURN_MAX_DOCUMENTS} documentos; se pidieron ${n}.`)];
    },
  },
  {
    id: 'same-kind-issuer-receptor',
    source: 'MF2 p.26: documents of the same kind, issuer, receptor and third party',
    check: (c) => {
      const all = firstLines(c);
      const first = all[0]?.target;
      if (!first) return [];
      return all.flatMap(({ index, target }) => {
        const why =
          target.kind !== first.kind
            ? 'de otro tipo'
            : target.issuer !== first.issuer
              ? 'de otro emisor'
              : target.receptor !== first.receptor
                ? 'de otro cliente'
                : target.thirdParty !== first.thirdParty
                  ? 'de otro tercero'
                  : null;
        return why
          ? [
              err(
                `lines.${index}.dteId`,
                'NOT_ALLOWED',
                `Una devolución reúne documentos del mismo tipo, emisor y cliente; ${target.controlNumber} es ${why}.`,
              ),
            ]
          : [];
      });
    },
  },
  {
    id: 'within-3-months-of-seal',
    source: 'MF2 p.26 item 4, p.27 condition 5: 3 months from the seal; p.27: 2 years for FE/FEXE of activities 01282, 21001, 46484, 47721',
    check: (c) =>
      firstLines(c).flatMap(({ index, target }) => {
        if (!target.sealedAt) return [];
        const months = returnMonths(target);
        const deadline = returnDeadline(target.sealedAt, months);
        return c.now <= deadline
          ? []
          : [
              err(
                `lines.${index}.dteId`,
                'NOT_ALLOWED',
                `El plazo para devolver sobre ${target.controlNumber} venció el ${isoLocal(deadline).slice(0, 19).replace('T', ' ')} (${months === 24 ? '2 años' : `${months} meses`} desde el sello).`,
              ),
            ];
      }),
  },
  {
    id: 'event-date-not-before-generation',
    source: 'MF2 p.27: the event date is never before the DTE generation date',
    check: (c) =>
      firstLines(c).flatMap(({ index, target }) =>
        c.eventDate >= target.generatedOn
          ? []
          : [
              err(
                `lines.${index}.dteId`,
                'NOT_ALLOWED',
                `La fecha de la devolución (${c.eventDate}) no puede ser anterior a la del documento (${target.generatedOn}).`,
              ),
            ],
      ),
  },
  {
    id: 'line-quantity-limit',
    source: 'MF2 p.26: the ERs on a DTE never exceed it (per line and quantity, like credit-note limits)',
    check: (c) =>
      c.body.lines.flatMap((l, i) => {
        const target = targetOf(c, l.dteId);
        if (!target) return [];
        const line = target.lines.find((x) => x.item === l.item);
        if (!line) return [err(`lines.${i}.item`, 'NOT_ALLOWED', `${target.controlNumber} no tiene la línea ${l.item}.`)];
        const left = line.quantity.minus(line.returnedQuantity);
        return dec(l.quantity).greaterThan(left)
          ? [
              err(
                `lines.${i}.quantity`,
                'NOT_ALLOWED',
                `De "${line.description}" se vendieron ${qty(line.quantity)}, ya se devolvieron ${qty(line.returnedQuantity)} y quedan ${qty(left)}; se piden ${qty(dec(l.quantity))}.`,
              ),
            ]
          : [];
      }),
  },
  {
    id: 'value-limit',
    source: 'MF2 p.26: the sum of the ERs on a DTE never exceeds its value',
    check: (c) =>
      firstLines(c).flatMap(({ index, target }) => {
        const asked = c.askedValue.get(target.id);
        if (!asked) return [];
        const left = target.value.minus(target.returnedValue);
        return round2(asked).greaterThan(round2(left))
          ? [
              err(
                `lines.${index}.quantity`,
                'NOT_ALLOWED',
                `Las devoluciones de ${target.controlNumber} no pueden pasar de su valor (${money(target.value)}): quedan ${money(left)} y se piden ${money(asked)}.`,
              ),
            ]
          : [];
      }),
  },
];

/** Every rule in order: the station's refusal first (if any), else every field error of every rule. */
export function judgeReturn(
  c: ReturnContext,
  rules: readonly ReturnRule[] = RETURN_RULES,
): { station: string | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  for (const rule of rules) {
    const out = rule.check(c);
    if ('station' in out) return { station: out.station, errors: [] };
    errors.push(...out);
  }
  return { station: null, errors };
}
