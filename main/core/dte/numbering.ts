// The numbering room (docs/decisions/0029-numbering-never-collides-silently.md): a numbering collision found by
// the sync engine stops its sequence; an unconfirmed data folder stops them all; the hub's last numbers or an
// ADMIN's move them past MH's. Its alerts go to the alert board (alerts.ts), its state to Ajustes → Numeración.
import { type DteKind } from '../../../shared/contract';
import { validate } from '../../../shared/contract/validate';
import { MAX_CONTROL_VALUE, numberingConfirmation, type HubNumberingAnswer, type NumberingView } from '../../../shared/numbering';
import type { StationAlert } from '../../../shared/records';
import { audit } from '../audit';
import { isoLocal, localDateTime, type Clock } from '../clock';
import { validationFailed } from '../errors';
import type { Logger } from '../logger';
import type { StoredStation } from '../station/profile';
import type { HubTarget } from '../station/station-repo';
import type { Store } from '../store/database';
import type { Timers, TimerHandle } from '../timers';
import { controlValueOf, raiseControlValue, sequenceLasts, type SequenceLast } from './control-number';
import {
  readNumbering,
  sameSequence,
  sealedPast,
  stops,
  writeNumbering,
  type Collision,
  type Lacking,
  type NumberingState,
} from './numbering-state';

export const HUB_NUMBERING_TIMEOUT_MS = 4_000;
/** While numbering waits and a hub is configured, it is asked again this often. */
export const HUB_NUMBERING_RETRY_MS = 60_000;

export interface NumberingDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly station: () => StoredStation;
  readonly hub: () => HubTarget | null;
  readonly fetch: typeof fetch;
  readonly timers: Timers;
  /** The state changed outside a sync run: push the status (sync.publish). */
  readonly changed: () => void;
}

export interface NumberingService {
  view(): NumberingView;
  alerts(): StationAlert[];
  /** ADMIN: a new point of sale, or MH's last numbers (shared/numbering.ts); audited. */
  confirm(input: unknown, actor: string): NumberingView;
  /** Asks the hub now (when numbering waits and one is configured); never rejects. */
  askHub(): Promise<NumberingView>;
  /** The sync engine found MH holding another document under this one's number: records it, returns the reason. */
  collided(documentId: string, mhMessage: string): string;
  stop(): void;
}

/** "FC 2026, números 4 a 7" (one number: "número 4"). */
const lackingWords = (l: Lacking): string =>
  `${l.kind} ${l.year} del punto de venta ${l.branchCode}-${l.posNumber}, ${l.from === l.to ? `el número ${l.from}` : `del ${l.from} hasta el ${l.to}, el último que MH tiene`}`;

const needsWord = (s: NumberingState) => s.unconfirmed !== null || s.collisions.some(stops);

