// The station's clock held against MH's and the hub's (docs/decisions/0028-clock-skew.md): every answer with a
// server time is a reading; past a few minutes the station warns, past MH's window it refuses to issue.
import type { StationAlert } from '../../shared/records';
import { isoLocal, type Clock } from './clock';
import type { TimerHandle, Timers } from './timers';
import { CoreError } from './errors';

/** Past this the clock is wrong enough to say so: far above a reading's error (a second), far below MH's window. */
export const SKEW_WARN_MS = 2 * 60_000;
/** Past this MH may refuse the document (its tightest published slack is ±30 min); 5 min kept for the trip. */
export const SKEW_REFUSE_MS = 25 * 60_000;
/** A reading older than this says nothing about the clock now (it may have been corrected, or moved again). */
export const READING_FRESH_MS = 60 * 60_000;
/** MH is asked its time when it said nothing for this long (sello serve, the desktop app), within READING_FRESH_MS. */
export const CLOCK_PROBE_MS = 30 * 60_000;
/** The clock is this far before the last document the station issued: it went backwards. */
export const BACKWARDS_WARN_MS = 5 * 60_000;
/** No answer takes this long (MH's client gives up after seconds): a reading whose round trip does is dropped. */
export const MAX_ROUND_TRIP_MS = 2 * 60_000;

export type TimeSource = 'mh' | 'hub';

/** One answer: when it was asked and answered by the local clock, and the server's time in it. */
export interface ServerTime {
  readonly source: TimeSource;
  readonly sentAt: number;
  readonly receivedAt: number;
  readonly serverAt: number;
  /** The server time's resolution: HTTP's Date and MH's fhProcesamiento are whole seconds. */
  readonly resolutionMs: number;
}

export interface ClockReading {
  readonly source: TimeSource;
  /** Server minus local: positive when the local clock is behind. */
  readonly offsetMs: number;
  /** Half the round trip plus half the resolution. */
  readonly errorMs: number;
  /** The local time of the reading. */
  readonly measuredAt: number;
}

export interface ClockWatch {
  measured(t: ServerTime): void;
  /** The freshest reading still usable now, MH's before the hub's; null when none is. */
  reading(): ClockReading | null;
  /** A document was issued at this local time (the backwards check). */
  issued(at: Date): void;
  /** Throws when MH would refuse a document issued now (a recent MH reading past the window). */
  check(now: Date): void;
  alerts(): StationAlert[];
}

/** The server time in an HTTP `Date` header (whole seconds, UTC); null when absent or unreadable. */
export function httpDateMs(header: string | null): number | null {
  if (!header) return null;
  const ms = Date.parse(header);
  return Number.isFinite(ms) ? ms : null;
}

/** MH's `fhProcesamiento` (`dd/MM/yyyy HH:mm:ss`, El Salvador time, UTC−6); null when not of that form. */
export function mhProcessedMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, d, mo, y, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h + 6, mi, s);
}

/** How far off, in Spanish words: "3 horas y 5 minutos", "1 día y 2 horas". */
export function spanishSpan(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts =
    days > 0
      ? [unit(days, 'día', 'días'), hours ? unit(hours, 'hora', 'horas') : '']
      : hours > 0
        ? [unit(hours, 'hora', 'horas'), mins ? unit(mins, 'minuto', 'minutos') : '']
        : [unit(mins, 'minuto', 'minutos')];
  return parts.filter(Boolean).join(' y ');
}

