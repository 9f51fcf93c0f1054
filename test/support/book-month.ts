// A station's November 2026, made the way the product makes it, under either normative: documents of every kind
// issued day by day through the core against the MH simulator (the official schemas of that normative), a
// contingency (MH down on the 4th, its documents sealed on the 5th), a rejection, invalidations of this month's
// documents (the same day, two days later) and of October's, one of November's invalidated on the 1st of
// December, and documents either side of the month. Clock and randomness are fixed, so every seal and number is
// the same on every run: the books' golden files rest on it.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Clock } from '../../main/core/clock';
import { createCore, type Core } from '../../main/core/create-core';
import type { CoreDeps } from '../../main/core/core-types';
import type { DteKind } from '../../shared/contract';
import { districtsOf } from '../../shared/catalogs';
import type { Normative } from '../../shared/normative';
import { DEMO_STATION } from '../../main/core/station/demo';
import { ccfBody, crBody, fcBody, fexBody, fseBody, ncBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from './core';
import { SCHEMA_DIR_V2 } from './mh-schemas';
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
  readonly normative: Normative;
  readonly close: () => Promise<void>;
}

/**
 * A body as a caller issuing under v2.0 writes it: an address in a 2024 municipality of several districts names one
 * (the contract's `district`), and the factura, CCF and notes carry no income-tax retention (v2.0 dropped reteRenta).
 */
function forNormative(normative: Normative, kind: DteKind, body: Record<string, unknown>): Record<string, unknown> {
  if (normative === 'legacy') return body;
  const out: Record<string, unknown> = { ...body };
  if (kind !== 'FSE') delete out.retentionRenta;
  const recipient = out.recipient as { address?: unknown } | undefined;
  const a = recipient?.address as { department: string; municipality: string } | undefined;
  if (a && typeof a === 'object') {
    const districts = districtsOf(a.department, a.municipality);
    if (districts.length > 1) out.recipient = { ...recipient, address: { ...a, district: districts[0] } };
  }
  return out;
}

/** El Salvador is UTC−6 all year. */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00-06:00`).toISOString();

/** `o.deps`: more of the core's dependencies (its worker entries, its logger); `o.normative`: legacy unless named. */
export async function bookMonth(o: { readonly deps?: Partial<CoreDeps>; readonly normative?: Normative } = {}): Promise<BookMonth> {
  const normative = o.normative ?? 'legacy';
  const clock = fixedClock(at('2026-10-20'));
  const sim = await startSimulator({ clock, random: seededRandom('mh'), loteDelayMs: 0, schemasV2Dir: SCHEMA_DIR_V2 });
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
  if (normative === '2026') {
    // The 2026 normative needs the company's CAT-008 district (station/normative-checks.ts).
    const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
    core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  }
  registerStation(sim, core);
  const ids: Record<string, string> = {};
  let n = 0;
  const issue = (name: string, kind: DteKind, body: Record<string, unknown>) => {
    const id = `b00c0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    ids[name] = core.dtes.create(kind, { ...forNormative(normative, kind, body), id, generatedAt: undefined }, 'user:cajero').record.id;
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
  // Goods to Honduras: the Central American area, as Guatemala is (Anexo 2's column O).
  issue('fex3', 'FEX', {
    ...fexBody(''),
    recipient: { ...(fexBody('').recipient as object), country: 'HN', name: 'Distribuidora Catracha, S. de R.L.' },
    items: [{ description: 'Café tostado en grano, caja 10 kg', quantity: 12, unitMeasure: 'KILOGRAMO', unitPrice: 9.5 }],
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

  // A sale with every column of a factura: taxed, exempt and non-subject lines, discounts, and an IVA retention.
  day('2026-11-06', '15:20');
  issue('fcRich', 'FC', {
    ...fcBody(''),
    items: [
      ...(fcBody('').items as object[]),
      {
        type: 'SERVICIOS',
        description: 'Envío fuera del territorio',
        quantity: 1,
        unitPrice: 3.4,
        saleType: 'NO_SUJETA',
        discountAmount: 0.4,
      },
    ],
    retentionIva: 0.06,
  });
  await sync();

  day('2026-11-10');
  issue('fc5', 'FC', fcBody(''));
  await sync();
  await invalidate('fc5');

  // Invalidated two days after it was issued.
  day('2026-11-14', '12:00');
  issue('fc7', 'FC', fcBody(''));
  await sync();
  day('2026-11-16', '09:30');
  await invalidate('fc7');

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
  // November's last sale invalidated in December: it stands in November's books and comes out of December's.
  await invalidate('fc6');
  // The books are read on the 3rd of December, as an accountant would.
  day('2026-12-03', '09:00');

  return {
    core,
    ids,
    clock,
    dbFile: join(dir.dir, 'sello.db'),
    normative,
    close: async () => {
      core.close();
      await sim.close();
      dir.cleanup();
    },
  };
}
