// A station's November 2026, made the way the product makes it: documents of every kind issued day by day
// through the core against the MH simulator (its official schemas), a contingency (MH down on the 4th, its
// documents sealed on the 5th), a rejection, invalidations of this month's documents and of October's, and
// documents either side of the month. Clock and randomness are fixed, so every seal and number is the same on
// every run: the books' golden files rest on it.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Clock } from '../../main/core/clock';
import { createCore, type Core } from '../../main/core/create-core';
import type { CoreDeps } from '../../main/core/core-types';
import type { DteKind } from '../../shared/contract';
import { ccfBody, crBody, fcBody, fexBody, fseBody, ncBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from './core';
import { registerStation, startSimulator } from './mh-sim';

/** Deterministic bytes: SHA-256 of a label and a counter. */
export function seededRandom(label: string): (n: number) => Buffer {
  let counter = 0;
  return (n) => {
    const out: Buffer[] = [];
    let have = 0;
    while (have < n) {
      const b = createHash('sha256').update(`${label}:${counter++}`).digest();
      out.push(b);
      have += b.length;
    }
    return Buffer.concat(out).subarray(0, n);
  };
}

export interface BookMonth {
  readonly core: Core;
  /** The documents by the name the month gives them (fc1, ccf2, …). */
  readonly ids: Readonly<Record<string, string>>;
  readonly dbFile: string;
  /** The station's clock, still where the month left it (the books' headers read it). */
  readonly clock: Clock;
  readonly close: () => Promise<void>;
}

/** El Salvador is UTC−6 all year. */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00-06:00`).toISOString();

/** `o.deps`: more of the core's dependencies (its worker entries, its logger). */
export async function bookMonth(o: { readonly deps?: Partial<CoreDeps> } = {}): Promise<BookMonth> {
  const clock = fixedClock(at('2026-10-20'));
  const sim = await startSimulator({ clock, random: seededRandom('mh'), loteDelayMs: 0 });
  const dir = tempDir('sello-books-');
  const core = createCore({
    dataDir: dir.dir,
    clock,
    random: seededRandom('station'),
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 2000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    backups: { everyMs: 0 },
    ...o.deps,
  });
  registerStation(sim, core);
  const ids: Record<string, string> = {};
  let n = 0;
  const issue = (name: string, kind: DteKind, body: Record<string, unknown>) => {
    const id = `b00c0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    ids[name] = core.dtes.create(kind, { ...body, id, generatedAt: undefined }, 'user:cajero').record.id;
    return ids[name];
  };
  // The engine as its timer runs it: a round, then a minute later (its backoffs read the clock).
  const sync = async (rounds = 4) => {
    for (let i = 0; i < rounds; i++) {
      await core.sync.runOnce();
      clock.advance(60_000);
    }
  };
  const day = (d: string, time?: string) => clock.set(at(d, time));
  const invalidate = (name: string) => core.dtes.invalidate({ dteId: ids[name], reason: 'Cliente devolvió la compra' }, 'user:supervisor');
  const noRecipient = (b: Record<string, unknown>) => ({ ...b, recipient: undefined });

  day('2026-10-20');
  issue('fcOct', 'FC', fcBody(''));
  await sync();
  day('2026-10-31', '16:00');
  issue('ccfOct', 'CCF', ccfBody(''));
  await sync();

  day('2026-11-01');
  await invalidate('ccfOct');
  day('2026-11-02', '08:15');
  issue('fc1', 'FC', fcBody(''));
  day('2026-11-02', '09:40');
  issue('fc2', 'FC', noRecipient(fcBody('')));
  day('2026-11-02', '11:05');
  issue('ccf1', 'CCF', ccfBody(''));
  issue('fex1', 'FEX', fexBody(''));
  issue('fex2', 'FEX', {
    ...fexBody(''),
    recipient: { ...(fexBody('').recipient as object), country: 'GT', name: 'Servicios Chapines, S.A.' },
    itemType: 'SERVICIOS',
    taxArea: undefined,
    taxRegimen: undefined,
    incoterms: undefined,
    insurance: undefined,
    freight: undefined,
    itemsNoGrav: undefined,
    items: [{ description: 'Asesoría técnica en línea', quantity: 1, unitMeasure: 'UNIDAD', unitPrice: 400 }],
    attachments: undefined,
  });
  issue('fse1', 'FSE', fseBody(''));
  issue('cr1', 'CR', crBody(''));
  await sync();

  day('2026-11-03');
  issue('nc1', 'NC', ncBody('', ids.ccf1!));
  issue('nd1', 'ND', ncBody('', ids.ccf1!));
  await sync();

  // MH down all of the 4th: the station goes into contingency; its documents are sealed on the 5th.
  day('2026-11-04', '09:00');
  sim.setMode('down');
  issue('fc3', 'FC', fcBody(''));
  await sync(4);
  issue('fc4', 'FC', noRecipient(fcBody('')));
  issue('ccf2', 'CCF', ccfBody(''));
  await sync(2);
  day('2026-11-05', '08:00');
  sim.setMode('normal');
  await sync(8);
  await invalidate('fcOct');

  day('2026-11-10');
  issue('fc5', 'FC', fcBody(''));
  await sync();
  await invalidate('fc5');

  day('2026-11-12');
  sim.setMode('reject');
  issue('fcRejected', 'FC', fcBody(''));
  await sync(1);
  sim.setMode('normal');

  day('2026-11-30', '23:50');
  issue('fc6', 'FC', fcBody(''));
  await sync();
  day('2026-12-01', '08:00');
  issue('fcDec', 'FC', fcBody(''));
  await sync();
  // The books are read on the 3rd of December, as an accountant would.
  day('2026-12-03', '09:00');

  return {
    core,
    ids,
    clock,
    dbFile: join(dir.dir, 'sello.db'),
    close: async () => {
      core.close();
      await sim.close();
      dir.cleanup();
    },
  };
}
