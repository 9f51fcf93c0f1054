// Decision 0030 the way the product runs: a real `sello serve` station (its own process, real timers) whose hub
// token is bound to another point of sale. MH seals its invoice; the hub refuses it (POINT_NOT_BOUND); the station
// parks it and says so in GET /sync/status, also after being killed with SIGKILL and started again; the hub's
// health page names the station, the document and the reason; nothing reaches the hub's documents.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { hubHealth } from '../../main/hub/health';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startHubWorld, type HubWorld } from '../support/hub-stations';
import { stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

const KEY = 'hub-verify-serve-key-0123456789';
let world: HubWorld;
const dir = tempDir('sello-hub-verify-serve-');

beforeAll(async () => {
  world = await startHubWorld(['M001']);
}, 120_000);
afterAll(async () => {
  await world.close();
  dir.cleanup();
});

type Served = Awaited<ReturnType<typeof startServe>>;
const get = async <T>(s: Served, path: string): Promise<T> =>
  (await fetch(`${s.url}${path}`, { headers: { 'X-API-Key': KEY } })).json() as Promise<T>;

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a refused document on a real sello serve', { timeout: 180_000 }, () => {
  it('is parked and shown by the station, across a SIGKILL, and raised on the hub health page', async () => {
    // The ADMIN made this PC's token for the wrong point of sale (M009P001); its certificate is the company's.
    const { token } = await world.hub.tokens.create('M001-P001', ['M009P001']);
    const cfg = join(dir.dir, 'cfg');
    mkdirSync(cfg, { recursive: true });
    const config = stationFileFor(world.stations[0]!.sim, cfg, KEY, { hub: { url: world.url(), token } });
    const crt = readFileSync(join(cfg, `${DEMO_STATION.company.nit}.crt`), 'utf8');
    await world.hub.certificates.add(
      parseMhCertificate(crt, 'Firma#2026').publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      'test',
    );
    const dataDir = join(dir.dir, 'data');
    let s = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    const id = 'b0c30000-0000-4000-8000-000000000001';
    try {
      const res = await fetch(`${s.url}/dte/fc`, {
        method: 'POST',
        headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }),
      });
      expect(res.status).toBe(201);
      const sealed = await until(
        () => get<DteRecord>(s, `/dte/${id}`),
        (d) => d.status === 'APPROVED',
      );
      expect(sealed.status).toBe('APPROVED');
      const parked = await until(
        () => get<SyncStatus>(s, '/sync/status'),
        (st) => st.hub.refused > 0,
      );
      expect(parked.hub.refused).toBe(1);
      expect(parked.hub.lastRefusal).toMatch(new RegExp(`^document ${id}: el hub respondió 422.*M001P001 no es de este token`));

      // Killed for real and started again: still parked, still shown, not resent into the void.
      s.child.kill('SIGKILL');
      await exitOf(s.child);
      s = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
      const after = await until(
        () => get<SyncStatus>(s, '/sync/status'),
        (st) => st.hub.refused > 0 && st.hub.lastReachedAt !== null,
      );
      expect(after.hub.refused).toBe(1);
      expect(after.hub.lastRefusal).toMatch(/M001P001 no es de este token/);
    } finally {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    }
    // Nothing of it at the hub; the health page names the station, the document and why.
    expect(await world.db.q.selectFrom('documents').select('id').where('id', '=', id).execute()).toEqual([]);
    const [stations, beats, refused] = await Promise.all([
      world.hub.stationAdmin.stations(),
      world.hub.records.heartbeats(),
      world.hub.refusals.perStation(),
    ]);
    const row = hubHealth(stations, beats, world.hub.clock.now(), refused).stations.find((r) => r.station.id === 'M001-P001')!;
    expect(row.alerts.map((a) => a.code)).toContain('DOCUMENTS_REFUSED');
    expect(row.refused?.latest).toContainEqual(expect.objectContaining({ documentId: id, reason: 'POINT_NOT_BOUND' }));
  });
});
