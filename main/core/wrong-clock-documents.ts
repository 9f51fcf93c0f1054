// Documents issued while the station's clock was wrong (docs/decisions/0070-station-faults-said-aloud.md): each
// clock reading moves a mark over the documents made so far; a reading past SKEW_WARN_MS lists those made since
// the previous reading for a person. They are signed: never rewritten, only named.
import type { StationAlert } from '../../shared/records';
import { audit } from './audit';
import { isoLocal, type Clock } from './clock';
import { SKEW_WARN_MS, spanishSpan } from './clock-skew';
import type { Logger } from './logger';
import type { Store } from './store/database';
import { settingsRepo } from './store/settings-repo';

/** The last document (rowid) a reading has covered, kept across restarts: documents after it were not judged yet. */
const MARK_KEY = 'clock.documentsJudgedUpTo';
/** The documents listed, kept across restarts until the alert ends. */
const LISTED_KEY = 'clock.wrongClockDocuments';
/** How long the alert shows: the documents stay named in the audit log after it. */
export const WRONG_CLOCK_ALERT_MS = 72 * 3_600_000;

interface Listed {
  readonly count: number;
  readonly firstControlNumber: string;
  readonly offsetMs: number;
  /** Epoch ms (station clock) of the reading that found it. */
  readonly since: number;
}

export interface WrongClockDocuments {
  /** A clock reading (server minus local, ms) was just taken. */
  read(offsetMs: number): void;
  alerts(): StationAlert[];
}

export function wrongClockDocuments(d: {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly changed?: () => void;
}): WrongClockDocuments {
  const settings = settingsRepo(d.store);
  const listed = (): Listed | null => {
    const raw = settings.get(LISTED_KEY);
    return raw ? (JSON.parse(raw) as Listed) : null;
  };
  const newest = (): number =>
    (d.store.statement('SELECT max(rowid) AS n FROM documents').get() as { n: number | null } | undefined)?.n ?? 0;

  function read(offsetMs: number): void {
    try {
      const top = newest();
      const stored = settings.get(MARK_KEY);
      // No mark yet (the first reading ever): documents not sealed are the ones the clock may have dated wrong.
      const mark = stored === null ? null : Number(stored);
      if (mark === top) return;
      const wrong = Math.abs(offsetMs) > SKEW_WARN_MS;
      d.store.tx(() => {
        if (wrong) {
          const rows = d.store
            .statement(
              `SELECT id, control_number FROM documents WHERE rowid > ? AND rowid <= ? ${mark === null ? "AND status IN ('CREATED', 'PROCESSING')" : ''} ORDER BY rowid`,
            )
            .all(mark ?? 0, top) as { id: string; control_number: string }[];
          const first = rows[0];
          if (first) {
            const now = d.clock.now();
            const held = listed();
            // A listing whose alert ran out is closed: a new episode starts its own, shown again for its 72 hours.
            const before = held && now.getTime() - held.since <= WRONG_CLOCK_ALERT_MS ? held : null;
            const next: Listed = before
              ? { ...before, count: before.count + rows.length, offsetMs }
              : { count: rows.length, firstControlNumber: first.control_number, offsetMs, since: now.getTime() };
            settings.set(LISTED_KEY, JSON.stringify(next));
            audit(d.store, isoLocal(now), 'system', 'dte.issued_with_wrong_clock', null, {
              offsetMs,
              documents: rows.map((r) => r.control_number),
            });
            d.logger.warn('documents issued with a wrong clock', { count: rows.length, offsetMs });
          }
        }
        settings.set(MARK_KEY, String(top));
      });
      if (wrong) d.changed?.();
    } catch (error) {
      // A reading must never fail MH's answer: the log says why the documents were not judged.
      d.logger.error('documents issued with a wrong clock could not be listed', { error: String(error) });
    }
  }

  function alerts(): StationAlert[] {
    const l = listed();
    if (!l || d.clock.now().getTime() - l.since > WRONG_CLOCK_ALERT_MS) return [];
    const off = `${l.offsetMs < 0 ? 'adelantado' : 'atrasado'} ${spanishSpan(l.offsetMs)}`;
    return [
      {
        code: 'issued_with_wrong_clock',
        level: 'warning',
        message:
          l.count === 1
            ? `Un documento se emitió con el reloj ${off} (${l.firstControlNumber}): su fecha y hora pueden estar mal.`
            : `${l.count} documentos se emitieron con el reloj ${off} (el primero: ${l.firstControlNumber}): su fecha y hora pueden estar mal.`,
        action:
          'Están firmados y no se modifican. Revise su fecha y hora con cada cliente (búsquelos desde ese número de control ' +
          'en Documentos) y corrija el reloj de esta computadora; MH los acepta si llegan dentro de su plazo.',
        since: isoLocal(new Date(l.since)),
      },
    ];
  }

  return { read, alerts };
}
