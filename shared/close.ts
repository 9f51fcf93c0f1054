// The day's close (corte de caja, issue 14 item 6): what a close asks for and what it keeps. Amounts are exact
// decimal strings with 2 places; an NC's amounts subtract. docs/decisions/0008-day-close.md.
import { z } from 'zod';
import type { DteKind } from './contract/kinds';
import type { DrawerKick } from './printing';
import { custom } from './contract/primitives';
import type { DteStatus } from './records';

/** Whose sales: the whole station, the caller's own, or one person's (SUPERVISOR or ADMIN). */
export const closeScope = z.union([z.literal('station'), z.literal('me'), z.strictObject({ login: z.string().trim().min(1).max(64) })]);
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
export const drawerCount = z.strictObject({ openingFloat: dollars.optional(), counted: dollars });
export type DrawerCount = z.infer<typeof drawerCount>;

/** POST /closes/openings: the float a shift starts with, for the caller's own drawer ('me') or another scope. */
export const drawerOpeningRequest = z.strictObject({ scope: closeScope, amount: dollars });
export type DrawerOpeningRequest = z.infer<typeof drawerOpeningRequest>;

/** GET /closes/openings/current: whose shift (the caller's own when left out). */
export const openingQuery = z.strictObject({
  scope: z.enum(['me', 'station']).optional(),
  login: z.string().trim().min(1).max(64).optional(),
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
}

/** POST /closes: the scope, the period (from today's 00:00 in El Salvador to now when left out), and the drawer counted. */
export const closeRequest = z.strictObject({
  scope: closeScope,
  from: instant.optional(),
  to: instant.optional(),
  drawer: drawerCount.optional(),
});
export type CloseRequest = z.infer<typeof closeRequest>;

export const closeListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  // The `seq` of the page's last close, as nextCursor gave it: anything else is a 422, never the first page again.
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, custom('INVALID_FORMAT', 'No es un cursor de esta lista: use el nextCursor de la página anterior.'))
    .optional(),
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

export interface CloseSummary {
  /** APPROVED documents per kind (FC, CCF, NC, ND, CR, FSE, FEX); an NC's total is negative. */
  readonly byKind: Readonly<Record<DteKind, Tally>>;
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
  readonly cashSales: string;
  /** Paid back from the drawer: credit notes al contado and returns on documents paid in cash. */
  readonly cashRefunds: string;
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
