// The day's close (corte de caja, issue 14 item 6): what a close asks for and what it keeps. Amounts are exact
// decimal strings with 2 places; an NC's amounts subtract. docs/decisions/0008-day-close.md.
import { z } from 'zod';
import type { DteKind } from './contract/kinds';
import type { DrawerKick } from './printing';
import { custom } from './contract/primitives';
import { D, bilingual, described } from './contract/descriptions';
import type { DteStatus } from './records';

/** Whose sales: the whole station, the caller's own, or one person's (SUPERVISOR or ADMIN). */
export const closeScope = z.union([
  z.literal('station'),
  z.literal('me'),
  z.strictObject({ login: described(z.string().trim().min(1).max(64), bilingual('Usuario de la persona.', "The person's login.")) }),
]);
const SCOPE = bilingual(
  'De quién: "station" (toda la estación), "me" (quien llama) o {"login": …} (una persona; supervisor o administrador).',
  'Whose: "station" (the whole station), "me" (the caller) or {"login": …} (one person; supervisor or administrator).',
);
const AMOUNT = bilingual(
  'Monto en dólares como texto, hasta 2 decimales (p. ej. "50.00").',
  'Amount in dollars as text, up to 2 decimals (e.g. "50.00").',
);
const REASON = bilingual('El motivo, de 5 a 200 caracteres.', 'The reason, 5 to 200 characters.');
export type CloseScope = z.infer<typeof closeScope>;

/** An instant with its offset (2026-11-22T08:00:00-06:00, or Z); read as El Salvador time. */
const instant = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'Use una fecha y hora ISO 8601 con su zona (…-06:00).')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'No es una fecha y hora válida.');

/** Dollars with up to 2 decimals, as typed at the drawer (never a float). */
const dollars = z
  .string()
  .trim()
  .max(13)
  .regex(/^\d{1,9}(\.\d{1,2})?$/, custom('INVALID_FORMAT', 'Escriba un monto en dólares con hasta 2 decimales, por ejemplo 50.00.'));

/**
 * The drawer at the close: the cash counted in it now, and the float it opened with when the shift did not record
 * one at its start (a recorded float is the one used: docs/decisions/0038-drawer-reconciliation.md).
 */
export const drawerCount = z.strictObject({
  openingFloat: described(
    dollars.optional(),
    bilingual(
      'Fondo con que abrió la gaveta, en dólares (texto, 2 decimales), si el turno no lo registró al empezar.',
      'The float the drawer opened with, dollars (text, 2 decimals), when the shift did not record one at its start.',
    ),
  ),
  counted: described(
    dollars,
    bilingual(
      'Efectivo contado en la gaveta ahora, en dólares (texto, 2 decimales).',
      'Cash counted in the drawer now, dollars (text, 2 decimals).',
    ),
  ),
});
export type DrawerCount = z.infer<typeof drawerCount>;

/** POST /closes/openings: the float a shift starts with, for the caller's own drawer ('me') or another scope. */
export const drawerOpeningRequest = z.strictObject({ scope: described(closeScope, SCOPE), amount: described(dollars, AMOUNT) });
export type DrawerOpeningRequest = z.infer<typeof drawerOpeningRequest>;

/** How a refund (NC or Devolución) was settled, as the person paying it says (docs/decisions/0073-money-follows-the-person.md). */
export const REFUND_METHODS = ['cash', 'card', 'account'] as const;
export const refundMethod = z.enum(REFUND_METHODS);
export type RefundMethod = z.infer<typeof refundMethod>;
/** As recorded: `unknown` is a POS-issued NC, whose contract does not say how it was settled. */
export type RecordedRefundMethod = RefundMethod | 'unknown';

/**
 * The request header with which POST /dte/nc and POST /dte/return say how the refund was settled
 * (`Sello-Refund-Method: cash`); the contract's bodies stay the spec's. Left out, close/refunds.ts decides.
 */
export const REFUND_METHOD_HEADER = 'Sello-Refund-Method';

/** The header read: absent is undefined; a value that is not a method is a field error naming the header. */
export function parseRefundMethod(
  header: string | readonly string[] | undefined,
): { ok: true; method: RefundMethod | undefined } | { ok: false; message: string } {
  const raw = typeof header === 'string' ? header : header?.[0];
  if (raw === undefined || raw.trim() === '') return { ok: true, method: undefined };
  const parsed = refundMethod.safeParse(raw.trim().toLowerCase());
  return parsed.success
    ? { ok: true, method: parsed.data }
    : { ok: false, message: `Forma de devolución desconocida: use ${REFUND_METHODS.join(', ')}.` };
}

