// The day's close (corte de caja): made for a period and a scope (the station, or one person's sales), kept as a
// record that is never changed, printed on the receipt printer or on letter paper. A second close of a period
// that overlaps an earlier one of the same scope carries the difference. docs/decisions/0008-day-close.md.
import {
  closeListQuery,
  closeRequest,
  drawerOpeningRequest,
  type DrawerOpening,
  type CloseListQuery,
  type CloseSummary,
  type DayClose,
  type DayClosePage,
} from '../../../shared/close';
import { toFieldErrors } from '../../../shared/contract';
import { audit } from '../audit';
import type { Actor } from '../auth/actor';
import type { Users } from '../auth/users-repo';
import { isoLocal, localDateTime, type Clock } from '../clock';
import { sha256Hex } from '../dte/canonical';
import { documentsInPeriod } from '../dte/documents-repo';
import { returnsInPeriod } from './close-returns';
import { CoreError, validationFailed } from '../errors';
import { closeLetterPdf } from '../render/close-letter-pdf';
import type { ClosePaper } from '../render/close-paper';
import { closeReceiptPdf } from '../render/close-receipt';
import { overridesOfClose } from '../overrides/overrides-repo';
import type { ReceiptWidth } from '../render/receipt';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import { dec } from '../../../shared/tax';
import { findClose, insertClose, lastCloseOf, latestOverlapping, listCloses, type CloseRecordRow } from './closes-repo';
import { difference, summarize, type DrawerInput } from './day-close';
import { insertOpening, openingWithin, type DrawerOpeningRow } from './openings-repo';
import { kicksWithoutSale, pulsesBetween } from '../printer/print-jobs-repo';
import type { CashMovement, FloatCorrection, RefundMethod } from '../../../shared/close';
import { movementsOf, recordMovement } from './cash-movements';
import { correctFloat, floatsOf, toCorrection, totalFloat } from './floats';
import { latestCorrection, openingsWithin } from './openings-repo';
import { recordRefund, type RefundFacts } from './refunds';
import { refundsOf, type RefundRow } from './refunds-repo';
import { refundLines } from './close-refunds';

export interface ClosesDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly station: () => StoredStation;
  readonly users: Pick<Users, 'get'>;
  readonly nameOf: (actorId: string) => string | null;
}

export interface DayCloses {
  /** POST /closes: the close made now, stored and audited (`close.made`). */
  readonly make: (input: unknown, actor: Actor) => DayClose;
  /** Newest first; a cashier sees only the closes of their own sales. */
  readonly list: (query: CloseListQuery, actor: Actor) => DayClosePage;
  readonly get: (id: string, actor: Actor) => DayClose;
  readonly receipt: (id: string, width: ReceiptWidth, actor: Actor) => Promise<Buffer>;
  readonly letterPdf: (id: string, actor: Actor) => Promise<Buffer>;
  /** What the close prints, for the ESC/POS ticket (printer/counter-papers.ts); read as `get` is. */
  readonly paper: (id: string, actor: Actor) => ClosePaper;
  /** POST /closes/openings: the float the shift starts with, recorded once per shift and audited (`drawer.opened`). */
  readonly open: (input: unknown, actor: Actor) => DrawerOpening;
  /** The float the scope's current shift opened with (since its last close, today), or null. */
  readonly opening: (scope: unknown, actor: Actor) => DrawerOpening | null;
  /** POST /closes/openings/{id}/corrections: a supervisor's corrected float, with a reason (close/floats.ts). */
  readonly correctFloat: (openingId: string, input: unknown, actor: Actor) => FloatCorrection;
  /** POST /closes/movements: cash withdrawn or handed over during a shift (close/cash-movements.ts). */
  readonly recordMovement: (input: unknown, actor: Actor) => CashMovement;
  /** An NC or a Devolución charged to whoever paid it, with how (close/refunds.ts); once per refund. */
  readonly recordRefund: (facts: RefundFacts, actor: Actor, said: RefundMethod | undefined) => { row: RefundRow; created: boolean };
}

