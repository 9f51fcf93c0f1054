// A renewed MH certificate, the way the product meets it (docs/decisions/0027-certificate-life-cycle.md): a real
// `sello serve` and the MH simulator over HTTP. MH starts requiring the renewed certificate; the station's next
// documents come back 803 and wait (not rejected, no attempt spent) under a certificate_refused alert; the
// station file is pointed at the renewed .crt, the process killed for real and started again: the renewed one is
// imported, everything waiting is sealed and the old certificate stays in the history. Another NIT's certificate
// stops the start naming certificateFile.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StationAlert, SyncStatus } from '../../shared/records';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

const KEY = 'renewal-test-key-0123456789';
const NIT = DEMO_STATION.company.nit;
const PASSWORD = 'Firma#2026';
const DAY = 86_400_000;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;

// One MH per test: both stations number from 1 in the same sequence.
beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
});
afterEach(async () => {
  await sim.close();
});
beforeAll(() => {
  dir = tempDir('sello-renewal-');
});
afterAll(() => {
  dir.cleanup();
});

/** A .crt in MH's format, its validity ending `days` from now. */
function certificateFile(name: string, nit: string, days: number): { file: string; xml: string } {
  const now = Date.now();
  const xml = generateMhCertificate(nit, PASSWORD, { notBefore: new Date(now - 300 * DAY), notAfter: new Date(now + days * DAY) });
  const file = join(dir.dir, name);
  writeFileSync(file, xml);
  return { file, xml };
}

function stationFile(certificate: string): string {
  const file = join(dir.dir, 'station.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...DEMO_STATION,
      demo: false,
      // A new point of sale, said on purpose (decision 0029): it numbers from 1.
      newPointOfSale: true,
      apiKeys: [KEY],
      mh: { baseUrl: sim.url, user: NIT, password: 'Api#Clave2026', certificateFile: certificate, certificatePassword: PASSWORD },
    }),
  );
  return file;
}

const spki = (xml: string) => parseMhCertificate(xml, PASSWORD).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const get = <T>(url: string, path: string) => fetch(`${url}${path}`, { headers: { 'X-API-Key': KEY } }).then((r) => r.json() as Promise<T>);
const codes = (s: SyncStatus) => s.alerts.map((a: StationAlert) => a.code);

