// A return (Evento de Retorno) made on the last day of a month and invalidated by the product with the station's
// clock in the next month: the books date the invalidation by the signed event's own date (read with
// main/core/mh-read/read-event.ts), as the hub does (main/hub/verify-record.ts), never by the day the station
// settled it (main/core/dte/retorno/returns-repo.ts, forBooks). Against the MH simulator over HTTP.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteBooksSource } from '../../main/core/books/sqlite-books-source';
import { createCore, type Core } from '../../main/core/create-core';
import { readInvalidation } from '../../main/core/mh-read/read-event';
import { DEMO_STATION } from '../../main/core/station/demo';
import { openStore } from '../../main/core/store/database';
import type { Normative } from '../../shared/normative';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';

const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00-06:00`).toISOString();
const COMPANY = { name: 'Empresa', nit: '06142803901121', nrc: '2345678', station: 'M001P001' };
const clock = fixedClock(at('2026-11-30'));
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
let closed = false;

/** The 2026 normative in force (the ER exists only there), the demo company at a district the v2.0 schemas know. */
const to2026 = () =>
  core.configure(
    {
      ...DEMO_STATION,
      company: { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } },
      mhNormative: { current: '2026' },
    },
    'test',
  );
async function sync(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    clock.advance(1000);
  }
}
function stored(sql: string, ...args: unknown[]): Record<string, unknown> {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  try {
    return db.prepare(sql).get(...args) as Record<string, unknown>;
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  closed = false;
  clock.set(at('2026-11-30'));
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 0 });
  dir = tempDir('sello-return-invalidation-date-');
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 2000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    backups: { everyMs: 0 },
  });
  registerStation(sim, core);
});
afterEach(async () => {
  if (!closed) core.close();
  await sim.close();
  dir.cleanup();
});

describe('a return made in November and invalidated in December', () => {
  it.each<[Normative]>([['2026'], ['legacy']])(
    'the sale issued under the %s normative: the books date the invalidation by the signed event, not the settle day',
    async (saleNormative) => {
      if (saleNormative === '2026') to2026();
      const sale = core.dtes.create(
        'FC',
        { ...fcBody(`7e700000-0000-4000-8000-${String(++n).padStart(12, '0')}`), generatedAt: undefined },
        'user:cajero',
      ).record;
      await sync();
      expect(core.dtes.get(sale.id).status).toBe('APPROVED');
      // FC v1 is the legacy normative's, v2 the 2026 one's.
      expect(core.dtes.get(sale.id).version).toBe(saleNormative === 'legacy' ? 1 : 2);
      if (saleNormative === 'legacy') to2026();

      // Given back on 30 November, sealed by MH that day.
      clock.set(at('2026-11-30', '16:00'));
      const er = (
        await core.returns.make({ lines: [{ dteId: sale.id, item: 1, quantity: 1 }], reason: 'Devolución en caja' }, 'user:supervisor')
      ).record;
      expect(er.status).toBe('APPROVED');
      expect(er.generatedAt.slice(0, 10)).toBe('2026-11-30');

      // Invalidated on 2 December, within MH's window: MH takes it at once.
      clock.set(at('2026-12-02', '09:00'));
      const inv = await core.returns.invalidate(er.id, { reason: 'Se registró en el documento equivocado' }, 'user:supervisor');
      expect(inv.invalidation.status).toBe('APPROVED');
      expect(core.returns.ofDocument(sale.id).events.find((e) => e.id === er.id)?.status).toBe('INVALIDATED');

      // The signed event's own date, read from its stored JSON, and the day the station settled it: they differ.
      const row = stored("SELECT mh_json, updated_at FROM return_invalidations WHERE return_id = ? AND status = 'APPROVED'", er.id);
      const eventDate = readInvalidation(JSON.parse(String(row.mh_json)))?.date;
      expect(eventDate).toBe('2026-11-30');
      expect(String(row.updated_at).slice(0, 10)).toBe('2026-12-02');

      // The station's books source gives the invalidation the event's date.
      core.close();
      closed = true;
      const store = openStore(join(dir.dir, 'sello.db'));
      try {
        const source = sqliteBooksSource(store, () => COMPANY);
        const returns = await source.returnsBetween('2026-11-01', '2026-11-30');
        expect(returns.map((r) => ({ id: r.id, date: r.date, invalidatedOn: r.invalidatedOn }))).toEqual([
          { id: er.id, date: '2026-11-30', invalidatedOn: eventDate },
        ]);
        expect(await source.returnsBetween('2026-12-01', '2026-12-31')).toEqual([]);
      } finally {
        store.close();
      }
    },
  );
});
