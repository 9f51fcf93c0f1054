// With a head office hub (docs/decisions/0029-numbering-never-collides-silently.md): a new PC for a point of sale
// that issued, and then a restored copy of it, ask the hub at start (GET /hub/v1/numbering, the station's token)
// and number past the last control number the hub saw, on a real `sello serve` against a real hub (PostgreSQL)
// and the MH simulator over HTTP. Nothing waits for an ADMIN; no control number is used twice at MH.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startHubWorld, type HubWorld } from '../support/hub-stations';
import { stationFileFor } from '../support/mh-sim';
import { exitOf, ROOT, startServe } from '../support/serve-process';

const KEY = 'numbering-hub-key-0123456789';
let world: HubWorld;
const dir = tempDir('sello-numbering-hub-');
let n = 0;
const nextId = () => `b0c20000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const year = new Date().getFullYear();

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
const issue = (s: Served, id: string) =>
  fetch(`${s.url}/dte/fc`, {
    method: 'POST',
    headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }),
  });

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const final = (s: Served, id: string) =>
  until(
    () => get<DteRecord>(s, `/dte/${id}`),
    (d) => d.status !== 'CREATED' && d.status !== 'PROCESSING',
  );
/** The last FC number the hub saw for M001, as a station asks it. */
async function hubLast(token: string): Promise<number> {
  const station = await world.hub.tokens.authenticate(token);
  if (!station) throw new Error('token refused');
  return (await world.hub.numbering.lastNumbers(station, year)).sequences.find((x) => x.kind === 'FC')?.last ?? 0;
}
const sello = async (...args: string[]) => {
  const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), ...args], {
    cwd: ROOT,
  });
  return r.stdout;
};

describe('numbering with a hub, on a real sello serve', { timeout: 180_000 }, () => {
  it('a new PC and then a restored copy ask the hub at once and number past its last', async () => {
    // The old PC (M001, P001) issued three documents; MH sealed them and the hub has them.
    const old = world.stations[0]!;
    const ids = [nextId(), nextId(), nextId()];
    for (const id of ids) old.core.dtes.create('FC', { ...fcBody(id), generatedAt: undefined }, 'test');
    const statuses = () => Promise.resolve(ids.map((id) => old.core.dtes.get(id).status));
    expect(await until(statuses, (v) => v.every((x) => x === 'APPROVED'))).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
    const token = (await world.hub.tokens.create(old.id)).token;
    // The hub's endpoint: a station's token only, and a year it names in the error.
    expect((await fetch(`${world.url()}/hub/v1/numbering?year=${year}`)).status).toBe(401);
    const bad = await fetch(`${world.url()}/hub/v1/numbering?year=dos`, { headers: { authorization: `Bearer ${token}` } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: [{ path: 'year' }] });
    expect(
      await until(
        () => hubLast(token),
        (v) => v === 3,
      ),
    ).toBe(3);

    // The new PC: a station file that does not say "new", with the hub.
    const cfg = join(dir.dir, 'cfg');
    mkdirSync(cfg, { recursive: true });
    const config = stationFileFor(old.sim, cfg, KEY, { newPointOfSale: undefined, hub: { url: world.url(), token } });
    // Its new certificate is the company's: the ADMIN uploads its public key to the hub (decision 0030).
    const crt = readFileSync(join(cfg, `${DEMO_STATION.company.nit}.crt`), 'utf8');
    await world.hub.certificates.add(
      parseMhCertificate(crt, 'Firma#2026').publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      'test',
    );
    const dataDir = join(dir.dir, 'pc');
    let s = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    try {
      // The hub answered at start: no alert, and the first document is sealed past its last number.
      expect(
        await until(
          async () => (await get<SyncStatus>(s, '/sync/status')).alerts,
          (a) => a.length === 0,
        ),
      ).toEqual([]);
      const fourth = nextId();
      expect((await issue(s, fourth)).status).toBe(201);
      expect(await final(s, fourth)).toMatchObject({
        status: 'APPROVED',
        controlNumber: expect.stringMatching(/M001P001-000000000000004$/) as unknown,
      });
      await sello('backup', '--data-dir', dataDir);
      const copy = join(
        dataDir,
        'backups',
        readdirSync(join(dataDir, 'backups')).find((f) => f.endsWith('.db'))!,
      );
      const fifth = nextId();
      expect((await issue(s, fifth)).status).toBe(201);
      expect((await final(s, fifth)).status).toBe('APPROVED');
      // The station replicates its own documents: the hub learns of the fifth.
      expect(
        await until(
          () => hubLast(token),
          (v) => v === 5,
        ),
      ).toBe(5);
      s.child.kill('SIGTERM');
      await exitOf(s.child);

      // The copy knows only the fourth: restored, it asks the hub and goes on at six, not five.
      expect(await sello('restore', '--from', copy, '--data-dir', dataDir)).toMatch(/la numeración espera/);
      s = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
      // Numbering waits no more; what the copy lacks (the fifth, which the hub knows) is named, for this point of
      // sale only, whatever else of the branch the hub answered for (issue 54).
      const lacks = await until(
        async () => (await get<SyncStatus>(s, '/sync/status')).alerts,
        (a) => a.length === 1 && a[0]!.code === 'restored_copy_lacks',
      );
      expect(lacks).toEqual([
        expect.objectContaining({
          code: 'restored_copy_lacks',
          level: 'warning',
          message: expect.stringMatching(/^[^;]*FC \d{4} del punto de venta M001-1, el número 5\.$/) as unknown,
        }),
      ]);
      const sixth = nextId();
      expect((await issue(s, sixth)).status).toBe(201);
      expect(await final(s, sixth)).toMatchObject({
        status: 'APPROVED',
        controlNumber: expect.stringMatching(/M001P001-000000000000006$/) as unknown,
      });
      // Every number once at MH: 1..6, each under one generation code.
      const atMh = [...old.sim.state.controlNumbers.keys()].filter((c) => c.startsWith('DTE-01-M001P001-')).sort();
      expect(atMh.map((c) => Number(c.slice(-15)))).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    }
  });
});
