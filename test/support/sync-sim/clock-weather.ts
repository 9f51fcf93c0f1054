// The station's clock as weather in the sync simulation (world.ts, `clockWeather`): now and then it jumps
// ahead or behind MH's for a while, then back. Its own PRNG, so the rest of a seed's schedule draws the same.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Clock } from '../../../main/core/clock';
import type { MhSimulator } from '../../../main/mh-sim/server';
import { prng } from './prng';
import type { VirtualTime } from './virtual-time';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Off by minutes (a warning), by more than MH's 30 minutes, by hours and days, both ways. */
const SKEWS: readonly number[] = [24 * HOUR, -48 * HOUR, 40 * MIN, 20 * MIN, -4 * MIN, -3 * HOUR];
/** MH's window for a normal document against its clock (mh-sim/checks.ts), the widest a 009 can come within. */
const MH_WINDOW_MS = 30 * MIN;

export interface ClockWeather {
  readonly enabled: boolean;
  /** The station's clock: MH's (virtual time) plus the skew. */
  readonly clock: Clock;
  set(ms: number, note: (s: string) => void): void;
  /** One weather in three the clock jumps, or is set right again if it had jumped. */
  change(note: (s: string) => void): void;
  /** A document was acknowledged; `known`: the station was showing clock_refused as it was issued. */
  issued(id: string, known: boolean): void;
  invariants(dataDir: string, sim: MhSimulator): string[];
}

export function clockWeather(seed: number, vt: VirtualTime, enabled: boolean): ClockWeather {
  const rng = prng(seed ^ 0xc10c);
  let skewMs = 0;
  const issuedWith = new Map<string, { skewMs: number; known: boolean }>();
  const weather: ClockWeather = {
    enabled,
    clock: enabled ? { now: () => new Date(vt.nowMs() + skewMs) } : vt.clock,
    set(ms, note) {
      if (!enabled || ms === skewMs) return;
      skewMs = ms;
      note(`clock ${ms >= 0 ? '+' : ''}${ms / MIN} min`);
    },
    change(note) {
      // A jump lasts about three weathers, as a wrong clock lasts until someone notices.
      if (enabled && rng.int(3) === 0) weather.set(skewMs === 0 ? rng.pick(SKEWS) : 0, note);
    },
    issued(id, known) {
      if (enabled) issuedWith.set(id, { skewMs, known });
    },
    invariants(dataDir, sim) {
      if (!enabled) return [];
      const v: string[] = [];
      for (const [id, at] of issuedWith) if (at.known) v.push(`${id} was issued while the station showed clock_refused`);
      // A 009 only for a document issued with the clock past MH's window, before the station could know it.
      for (const [code, d] of sim.state.documents) {
        if ((d.body as { codigoMsg?: unknown }).codigoMsg !== '009') continue;
        const at = issuedWith.get(code.toLowerCase());
        if (!at || Math.abs(at.skewMs) <= MH_WINDOW_MS) {
          const id = (
            JSON.parse(Buffer.from(d.jws.split('.')[1] ?? '', 'base64url').toString('utf8')) as { identificacion?: Record<string, unknown> }
          ).identificacion;
          v.push(
            `MH rejected ${code} with 009 at ${new Date(d.receivedAt).toISOString()}, issued with the clock ${at ? at.skewMs / MIN : '?'} min off (${String(id?.fecEmi)} ${String(id?.horEmi)}, operación ${String(id?.tipoOperacion)})`,
          );
        }
      }
      const db = new Database(join(dataDir, 'sello.db'), { readonly: true });
      try {
        const events = db.prepare('SELECT id, mh_json FROM contingency_events WHERE mh_json IS NOT NULL').all() as {
          id: string;
          mh_json: string;
        }[];
        for (const e of events) {
          const m = (JSON.parse(e.mh_json) as { motivo: { fInicio: string; hInicio: string; fFin: string; hFin: string } }).motivo;
          const start = `${m.fInicio}T${m.hInicio}`;
          const end = `${m.fFin}T${m.hFin}`;
          if (end < start) v.push(`contingency event ${e.id} ends (${end}) before it starts (${start})`);
        }
      } finally {
        db.close();
      }
      return v;
    },
  };
  return weather;
}