/** POST /closes/openings/{id}/corrections: a supervisor's corrected float and why (the recorded one stays). */
export const floatCorrectionRequest = z.strictObject({
  amount: described(dollars, AMOUNT),
  reason: described(
    z
      .string()
      .trim()
      .max(200)
      .refine((r) => r.length >= 5, custom('REQUIRED', 'Escriba el motivo de la corrección (al menos 5 letras).')),
    REASON,
  ),
});
export type FloatCorrectionRequest = z.infer<typeof floatCorrectionRequest>;

/**
 * POST /closes/movements: cash taken out of a person's drawer money by a supervisor (`withdrawal`), or handed from
 * one person to another (`handover`, `to` the receiver). docs/decisions/0073-money-follows-the-person.md.
 */
export const cashMovementRequest = z
  .strictObject({
    kind: described(
      z.enum(['withdrawal', 'handover']),
      bilingual(
        'withdrawal: un supervisor retira efectivo; handover: una persona lo entrega a otra.',
        'withdrawal: a supervisor takes cash out; handover: one person hands it to another.',
      ),
    ),
    from: described(
      z.string().trim().min(1).max(64),
      bilingual('Usuario de quien entrega el efectivo.', 'Login of the person the cash comes from.'),
    ),
    to: described(
      z.string().trim().min(1).max(64).optional(),
      bilingual('Usuario de quien lo recibe; solo y siempre con handover.', 'Login of the receiver; only and always with handover.'),
    ),
    amount: described(dollars, AMOUNT),
    reason: described(
      z
        .string()
        .trim()
        .max(200)
        .refine((r) => r.length >= 5, custom('REQUIRED', 'Escriba el motivo (al menos 5 letras).')),
      REASON,
    ),
  })
  .superRefine((m, ctx) => {
    if (m.kind === 'handover' && m.to === undefined)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Diga a quién se entregó el efectivo.', params: { code: 'REQUIRED' } });
    if (m.kind === 'withdrawal' && m.to !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Un retiro no se entrega a otra persona: use handover.',
        params: { code: 'NOT_ALLOWED' },
      });
    if (m.to !== undefined && m.to === m.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Quien entrega y quien recibe son la misma persona.',
        params: { code: 'NOT_ALLOWED' },
      });
  });
export type CashMovementRequest = z.infer<typeof cashMovementRequest>;

export interface CashMovement {
  readonly id: string;
  readonly kind: 'withdrawal' | 'handover';
  readonly from: string;
  readonly to: string | null;
  readonly amount: string;
  readonly reason: string;
  readonly at: string;
  readonly by: string;
  readonly byName: string | null;
}

/** GET /closes/openings/current: whose shift (the caller's own when left out). */
export const openingQuery = z.strictObject({
  scope: described(
    z.enum(['me', 'station']).optional(),
    bilingual('me (por omisión: quien llama) o station.', 'me (default: the caller) or station.'),
  ),
  login: described(
    z.string().trim().min(1).max(64).optional(),
    bilingual('Usuario de otra persona (supervisor o administrador).', "Another person's login (supervisor or administrator)."),
  ),
});
export const scopeOfQuery = (q: z.infer<typeof openingQuery>): CloseScope => (q.login ? { login: q.login } : (q.scope ?? 'me'));

/** A shift's opening float as recorded (never changed): the close of its period takes it. */
export interface DrawerOpening {
  readonly id: string;
  readonly scope: string;
  readonly amount: string;
  readonly openedAt: string;
  readonly openedBy: string;
  readonly openedByName: string | null;
  /** A supervisor's latest correction of the float (the recorded `amount` stays as typed); absent when none. */
  readonly correction?: FloatCorrection;
}

export interface FloatCorrection {
  readonly amount: string;
  readonly reason: string;
  readonly correctedAt: string;
  readonly correctedBy: string;
  readonly correctedByName: string | null;
}

/** POST /closes: the scope, the period (from today's 00:00 in El Salvador to now when left out), and the drawer counted. */
export const closeRequest = z.strictObject({
  scope: described(closeScope, SCOPE),
  from: described(
    instant.optional(),
    bilingual(
      'Inicio del periodo, ISO 8601 con zona; por omisión hoy a las 00:00 en El Salvador.',
      'Start of the period, ISO 8601 with offset; default today 00:00 in El Salvador.',
    ),
  ),
  to: described(
    instant.optional(),
    bilingual('Fin del periodo, ISO 8601 con zona; por omisión ahora.', 'End of the period, ISO 8601 with offset; default now.'),
  ),
  drawer: described(drawerCount.optional(), bilingual('La gaveta contada al cerrar.', 'The drawer counted at the close.')),
});
export type CloseRequest = z.infer<typeof closeRequest>;

