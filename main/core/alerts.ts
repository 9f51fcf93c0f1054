// The station's alerts (docs/decisions/0025-station-alerts.md): each room that can stop documents from being
// sealed (numbering, certificate, clock, disk, events in doubt) registers a source; the sync status reads them
// all, so the banner, the sync screen and `GET /sync/status` say the same thing.
import type { StationAlert } from '../../shared/records';

export type AlertSource = () => readonly StationAlert[];

export interface AlertBoard {
  /** Adds a source, read on every status; returns its removal. */
  add(source: AlertSource): () => void;
  /** Every source's alerts, critical first, then in the order the sources were added. */
  list(): StationAlert[];
}

export function createAlertBoard(onError: (e: unknown) => void = () => {}): AlertBoard {
  const sources = new Set<AlertSource>();
  return {
    add(source) {
      sources.add(source);
      return () => sources.delete(source);
    },
    list() {
      const all: StationAlert[] = [];
      for (const source of sources) {
        try {
          all.push(...source());
        } catch (e) {
          // A source that fails must not take the whole status down with it.
          onError(e);
        }
      }
      return all.filter((a) => a.level === 'critical').concat(all.filter((a) => a.level !== 'critical'));
    },
  };
}