/** `dd/MM/yyyy HH:mm` in El Salvador's time, as the screens show dates. */
const shownLocal = (ms: number): string => {
  const [date = '', time = ''] = isoLocal(new Date(ms)).split('T');
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} ${time.slice(0, 5)}`;
};
const whose = (s: TimeSource) => (s === 'mh' ? 'la hora de Hacienda (MH)' : 'la hora de la oficina central');
const direction = (offsetMs: number) => (offsetMs < 0 ? 'adelantado' : 'atrasado');
const ACTION = 'Corrija la fecha y la hora de esta computadora (zona horaria de El Salvador, UTC−6) y vuelva a intentar.';

export interface ClockWatchDeps {
  readonly clock: Clock;
  /** The emission time (ISO) of the station's latest document, read once when the watch starts. */
  readonly lastIssuedAt: () => string | null;
  /** The alerts changed: push the status to the screens. */
  readonly changed?: () => void;
  /** Ask MH for its time now: a refused create may follow a clock just corrected (at most every 10 s). */
  readonly probe?: () => void;
  /** Each usable reading's offset (server minus local), for the documents it judges (wrong-clock-documents.ts). */
  readonly read?: (offsetMs: number) => void;
}

const PROBE_AFTER_REFUSAL_MS = 10_000;

export function clockWatch(d: ClockWatchDeps): ClockWatch {
  const latest = new Map<TimeSource, ClockReading>();
  let lastIssued: number | null = null;
  let lastIssuedRead = false;
  const since = new Map<string, number>();
  let shown = '';
  let probedAt = -Infinity;

  const fresh = (r: ClockReading | undefined, now: number) => (r && Math.abs(now - r.measuredAt) <= READING_FRESH_MS ? r : null);
  const lastIssuedMs = () => {
    if (!lastIssuedRead) {
      lastIssuedRead = true;
      const iso = d.lastIssuedAt();
      const ms = iso ? Date.parse(iso) : NaN;
      if (Number.isFinite(ms)) lastIssued = Math.max(lastIssued ?? ms, ms);
    }
    return lastIssued;
  };

  function alerts(): StationAlert[] {
    const now = d.clock.now().getTime();
    const out: StationAlert[] = [];
    const r = fresh(latest.get('mh'), now) ?? fresh(latest.get('hub'), now);
    if (r && r.source === 'mh' && Math.abs(r.offsetMs) > SKEW_REFUSE_MS) {
      out.push({
        code: 'clock_refused',
        level: 'critical',
        message: `El reloj de esta computadora está ${direction(r.offsetMs)} ${spanishSpan(r.offsetMs)} respecto de ${whose(r.source)}: MH rechazaría los documentos, no se emiten.`,
        action: ACTION,
        since: null,
      });
    } else if (r && Math.abs(r.offsetMs) > SKEW_WARN_MS) {
      out.push({
        code: 'clock_skew',
        level: 'warning',
        message: `El reloj de esta computadora está ${direction(r.offsetMs)} ${spanishSpan(r.offsetMs)} respecto de ${whose(r.source)}.`,
        action: `${ACTION} Los documentos llevan la fecha y la hora de este reloj.`,
        since: null,
      });
    }
    // Without a recent server time to go by: a fresh reading that finds the clock right says the last document was the wrong one.
    const issued = r ? null : lastIssuedMs();
    if (issued !== null && issued - now > BACKWARDS_WARN_MS) {
      out.push({
        code: 'clock_skew',
        level: 'warning',
        // The document's own time, not a span that would change the status (and push it) every minute.
        message: `El reloj de esta computadora marca una hora anterior a la del último documento emitido (${shownLocal(issued)}): parece haber retrocedido.`,
        action: ACTION,
        since: null,
      });
    }
    // `since` is when each code was first seen in this run, kept while it lasts.
    for (const code of [...since.keys()]) if (!out.some((a) => a.code === code)) since.delete(code);
    return out.map((a) => {
      if (!since.has(a.code)) since.set(a.code, now);
      return { ...a, since: isoLocal(new Date(since.get(a.code) ?? now)) };
    });
  }

  function changedMaybe() {
    const now = alerts()
      .map((a) => `${a.code}:${a.message}`)
      .join('|');
    if (now !== shown) {
      shown = now;
      d.changed?.();
    }
  }

  return {
    measured(t) {
      // A round trip longer than any request may take (or negative) straddled a change of the clock: the two ends
      // were read on different clocks, and their midpoint says nothing.
      if (t.receivedAt < t.sentAt || t.receivedAt - t.sentAt > MAX_ROUND_TRIP_MS) return;
      const rtt = t.receivedAt - t.sentAt;
      const offsetMs = Math.round(t.serverAt + t.resolutionMs / 2 - (t.sentAt + t.receivedAt) / 2);
      latest.set(t.source, { source: t.source, offsetMs, errorMs: rtt / 2 + t.resolutionMs / 2, measuredAt: t.receivedAt });
      d.read?.(offsetMs);
      changedMaybe();
    },
    reading() {
      const now = d.clock.now().getTime();
      return fresh(latest.get('mh'), now) ?? fresh(latest.get('hub'), now);
    },
    issued(at) {
      const ms = at.getTime();
      lastIssuedMs();
      lastIssued = Math.max(lastIssued ?? ms, ms);
    },
    check(now) {
      const r = fresh(latest.get('mh'), now.getTime());
      if (!r || Math.abs(r.offsetMs) <= SKEW_REFUSE_MS) return;
      changedMaybe();
      if (d.probe && Math.abs(now.getTime() - probedAt) >= PROBE_AFTER_REFUSAL_MS) {
        probedAt = now.getTime();
        d.probe();
      }
      throw new CoreError(
        'STATION_NOT_READY',
        `El reloj de esta computadora está ${direction(r.offsetMs)} ${spanishSpan(r.offsetMs)} respecto de la hora de Hacienda (MH); ` +
          `MH rechazaría el documento por fecha fuera de rango, así que no se emitió ni se gastó su número. ${ACTION}`,
      );
    },
    alerts,
  };
}

/** `fetch` that reports the server's `Date` header of each answer: the hub's time, for the replicator. */
export function timedFetch(f: typeof fetch, clock: Clock, source: TimeSource, report: (t: ServerTime) => void): typeof fetch {
  return async (input, init) => {
    const sentAt = clock.now().getTime();
    const res = await f(input, init);
    const serverAt = httpDateMs(res.headers.get('date'));
    if (serverAt !== null) report({ source, sentAt, receivedAt: clock.now().getTime(), serverAt, resolutionMs: 1000 });
    return res;
  };
}

/** Asks MH (any answer carries its time) when the latest MH reading is older than `everyMs`; returns its stop. */
export function clockProbe(everyMs: number, timers: Timers, clock: Clock, watch: ClockWatch, ask: () => void): () => void {
  let handle: TimerHandle | null = null;
  let stopped = false;
  const tick = () => {
    const r = watch.reading();
    // A reading ahead of the clock (it was moved back since) is as old as one behind it.
    const stale = !r || r.source !== 'mh' || Math.abs(clock.now().getTime() - r.measuredAt) >= everyMs;
    if (stale) ask();
    if (!stopped) handle = timers.set(tick, everyMs);
  };
  handle = timers.set(tick, 0);
  return () => {
    stopped = true;
    if (handle) timers.clear(handle);
  };
}