const PERSON = 'user:';
/** A cashier closes and reads only their own sales; everyone else any. */
const ownOnly = (actor: Actor) => actor.caller === 'CASHIER';

const hashOf = (summary: string, diff: string | null) => sha256Hex(`${summary}\n${diff ?? ''}`);

const toOpening = (r: DrawerOpeningRow, store: Store): DrawerOpening => {
  const c = latestCorrection(store, r.id);
  return {
    id: r.id,
    scope: r.scope,
    amount: r.amount,
    openedAt: r.opened_at,
    openedBy: r.opened_by,
    openedByName: r.opened_by_name,
    ...(c ? { correction: toCorrection(c) } : {}),
  };
};

const money2 = (s: string) => dec(s).toFixed(2);

function toClose(row: CloseRecordRow): DayClose {
  return {
    id: row.id,
    scope: row.scope,
    scopeName: row.scope_name,
    from: row.period_from,
    to: row.period_to,
    closedAt: row.closed_at,
    closedBy: row.closed_by,
    closedByName: row.closed_by_name,
    summary: JSON.parse(row.summary) as CloseSummary,
    previous: row.previous_id,
    difference: row.difference === null ? null : (JSON.parse(row.difference) as DayClose['difference']),
    hash: row.hash,
  };
}

export function dayCloses(d: ClosesDeps): DayCloses {
  const scopeOf = (scope: unknown, actor: Actor): { scope: string; name: string } => {
    if (scope === 'station') {
      if (ownOnly(actor))
        throw new CoreError(
          'FORBIDDEN',
          'Un cajero cierra solo su propia caja (scope "me"); el cierre de la estación es de un supervisor.',
        );
      const s = d.station();
      return { scope: 'station', name: s.company.commercialName ?? s.company.name };
    }
    const login =
      scope === 'me' ? (actor.id.startsWith(PERSON) ? actor.id.slice(PERSON.length) : null) : (scope as { login: string }).login;
    if (login === null) throw new CoreError('FORBIDDEN', 'Solo una persona con sesión cierra su propia caja.');
    if (ownOnly(actor) && `${PERSON}${login}` !== actor.id)
      throw new CoreError('FORBIDDEN', 'Un cajero cierra solo su propia caja; el cierre de otra persona es de un supervisor.');
    const person = d.users.get(login);
    if (!person) throw new CoreError('NOT_FOUND', `No hay una persona con el usuario ${login}.`);
    return { scope: `${PERSON}${login}`, name: person.name };
  };

  const readable = (id: string, actor: Actor): CloseRecordRow => {
    const row = findClose(d.store, id);
    if (!row) throw new CoreError('NOT_FOUND', `No existe un cierre con id ${id}.`);
    if (ownOnly(actor) && row.scope !== actor.id)
      throw new CoreError('FORBIDDEN', 'Un cajero consulta solo los cierres de su propia caja.');
    return row;
  };

  // The close's prices below the shelf go on its paper too (docs/decisions/0074-price-overrides-and-scans.md).
  const paper = (row: CloseRecordRow): ClosePaper => {
    const close = toClose(row);
    return { close, station: d.station(), priceOverrides: overridesOfClose(d.store, close) };
  };

  /** A shift runs from the scope's last close (or today's 00:00, whichever is later) to now. */
  const currentOpening = (scope: string): DrawerOpeningRow | undefined => {
    const now = d.clock.now();
    const today = `${localDateTime(now).date}T00:00:00${localDateTime(now).offset}`;
    const last = lastCloseOf(d.store, scope)?.closed_at;
    const row = openingWithin(d.store, scope, last && last > today ? last : today, isoLocal(now));
    // Opened in the very second of the last close: that shift is the one closed.
    return row && last && row.opened_at <= last ? undefined : row;
  };

  /**
   * The station's shift as its close will take it: every float recorded since the station's last close (today),
   * each as last corrected, summed (close/floats.ts); null when nobody recorded one.
   */
  const stationOpening = (): DrawerOpening | null => {
    const now = d.clock.now();
    const today = `${localDateTime(now).date}T00:00:00${localDateTime(now).offset}`;
    const last = lastCloseOf(d.store, 'station')?.closed_at;
    const rows = openingsWithin(d.store, last && last > today ? last : today, isoLocal(now)).filter((r) => !last || r.opened_at > last);
    const first = rows[0];
    const latest = rows[rows.length - 1];
    if (!first || !latest) return null;
    return {
      id: latest.id,
      scope: 'station',
      amount: totalFloat(d.store, rows).amount.toFixed(2),
      openedAt: first.opened_at,
      openedBy: latest.opened_by,
      openedByName: rows.map((r) => r.opened_by_name ?? r.opened_by).join(', '),
    };
  };

  /** The float the close takes: the one recorded at the shift's start wins; a different one typed is refused. */
  // A station's close takes every float recorded in its period (close/floats.ts), each as last corrected.
  const drawerInput = (
    req: { drawer?: { openingFloat?: string; counted: string } },
    openings: readonly DrawerOpeningRow[],
  ): DrawerInput | null => {
    if (!req.drawer) return null;
    const typed = req.drawer.openingFloat;
    const recorded = openings[openings.length - 1];
    if (recorded) {
      const floats = totalFloat(d.store, openings);
      const amount = floats.amount.toFixed(2);
      if (typed !== undefined && !dec(typed).eq(floats.amount))
        throw validationFailed([
          {
            path: 'drawer.openingFloat',
            code: 'NOT_ALLOWED',
            message: `El turno se abrió con un fondo de $${amount} (${recorded.opened_by_name ?? recorded.opened_by}, ${recorded.opened_at.slice(11, 16)}): ese es el fondo del cierre. Deje el campo vacío.`,
          },
        ]);
      return {
        openingFloat: amount,
        counted: req.drawer.counted,
        openedAt: recorded.opened_at,
        openedByName: recorded.opened_by_name,
        floats: floats.lines,
      };
    }
    if (typed === undefined)
      throw validationFailed([
        {
          path: 'drawer.openingFloat',
          code: 'REQUIRED',
          message: 'Este turno no registró su fondo inicial al abrir: escríbalo para calcular el efectivo esperado.',
        },
      ]);
    return { openingFloat: typed, counted: req.drawer.counted };
  };

  return {
    make(input, actor) {
      const parsed = closeRequest.safeParse(input);
      if (!parsed.success) throw validationFailed(toFieldErrors(parsed.error.issues, input));
      const req = parsed.data;
      const { scope, name } = scopeOf(req.scope, actor);
      const now = d.clock.now();
      const today = localDateTime(now);
      const from = req.from ? isoLocal(new Date(req.from)) : `${today.date}T00:00:00${today.offset}`;
      const to = req.to ? isoLocal(new Date(req.to)) : isoLocal(now);
      if (to < from) throw validationFailed([{ path: 'to', code: 'INVALID_DATE', message: 'El fin del periodo es anterior a su inicio.' }]);
      if (to > isoLocal(now))
        throw validationFailed([{ path: 'to', code: 'INVALID_DATE', message: 'El periodo no puede terminar en el futuro.' }]);
      const closedAt = isoLocal(now);
      return d.store.tx(() => {
        const typed = drawerInput(req, floatsOf(d.store, scope, from, to));
        const counted = typed && { ...typed, movements: movementsOf(d.store, scope, from, to) };
        const person = scope === 'station' ? null : scope;
        const docs = documentsInPeriod(d.store, from, to, person);
        // A return counts in the close of whoever paid it out, and in the station's (close-returns.ts).
        const returns = returnsInPeriod(d.store, from, to, person);
        const refunds = refundsOf(d.store, [...docs.filter((r) => r.kind === 'NC').map((r) => r.id), ...returns.map((r) => r.id)]);
        const summary: CloseSummary = {
          ...summarize(docs, counted, returns, refunds),
          drawerKicks: kicksWithoutSale(d.store, from, to, person).map((k) => ({
            at: k.at,
            by: k.by,
            byName: k.by_name,
          })),
          refunds: refundLines(docs, returns, refunds),
          drawerPulses: pulsesBetween(d.store, from, to, person),
        };
        const before = latestOverlapping(d.store, scope, from, to);
        const diff = before ? difference(JSON.parse(before.summary) as CloseSummary, summary) : null;
        const summaryJson = JSON.stringify(summary);
        const diffJson = diff ? JSON.stringify(diff) : null;
        const id = d.newId();
        const hash = hashOf(summaryJson, diffJson);
        insertClose(d.store, {
          id,
          scope,
          scope_name: name,
          period_from: from,
          period_to: to,
          closed_at: closedAt,
          closed_by: actor.id,
          closed_by_name: d.nameOf(actor.id),
          summary: summaryJson,
          previous_id: before?.id ?? null,
          difference: diffJson,
          hash,
        });
        audit(d.store, closedAt, actor.id, 'close.made', id, {
          scope,
          from,
          to,
          hash,
          previous: before?.id ?? null,
          // The float and the count typed, and what they left over or short: who typed what is on record.
          drawer: summary.drawer ?? null,
        });
        return toClose(findClose(d.store, id)!);
      });
    },
    list(query, actor) {
      const q = closeListQuery.safeParse(query);
      if (!q.success) throw validationFailed(toFieldErrors(q.error.issues, query));
      const limit = q.data.limit ?? 20;
      const before = q.data.cursor === undefined ? null : Number(q.data.cursor);
      const rows = listCloses(d.store, { scope: ownOnly(actor) ? actor.id : null, limit: limit + 1, before });
      const page = rows.slice(0, limit);
      return {
        items: page.map((r) => ({
          id: r.id,
          scope: r.scope,
          scopeName: r.scope_name,
          from: r.period_from,
          to: r.period_to,
          closedAt: r.closed_at,
          closedBy: r.closed_by,
          netSales: (JSON.parse(r.summary) as CloseSummary).netSales,
          previous: r.previous_id,
          hash: r.hash,
        })),
        nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
      };
    },
    get: (id, actor) => toClose(readable(id, actor)),
    open(input, actor) {
      const parsed = drawerOpeningRequest.safeParse(input);
      if (!parsed.success) throw validationFailed(toFieldErrors(parsed.error.issues, input));
      const { scope } = scopeOf(parsed.data.scope, actor);
      return d.store.tx(() => {
        const already = currentOpening(scope);
        if (already)
          throw validationFailed([
            {
              path: 'amount',
              code: 'DUPLICATE',
              message: `Este turno ya se abrió con $${already.amount} a las ${already.opened_at.slice(11, 16)} (${already.opened_by_name ?? already.opened_by}). Un fondo registrado no se cambia: haga el cierre para abrir otro turno.`,
            },
          ]);
        const row: DrawerOpeningRow = {
          id: d.newId(),
          scope,
          amount: money2(parsed.data.amount),
          opened_at: isoLocal(d.clock.now()),
          opened_by: actor.id,
          opened_by_name: d.nameOf(actor.id),
        };
        insertOpening(d.store, row);
        audit(d.store, row.opened_at, actor.id, 'drawer.opened', row.id, { scope, amount: row.amount });
        return toOpening(row, d.store);
      });
    },
    opening(scopeInput, actor) {
      const parsed = drawerOpeningRequest.shape.scope.safeParse(scopeInput);
      if (!parsed.success)
        throw validationFailed(
          toFieldErrors(parsed.error.issues, scopeInput).map((e) => ({ ...e, path: e.path ? `scope.${e.path}` : 'scope' })),
        );
      const { scope } = scopeOf(parsed.data, actor);
      if (scope === 'station') return stationOpening();
      const row = currentOpening(scope);
      return row ? toOpening(row, d.store) : null;
    },
    receipt: async (id, width, actor) => closeReceiptPdf(paper(readable(id, actor)), width),
    letterPdf: async (id, actor) => closeLetterPdf(paper(readable(id, actor))),
    paper: (id, actor) => paper(readable(id, actor)),
    correctFloat: (openingId, input, actor) => correctFloat(d, openingId, input, actor),
    recordRefund: (facts, actor, said) => recordRefund(d, facts, actor, said),
    recordMovement: (input, actor) => recordMovement(d, input, actor),
  };
}