export const closeListQuery = z.strictObject({
  limit: described(
    z.coerce.number().int().min(1).max(100).optional(),
    bilingual('Cuántos cierres, de 1 a 100.', 'How many closes, 1 to 100.'),
  ),
  // The `seq` of the page's last close, as nextCursor gave it: anything else is a 422, never the first page again.
  cursor: described(
    z
      .string()
      .regex(/^\d{1,15}$/, custom('INVALID_FORMAT', 'No es un cursor de esta lista: use el nextCursor de la página anterior.'))
      .optional(),
    D.cursor,
  ),
});
export type CloseListQuery = z.infer<typeof closeListQuery>;

/** A count and an amount. */
export interface Tally {
  readonly count: number;
  readonly total: string;
}

export interface PaymentTally extends Tally {
  /** CAT-017 code. */
  readonly code: string;
  /** CAT-017 name. */
  readonly name: string;
}

/** One document as the close saw it: the snapshot the next close compares against. */
export interface ClosedDocument {
  readonly id: string;
  readonly kind: DteKind;
  readonly controlNumber: string;
  readonly status: DteStatus;
  /** Signed: an NC's total is negative. */
  readonly total: string;
}

const NO_TALLY: Tally = { count: 0, total: '0.00' };

/** A kind's tally in a summary; none for a kind the summary predates. */
export const kindTally = (s: Pick<CloseSummary, 'byKind'>, kind: DteKind): Tally => s.byKind[kind] ?? NO_TALLY;

export interface CloseSummary {
  /**
   * APPROVED documents per kind; an NC's total is negative. Partial: a close stored before issue 57 knows only the
   * seven kinds of its day, and its hash covers it as stored (read a kind with `kindTally`).
   */
  readonly byKind: Readonly<Partial<Record<DteKind, Tally>>>;
  /** FC + CCF + ND + FEX − NC, approved. */
  readonly netSales: string;
  /** Approved sales by CAT-017 payment method (FC, CCF, FEX), in code order. */
  readonly payments: readonly PaymentTally[];
  /** Approved sales on credit (no payment yet). */
  readonly onCredit: Tally;
  /** FC: IVA contained (totalIva); CCF and ND: tributo 20; NC subtracts. */
  readonly iva: string;
  readonly retentions: {
    /** IVA the customers retained (ivaRete1 of FC, CCF, ND; NC subtracts). */
    readonly ivaRetained: string;
    /** Income tax the customers retained (reteRenta of FC, CCF, ND; NC subtracts). */
    readonly rentaRetained: string;
    /** IVA this station retained as an agent (CR: totalIVAretenido). */
    readonly crIvaRetained: string;
    /** What this station retained from excluded subjects (FSE: ivaRete1 and reteRenta). */
    readonly fseIvaRetained: string;
    readonly fseRentaRetained: string;
  };
  readonly invalidated: Tally & { readonly documents: readonly { id: string; kind: DteKind; controlNumber: string; total: string }[] };
  readonly rejected: { readonly count: number };
  /** CREATED or PROCESSING: not yet answered by MH, counted apart. */
  readonly pending: Tally & { readonly byKind: Readonly<Partial<Record<DteKind, Tally>>> };
  /** Every document of the period and scope, with its status then. */
  readonly documents: readonly ClosedDocument[];
  /** Payments, credit sales and notes adding up to the net sales (absent in closes made before issue 33). */
  readonly reconciliation?: Reconciliation;
  /** The drawer counted at this close; null when none was typed (absent before issue 33). */
  readonly drawer?: DrawerReconciliation | null;
  /** The drawer opened with no sale in the period ("Abrir gaveta"), by the scope's people (absent before issue 34). */
  readonly drawerKicks?: readonly DrawerKick[];
  /**
   * Goods given back in the period (Eventos de Retorno not refused nor invalidated; the station's close only):
   * `cash` is what went back from the drawer, the returns on documents paid in cash (absent before issue 37).
   */
  readonly returns?: ReturnsTally;
  /** Every NC and Devolución of the period and scope, with who paid it and how (absent before issue 55). */
  readonly refunds?: readonly RefundLine[];
  /** Every pulse of the drawer in the period, by sale, refund or hand (absent before issue 55). */
  readonly drawerPulses?: readonly DrawerPulse[];
}