async function issue(url: string, id: string): Promise<void> {
  const res = await fetch(`${url}/dte/fc`, {
    method: 'POST',
    headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const statusOf = (url: string, id: string) => get<{ status: string }>(url, `/dte/${id}`).then((d) => d.status);

describe('a renewed certificate on a real sello serve', () => {
  it('803 waits under certificate_refused; the renewed .crt in the station file, restarted, seals everything', async () => {
    const dataDir = join(dir.dir, 'data');
    const old = certificateFile('old.crt', NIT, 20);
    const renewed = certificateFile('renewed.crt', NIT, 400);
    sim.registerKey(NIT, spki(old.xml));
    const config = stationFile(old.file);
    const ids = ['ce000000-0000-4000-8000-000000000001', 'ce000000-0000-4000-8000-000000000002'];
    const waiting = ['ce000000-0000-4000-8000-000000000003', 'ce000000-0000-4000-8000-000000000004'];

    const first = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    try {
      // The old certificate ends in 20 days: a warning, before anything stops.
      const before = await get<SyncStatus>(first.url, '/sync/status');
      expect(before.alerts).toContainEqual(expect.objectContaining({ code: 'certificate_expiring', level: 'warning' }));
      for (const id of ids) await issue(first.url, id);
      for (const id of ids)
        await until(
          `${id} approved`,
          () => statusOf(first.url, id),
          (s) => s === 'APPROVED',
        );

      // The company registers the renewed certificate at MH (the simulator's admin route, over HTTP).
      const registered = await fetch(`${sim.url}/_sim/certificates`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nit: NIT, certificate: renewed.xml }),
      });
      expect(registered.status).toBe(204);
      const sentBefore = sim.state.counts.recepciondte ?? 0;
      for (const id of waiting) await issue(first.url, id);
      const refused = await until(
        'the certificate state',
        () => get<SyncStatus>(first.url, '/sync/status'),
        (s) => s.state === 'certificate',
      );
      expect(refused.alerts[0]).toMatchObject({ code: 'certificate_refused', level: 'critical' });
      expect(refused.alerts[0]?.message).toContain('MH no reconoce el certificado');
      expect(refused.alerts[0]?.action).toContain('Ajustes');
      expect(refused.lastError).toContain('FIRMA ELECTRONICA NO VALIDA');
      expect(refused.queue.failed).toBe(0);
      // MH saw the first of them and refused it; the other waits for the probe.
      expect(sim.state.counts.recepciondte ?? 0).toBeGreaterThan(sentBefore);
      // A probe or two on the backoff: still refused, still waiting, never rejected.
      await new Promise((r) => setTimeout(r, 2500));
      const still = await get<SyncStatus>(first.url, '/sync/status');
      expect(still.state).toBe('certificate');
      for (const id of waiting) expect(await statusOf(first.url, id)).not.toMatch(/REJECTED|APPROVED/);
    } finally {
      first.child.kill('SIGKILL');
      await exitOf(first.child);
    }
    // No attempt was spent on a refused signature.
    const db = new BetterSqlite3(join(dataDir, 'sello.db'), { readonly: true });
    const rows = db.prepare(`SELECT d.id, o.attempts, o.state FROM outbox o JOIN documents d ON d.id = o.document_id`).all() as {
      id: string;
      attempts: number;
      state: string;
    }[];
    db.close();
    for (const id of waiting) expect(rows.find((r) => r.id === id)).toMatchObject({ attempts: 0 });

    // The station file points at the renewed certificate; the process starts again.
    stationFile(renewed.file);
    const second = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    try {
      for (const id of [...ids, ...waiting])
        await until(
          `${id} approved`,
          () => statusOf(second.url, id),
          (s) => s === 'APPROVED',
        );
      const after = await get<SyncStatus>(second.url, '/sync/status');
      expect(after.state).toBe('online');
      expect(codes(after)).not.toContain('certificate_refused');
      // The renewed certificate ends in 400 days: no expiry warning any more.
      expect(codes(after)).not.toContain('certificate_expiring');
      expect(after.queue.failed).toBe(0);
      // A document issued now is signed with the renewed certificate and sealed at once.
      await issue(second.url, 'ce000000-0000-4000-8000-000000000005');
      await until(
        'the new document approved',
        () => statusOf(second.url, 'ce000000-0000-4000-8000-000000000005'),
        (s) => s === 'APPROVED',
      );
    } finally {
      second.child.kill('SIGTERM');
      await exitOf(second.child);
    }
    const db2 = new BetterSqlite3(join(dataDir, 'sello.db'), { readonly: true });
    const history = db2.prepare(`SELECT nit, not_after, replaced_at FROM certificates ORDER BY replaced_at IS NULL`).all() as {
      nit: string;
      not_after: string;
      replaced_at: string | null;
    }[];
    const renewals = db2.prepare(`SELECT actor, action FROM audit_log WHERE action = 'certificate.renewed'`).all();
    db2.close();
    expect(history).toHaveLength(2);
    expect(history[0]?.nit).toBe(NIT);
    expect(history[0]?.replaced_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(history[1]).toMatchObject({ nit: NIT, replaced_at: null });
    expect(Date.parse(history[1]!.not_after)).toBeGreaterThan(Date.now() + 300 * DAY);
    expect(renewals).toEqual([{ actor: 'cli', action: 'certificate.renewed' }]);
  }, 180_000);

  it("another NIT's certificate in the station file stops the start, naming certificateFile", async () => {
    const dataDir = join(dir.dir, 'data-other');
    const own = certificateFile('own.crt', NIT, 200);
    sim.registerKey(NIT, spki(own.xml));
    const config = stationFile(own.file);
    const first = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    first.child.kill('SIGTERM');
    await exitOf(first.child);

    const other = certificateFile('other.crt', '06140101001012', 200);
    stationFile(other.file);
    const start = startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    await expect(start).rejects.toThrow(/mh\.certificateFile: El certificado es del NIT 06140101001012/);
    // Nothing changed: the station's own certificate still signs.
    stationFile(own.file);
    const again = await startServe(['--config', config, '--data-dir', dataDir, '--port', '0']);
    try {
      await issue(again.url, 'ce000000-0000-4000-8000-0000000000a1');
      await until(
        'approved with the own certificate',
        () => statusOf(again.url, 'ce000000-0000-4000-8000-0000000000a1'),
        (s) => s === 'APPROVED',
      );
    } finally {
      again.child.kill('SIGTERM');
      await exitOf(again.child);
    }
  }, 120_000);
});