export function numberingService(d: NumberingDeps): NumberingService {
  const { store } = d;
  // Numbering restarts each year, El Salvador's.
  const thisYear = () => Number(localDateTime(d.clock.now()).date.slice(0, 4));
  let timer: TimerHandle | null = null;
  let stopped = false;
  let asking: Promise<NumberingView> | null = null;
  // After stop() the store may be closed: an answer still in flight is given the last view, never a read.
  let lastView: NumberingView = { confirmed: true, unconfirmed: null, hubConfigured: false, sequences: [], lacking: [] };

  /** Raises each sequence past `lasts`; clears the collisions it moved past and the unconfirmed state. */
  function moveTo(lasts: readonly SequenceLast[], clearUnconfirmed: boolean, source: Lacking['source']): void {
    const before = readNumbering(store);
    const at = isoLocal(d.clock.now());
    // A restored copy's own lasts, before the word raises them: what MH holds past them, the copy lacks.
    const own = before.unconfirmed?.reason === 'restore' ? sequenceLasts(store) : [];
    const pos = d.station().branch;
    const found = lasts.flatMap((l): Lacking[] => {
      if (before.unconfirmed?.reason !== 'restore') return [];
      // Only this point of sale's: the hub answers for every point of the branch (main/hub/numbering.ts).
      const mine = own.find(sameSequence(l));
      if (!mine && !(l.branchCode === pos.mhCode && l.posNumber === pos.posNumber)) return [];
      const last = mine?.last ?? 0;
      if (l.last <= last) return [];
      return [
        { year: l.year, kind: l.kind, branchCode: l.branchCode, posNumber: l.posNumber, from: last + 1, to: l.last, source, since: at },
      ];
    });
    // A second restore of the same copy finds the same ranges: listed once.
    const lacking = [...(before.lacking ?? [])];
    for (const l of found) if (!lacking.some((x) => sameSequence(x)(l) && x.from === l.from && x.to === l.to)) lacking.push(l);
    const keyOf = (x: { year: number; kind: string; branchCode: string; posNumber: number }) =>
      `${x.year}/${x.kind}/${x.branchCode}/${x.posNumber}`;
    const told = new Map<string, number>();
    for (const l of lasts) {
      raiseControlValue(store, l);
      told.set(keyOf(l), Math.max(l.last, told.get(keyOf(l)) ?? 0));
    }
    // A sequence with a collision moves on only when the word itself (the hub's last, an ADMIN's) reaches the number
    // MH refused: the station's own numbers since say nothing of MH's last (issue 54: they lifted the stop while the
    // hub lagged MH, and 20 sales in a row ended REJECTED).
    // Once it does, the collision stays as a warning until MH seals a document past it (numbering-state.ts).
    const year = thisYear();
    const collisions = before.collisions
      // A lifted one of a past year has no next number to wait for: numbering began again in January.
      .filter((c) => stops(c) || (c.year >= year && !sealedPast(store, c)))
      .map((c): Collision => {
        const last = told.get(keyOf(c)) ?? 0;
        return stops(c) && last >= c.value ? { ...c, resumed: { at, last } } : c;
      });
    const floors = [
      ...(before.floors ?? []).filter((f) => !lasts.some(sameSequence(f))),
      ...lasts.map((l) => ({
        year: l.year,
        kind: l.kind,
        branchCode: l.branchCode,
        posNumber: l.posNumber,
        last: Math.max(l.last, (before.floors ?? []).find(sameSequence(l))?.last ?? 0),
      })),
    ];
    writeNumbering(store, { unconfirmed: clearUnconfirmed ? null : before.unconfirmed, collisions, floors, lacking });
  }

  function view(): NumberingView {
    if (stopped) return lastView;
    lastView = freshView();
    return lastView;
  }

  function freshView(): NumberingView {
    const s = readNumbering(store);
    const own = sequenceLasts(store);
    // A collision's sequence is listed even when this station never took a number in it (cannot happen today).
    const missing = s.collisions.filter(stops).filter((c) => !own.some(sameSequence(c)));
    const rows = [...own, ...missing.map((c) => ({ ...c, last: 0 }))];
    return {
      confirmed: s.unconfirmed === null,
      unconfirmed: s.unconfirmed,
      hubConfigured: d.hub() !== null,
      lacking: (s.lacking ?? []).map(({ year, kind, branchCode, posNumber, from, to, source }) => ({
        year,
        kind,
        branchCode,
        posNumber,
        from,
        to,
        source,
      })),
      sequences: rows.map((r) => {
        const c = s.collisions.filter(stops).find(sameSequence(r));
        return {
          year: r.year,
          kind: r.kind,
          branchCode: r.branchCode,
          posNumber: r.posNumber,
          last: r.last,
          collision: c ? { value: c.value, controlNumber: c.controlNumber, mhMessage: c.mhMessage, documents: c.documents } : null,
        };
      }),
    };
  }

  function schedule(): void {
    if (stopped || timer || !d.hub() || !needsWord(readNumbering(store))) return;
    timer = d.timers.set(() => {
      timer = null;
      void askHub();
    }, HUB_NUMBERING_RETRY_MS);
  }

  async function askOnce(): Promise<NumberingView> {
    const hub = d.hub();
    const state = readNumbering(store);
    if (!hub || !needsWord(state)) return view();
    const station = d.station();
    const year = thisYear();
    // The current year and every year a collision is in: numbering restarts each year.
    const years = [...new Set([year, ...state.collisions.map((c) => c.year)])];
    const ac = new AbortController();
    const t = setTimeout(() => ac.abort(), HUB_NUMBERING_TIMEOUT_MS);
    let answers: HubNumberingAnswer[];
    try {
      answers = await Promise.all(
        years.map(async (y) => {
          const res = await d.fetch(new URL(`/hub/v1/numbering?year=${y}`, hub.url), {
            redirect: 'manual',
            signal: ac.signal,
            headers: { authorization: `Bearer ${hub.token}` },
          });
          if (!res.ok) throw new Error(`la oficina central respondió ${res.status}`);
          return (await res.json()) as HubNumberingAnswer;
        }),
      );
    } catch (e) {
      const why = ac.signal.aborted ? `no respondió en ${HUB_NUMBERING_TIMEOUT_MS / 1000} s` : e instanceof Error ? e.message : String(e);
      if (stopped) return view();
      d.logger.warn('hub did not answer the numbering question', { why });
      const now = readNumbering(store);
      if (now.unconfirmed) writeNumbering(store, { ...now, unconfirmed: { ...now.unconfirmed, hubProblem: why } });
      d.changed();
      return view();
    } finally {
      clearTimeout(t);
    }
    if (stopped) return view();
    const lasts: SequenceLast[] = answers.flatMap((a) =>
      a.branchCode !== station.branch.mhCode
        ? []
        : a.sequences
            .filter((s) => Number.isSafeInteger(s.last) && s.last >= 0 && s.last <= MAX_CONTROL_VALUE)
            .map((s) => ({ year: a.year, kind: s.kind, branchCode: a.branchCode, posNumber: s.posNumber, last: s.last })),
    );
    store.tx(() => {
      moveTo(lasts, true, 'hub');
      audit(store, isoLocal(d.clock.now()), 'hub', 'numbering.from_hub', station.branch.mhCode, { lasts });
    });
    d.logger.info("numbering moved past the hub's last numbers", { sequences: lasts.length });
    d.changed();
    return view();
  }

  function askHub(): Promise<NumberingView> {
    asking ??= askOnce()
      .catch((e: unknown) => {
        if (stopped) return view();
        d.logger.error('asking the hub for the numbering failed', { error: String(e) });
        return view();
      })
      .finally(() => {
        asking = null;
        schedule();
      });
    return asking;
  }

  return {
    view,
    alerts() {
      const s = readNumbering(store);
      const out: StationAlert[] = [];
      if (s.unconfirmed) {
        const hub = s.unconfirmed.hubProblem ? ` La oficina central no respondió (${s.unconfirmed.hubProblem}).` : '';
        out.push({
          code: 'numbering_unconfirmed',
          level: 'critical',
          message:
            (s.unconfirmed.reason === 'restore'
              ? 'Esta estación se restauró de una copia: no emite hasta saber el último número de control que tiene MH.'
              : 'Carpeta de datos nueva: no emite hasta confirmar dónde sigue la numeración de este punto de venta.') + hub,
          action:
            'Un administrador debe ir a Ajustes → Numeración y confirmar que es un punto de venta nuevo o escribir el último número de control que tiene MH de cada tipo de documento.',
          since: s.unconfirmed.since,
        });
      }
      if (s.lacking?.length)
        out.push({
          code: 'restored_copy_lacks',
          level: 'warning',
          message: `La copia restaurada no tiene documentos que MH ya tiene: ${s.lacking.map(lackingWords).join('; ')}.`,
          action:
            'Recupere esos documentos para los libros y el cierre (la oficina central los tiene si la estación alcanzó a enviarlos; si no, el portal de MH). Después, un administrador marca en Ajustes → Numeración que ya los revisó.',
          since: s.lacking[0]!.since,
        });
      const year = thisYear();
      for (const c of s.collisions.filter((x) => !stops(x) && x.year >= year && !sealedPast(store, x)))
        out.push({
          code: 'numbering_collision',
          level: 'warning',
          message: `La numeración de ${c.kind} ${c.year} sigue después del número ${c.resumed?.last ?? c.value} (MH ya tenía el ${c.controlNumber}): se confirma cuando MH apruebe el siguiente documento de esta numeración.`,
          action:
            'Vuelva a emitir los documentos rechazados. Si MH rechaza otro por número repetido, la numeración se detiene otra vez y un administrador debe escribir en Ajustes → Numeración el último número que tiene MH.',
          since: c.resumed?.at ?? c.since,
        });
      for (const c of s.collisions.filter(stops))
        out.push({
          code: 'numbering_collision',
          level: 'critical',
          message: `MH ya tiene otro documento con el número de control ${c.controlNumber} (${c.kind} ${c.year}); MH dijo: «${c.mhMessage}». ${c.documents === 1 ? 'Un documento quedó rechazado' : `${c.documents} documentos quedaron rechazados`} y esta numeración está detenida.`,
          action:
            'Un administrador debe escribir en Ajustes → Numeración el último número de control que tiene MH para este tipo de documento; luego vuelva a emitir los documentos rechazados.',
          since: c.since,
        });
      return out;
    },
    confirm(input, actor) {
      const parsed = validate(numberingConfirmation, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'Indique dónde sigue la numeración.');
      const v = parsed.value;
      const station = d.station();
      const at = isoLocal(d.clock.now());
      store.tx(() => {
        const s = readNumbering(store);
        if (v.lackingReviewed) {
          writeNumbering(store, { ...s, lacking: [] });
          audit(store, at, actor, 'numbering.lacking_reviewed', station.branch.mhCode, { lacking: s.lacking ?? [] });
          return;
        }
        if (v.newPointOfSale) {
          const issued = sequenceLasts(store).length > 0;
          if (s.unconfirmed?.reason !== 'new_folder' || issued || s.collisions.some(stops))
            throw validationFailed([
              {
                path: 'newPointOfSale',
                code: 'NOT_ALLOWED',
                message: issued
                  ? 'Esta estación ya emitió documentos en este punto de venta: escriba el último número de control que tiene MH.'
                  : 'Solo una carpeta de datos nueva se confirma como punto de venta nuevo: escriba el último número de control que tiene MH.',
              },
            ]);
          writeNumbering(store, { ...s, unconfirmed: null });
          audit(store, at, actor, 'numbering.confirmed_new', station.branch.mhCode, { posNumber: station.branch.posNumber });
          return;
        }
        const year = v.year ?? thisYear();
        const posNumber = v.posNumber ?? station.branch.posNumber;
        const lasts = Object.entries(v.last ?? {}).map(([kind, last]) => ({
          year,
          kind: kind as DteKind,
          branchCode: station.branch.mhCode,
          posNumber,
          last,
        }));
        // MH holds the number it refused: its last cannot be below it.
        const low = lasts.flatMap((l) => {
          const c = s.collisions.find(sameSequence(l));
          return c && l.last < c.value
            ? [
                {
                  path: `last.${l.kind}`,
                  code: 'NOT_ALLOWED' as const,
                  message: `MH ya tiene el número ${c.controlNumber}: su último número no puede ser menor que ${c.value}.`,
                },
              ]
            : [];
        });
        if (low.length) throw validationFailed(low, 'El último número de MH no puede ser menor que uno que MH ya tiene.');
        moveTo(lasts, true, 'admin');
        // A number typed by hand: if it is below MH's, the next document collides again (and is caught again).
        audit(store, at, actor, 'numbering.set_by_admin', station.branch.mhCode, {
          lasts,
          warning: 'número escrito a mano: si es menor que el de MH, el siguiente documento choca otra vez',
        });
      });
      d.logger.warn('numbering set by an administrator', { actor });
      d.changed();
      return view();
    },
    askHub,
    collided(documentId, mhMessage) {
      const reason = store.tx(() => {
        const row = store
          .statement('SELECT kind, control_number, branch_code, pos_number, issue_date FROM documents WHERE id = ?')
          .get(documentId) as
          { kind: DteKind; control_number: string; branch_code: string; pos_number: number; issue_date: string } | undefined;
        if (!row) return `MH ya tiene otro documento con este número de control; MH dijo: «${mhMessage}».`;
        const value = controlValueOf(row.control_number) ?? 0;
        const seq = { year: Number(row.issue_date.slice(0, 4)), kind: row.kind, branchCode: row.branch_code, posNumber: row.pos_number };
        const s = readNumbering(store);
        // A lifted collision of the sequence is history: a new refusal starts its own count.
        const stale = s.collisions.find((c) => sameSequence(seq)(c) && !stops(c));
        const prior = s.collisions.find((c) => sameSequence(seq)(c) && stops(c));
        const at = isoLocal(d.clock.now());
        // Issued before the sequence moved past MH's last (decision 0029, 3): rejected, but the sequence goes on.
        const floor = s.floors?.find(sameSequence(seq));
        const old = floor !== undefined && value <= floor.last;
        const next: Collision = {
          ...seq,
          value: Math.max(value, prior?.value ?? 0),
          controlNumber: prior && prior.value > value ? prior.controlNumber : row.control_number,
          mhMessage,
          documents: (prior?.documents ?? 0) + 1,
          since: prior?.since ?? at,
        };
        if (!old) writeNumbering(store, { ...s, collisions: [...s.collisions.filter((c) => c !== prior && c !== stale), next] });
        audit(store, at, 'sync', 'numbering.collision', documentId, { controlNumber: row.control_number, mhMessage });
        return `MH ya tiene otro documento con el número de control ${row.control_number} (MH dijo: «${mhMessage}»). Este documento no vale: emítalo de nuevo cuando un administrador haya escrito en Ajustes → Numeración el último número que tiene MH.`;
      });
      d.logger.warn('numbering collision: MH holds another document under this control number', { documentId, mhMessage });
      // The hub may know MH's last number already: asked at once, and again while the sequence is stopped.
      void askHub();
      return reason;
    },
    stop() {
      stopped = true;
      if (timer) d.timers.clear(timer);
      timer = null;
    },
  };
}