/** One refund as the close charges it: to the person who paid it, from the station's drawer. */
export interface RefundLine {
  readonly kind: 'NC' | 'ER';
  readonly id: string;
  /** Positive: what went back to the customer. */
  readonly amount: string;
  readonly method: RecordedRefundMethod;
  readonly paidBy: string | null;
  readonly paidByName: string | null;
}

/** One opening of the drawer: what started it, who, and the sale or refund it was for. */
export interface DrawerPulse {
  readonly at: string;
  readonly by: string;
  readonly byName: string | null;
  readonly cause: 'sale' | 'refund' | 'manual';
  /** The document (sale or NC) or the Devolución it was for; null for "Abrir gaveta". */
  readonly ref: string | null;
}

/** One float the close takes: as recorded at the shift's start and, when a supervisor corrected it, as corrected. */
export interface FloatLine {
  readonly scope: string;
  readonly name: string | null;
  readonly recorded: string;
  readonly openedAt: string;
  readonly correction?: FloatCorrection;
}

/** The period's returns: how many and their value, and the part paid back in cash. */
export interface ReturnsTally {
  readonly count: number;
  readonly total: string;
  readonly cash: string;
  readonly documents: readonly { readonly id: string; readonly total: string; readonly cash: boolean }[];
}

/** One line of the reconciliation: its amount is signed (a refund subtracts). */
export interface ReconciliationLine {
  /** `payment.01`, `onCredit`, `debitNotes`, `ncCash`, `ncCredit`, `returns`, `unexplained`. */
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly amount: string;
}

/** How the money side adds up to the net sales: the lines' amounts sum to `netSales`. */
export interface Reconciliation {
  readonly lines: readonly ReconciliationLine[];
  readonly netSales: string;
}

/** The drawer: float + cash sales − cash refunds = expected; counted − expected = over (+) or short (−). */
export interface DrawerReconciliation {
  readonly openingFloat: string;
  /** When the float was recorded at the shift's start (absent when typed at the close). */
  readonly floatOpenedAt?: string;
  readonly floatOpenedByName?: string | null;
  /** The floats recorded in the period (a station's close: everyone's), each with its correction (issue 55). */
  readonly floats?: readonly FloatLine[];
  readonly cashSales: string;
  /** Paid back from the drawer: credit notes al contado and returns on documents paid in cash. */
  readonly cashRefunds: string;
  /** Taken out by a supervisor during the period ("retiro de efectivo"); absent when none (issue 55). */
  readonly withdrawals?: string;
  /** Handed to this person by another, and by this person to another; absent when none (a station's: never). */
  readonly handedIn?: string;
  readonly handedOut?: string;
  readonly expected: string;
  readonly counted: string;
  readonly overShort: string;
}

/** What changed since the latest close of the same scope whose period overlaps this one. */
export interface CloseDifference {
  /** Each figure that changed: `byKind.FC.total`, `iva`, `payments.01.total`, … */
  readonly figures: Readonly<Record<string, { readonly before: string; readonly after: string; readonly change: string }>>;
  /** Documents the earlier close did not have. */
  readonly newDocuments: readonly ClosedDocument[];
  /** Documents whose status changed since (pending → approved, approved → invalidated, …). */
  readonly changed: readonly { id: string; controlNumber: string; from: DteStatus; to: DteStatus }[];
}

export interface DayClose {
  readonly id: string;
  /** 'station' or the person's actor id (`user:ana`). */
  readonly scope: string;
  /** Who the scope names, for paper: the station's name or the person's. */
  readonly scopeName: string;
  /** The period, El Salvador time (ISO 8601 with -06:00). */
  readonly from: string;
  readonly to: string;
  readonly closedAt: string;
  readonly closedBy: string;
  readonly closedByName: string | null;
  readonly summary: CloseSummary;
  /** The earlier close compared against, and the difference; null for the first close of a period. */
  readonly previous: string | null;
  readonly difference: CloseDifference | null;
  /** SHA-256 (hex) of the stored summary and difference. */
  readonly hash: string;
}

/** A close as lists show it: the record without its figures, and its net sales. */
export type DayCloseEntry = Pick<DayClose, 'id' | 'scope' | 'scopeName' | 'from' | 'to' | 'closedAt' | 'closedBy' | 'previous' | 'hash'> & {
  readonly netSales: string;
};

export interface DayClosePage {
  readonly items: DayCloseEntry[];
  readonly nextCursor: string | null;
}
