// The NR, CL, DCL and CD in the month's books under each normative (docs/decisions/0013-iva-books-and-annexes.md, "MH's
// other four kinds"): issued and sealed by the MH simulator over HTTP, they change no sales annex and no IVA figure;
// invalidated, the NR is an anulados row (tipo 04) and the CD, which MH's annex does not take, a warning naming it.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { buildHttpServer } from '../../main/http/server';
import type { MonthBooks } from '../../shared/books';
import type { DteRecord } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { cdMinimalBody } from '../fixtures/cd-bodies';
import { minimalCl, minimalDcl } from '../fixtures/liquidation-bodies';
import { nrMinimalBody } from '../fixtures/nr-bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';

// Sunday 22 November 2026, 09:30 in El Salvador.
const clock = fixedClock('2026-11-22T15:30:00Z');
const MONTH = '2026-11';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `b4000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };
const MANAGER = { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } };

beforeEach(async () => {
  clock.set('2026-11-22T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterEach(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

async function sealed(kind: string, body: Record<string, unknown>): Promise<DteRecord> {
  const res = await app.inject({ method: 'POST', url: `/dte/${kind}`, headers, payload: { ...body, generatedAt: undefined } });
  expect(res.statusCode, res.body).toBe(201);
  await core.sync.runOnce();
  const done = core.dtes.get(res.json<DteRecord>().id);
  expect(done.status, `${kind}: ${JSON.stringify(done.mhResponse)}`).toBe('APPROVED');
  return done;
}

/** What the month's books say, less what only the new kinds could change (their own rows are checked apart). */
const figures = (b: MonthBooks) => ({
  iva: b.ivaSummary,
  annexes: b.annexes.filter((a) => a.annex !== 'anulados').map((a) => [a.annex, a.rows, a.casillas]),
});

describe('the four other kinds in the books', () => {
  for (const normative of ['legacy', '2026'] as const) {
    it(`${normative}: sealed, they add nothing to the sales; invalidated, the NR is an anulados row and the CD a warning`, async () => {
      core.normative.set({ current: normative }, 'test');
      await sealed('fc', fcBody(newId()));
      const salesOnly = figures(await core.books.month(MONTH));
      const nr = await sealed('nr', nrMinimalBody(newId()));
      await sealed('cl', minimalCl(newId()));
      await sealed('dcl', minimalDcl(newId()));
      const cd = await sealed('cd', cdMinimalBody(newId()));
      const withAll = await core.books.month(MONTH);
      expect(figures(withAll)).toEqual(salesOnly);
      expect(withAll.annexes.find((a) => a.annex === 'anulados')?.rows ?? 0).toBe(0);

      for (const id of [nr.id, cd.id]) {
        const res = await app.inject({
          method: 'POST',
          url: '/dte/invalidate',
          headers,
          payload: { dteId: id, type: 2, reason: 'Operación rescindida', manager: MANAGER },
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(core.dtes.get(id).status).toBe('INVALIDATED');
      }
      const after = await core.books.month(MONTH);
      expect(figures(after)).toEqual(salesOnly);
      const annulled = after.annexes.find((a) => a.annex === 'anulados')!;
      expect(annulled.rows).toBe(1);
      const file = Buffer.from((await core.books.annexFile('anulados', MONTH)).base64, 'base64').toString('latin1');
      expect(file).toContain(`${nr.controlNumber};4;0;0;04;D;`);
      expect(file).not.toContain(cd.controlNumber);
      const warned = annulled.problems.filter((p) => p.severity === 'warning' && p.message.includes(cd.controlNumber));
      expect(warned).toHaveLength(1);
    });
  }
});
