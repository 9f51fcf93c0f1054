// Issue 31, a full disk on a running station: `sello serve` with its data folder on a small tmpfs, filled up for
// real while it runs. Creates answer 507 problem+json naming the disk, never 500, and store nothing; the
// disk_low alert is in GET /sync/status; the process sits nearly idle and its log barely grows; once the filler is
// gone the alert clears, the same request succeeds with the next number, and nothing acknowledged is lost.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { exitOf, startServe } from '../support/serve-process';
import { mountTmpfs, type Tmpfs } from '../support/tmpfs';

const KEY = 'sello-demo-api-key';
let disk: Tmpfs;
let serve: Awaited<ReturnType<typeof startServe>> | null = null;

beforeAll(() => {
  disk = mountTmpfs(48);
});
afterAll(async () => {
  if (serve && serve.child.exitCode === null) {
    serve.child.kill('SIGKILL');
    await exitOf(serve.child);
  }
  disk?.unmount();
});

let serial = 0;
const nextId = () => `d15cf011-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
const json = { 'X-API-Key': KEY, 'X-API-Version': '1', 'Content-Type': 'application/json' };

async function create(url: string, id: string): Promise<Response> {
  return fetch(`${url}/dte/fc`, { method: 'POST', headers: json, body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }) });
}
const status = async (url: string) => (await (await fetch(`${url}/sync/status`, { headers: { 'X-API-Key': KEY } })).json()) as SyncStatus;

/** CPU seconds the process has used (utime + stime in /proc/PID/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function allDocuments(url: string): Promise<DteRecord[]> {
  const out: DteRecord[] = [];
  let cursor: string | null = null;
  do {
    const res = await fetch(`${url}/dte?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { headers: { 'X-API-Key': KEY } });
    const page = (await res.json()) as { items: DteRecord[]; nextCursor: string | null };
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe('a running station whose disk fills up', () => {
  it('answers 507, raises disk_low, idles, and issues again without a gap once space is freed', async () => {
    serve = await startServe(['--demo', '--port', '0', '--data-dir', join(disk.dir, 'data')], {
      SELLO_DISK_WARN_MB: '8',
      SELLO_DISK_CRITICAL_MB: '2',
      SELLO_DISK_CHECK_MS: '250',
    });
    const { url, child } = serve;
    const acknowledged: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = nextId();
      const res = await create(url, id);
      expect(res.status, await res.clone().text()).toBe(201);
      acknowledged.push(id);
    }
    expect((await status(url)).alerts.filter((a) => a.code === 'disk_low')).toEqual([]);

    // The screens' pushes (GET /sync/events, what the browser UI and the app's banner follow).
    const events = await fetch(`${url}/sync/events`, { headers: { 'X-API-Key': KEY } });
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    let pushed = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        pushed += Buffer.from(value).toString();
      }
    })().catch(() => {});
    const lastPushedAlerts = () => {
      const syncs = pushed
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)) as { type: string; status?: SyncStatus })
        .filter((e) => e.type === 'sync');
      return syncs.at(-1)?.status?.alerts.map((a) => `${a.code} ${a.level}`) ?? null;
    };

    const filler = join(disk.dir, 'filler.bin');
    expect(disk.fill(filler)).toBeGreaterThan(10 * 1024 * 1024);

    // A nearly full disk: a commit may still fit in the WAL's pages already on disk (or those a refused commit
    // left allocated), so a create goes through now and then; every other answer is 507, never anything else.
    const refusedIds: string[] = [];
    let problem: { code: string; status: number; title: string; detail: string } | null = null;
    /** Issues one new document on the full disk: 201 or 507 DISK_FULL problem+json, nothing else. */
    const onFullDisk = async () => {
      const id = nextId();
      const res = await create(url, id);
      if (res.status === 201) return void acknowledged.push(id);
      expect(res.status, await res.clone().text()).toBe(507);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      problem = (await res.json()) as typeof problem;
      refusedIds.push(id);
    };
    for (let i = 0; i < 400 && refusedIds.length < 5; i++) await onFullDisk();
    expect(refusedIds.length, 'creates were not refused on a full disk').toBe(5);
    expect(problem).toMatchObject({ code: 'DISK_FULL', status: 507, title: 'El disco de la estación está lleno' });
    expect(problem!.detail).toMatch(/disco/);
    expect(problem!.detail).toMatch(/Libere espacio/);

    // The banner, the sync screen and POS software read the same alert.
    await expect
      .poll(async () => (await status(url)).alerts.find((a) => a.code === 'disk_low')?.level, { timeout: 5_000 })
      .toBe('critical');
    await expect.poll(lastPushedAlerts, { timeout: 5_000 }).toContain('disk_low critical');

    // Any other write is refused the same way: an administrator's settings change.
    const login = await fetch(`${url}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: 'demo-admin' }),
    });
    expect(login.status).toBe(201);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    let printing: Response | null = null;
    for (let i = 0; i < 20 && printing?.status !== 507; i++) {
      printing = await fetch(`${url}/settings/printing`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ printer: `Caja ${i}`, receiptWidth: 58, silentReceipt: true }),
      });
      expect([200, 507], await printing.clone().text()).toContain(printing.status);
    }
    expect(printing!.status).toBe(507);
    expect(((await printing!.json()) as { code: string }).code).toBe('DISK_FULL');

    // Full and idle: little CPU, and a log that barely grows, over a few seconds of real time.
    const logBefore = serve.output().length;
    const cpuBefore = cpuSeconds(child.pid!);
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 4_000));
    const refusedBefore = refusedIds.length;
    for (let i = 0; i < 20; i++) await onFullDisk();
    expect(refusedIds.length - refusedBefore).toBeGreaterThanOrEqual(15);
    const seconds = (Date.now() - started) / 1000;
    const cpu = (cpuSeconds(child.pid!) - cpuBefore) / seconds;
    const logGrowth = serve.output().length - logBefore;
    console.log(`full disk: ${(cpu * 100).toFixed(1)} % of a core over ${seconds.toFixed(1)} s, log grew ${logGrowth} bytes`);
    expect(cpu).toBeLessThan(0.1);
    expect(logGrowth).toBeLessThan(8_000);
    expect(serve.output()).not.toMatch(/unexpected error/);
    const refusedId = refusedIds.at(-1)!;

    // Space comes back: the alert clears by itself, and the very same request is issued with the next number.
    rmSync(filler);
    await expect.poll(async () => (await status(url)).alerts.filter((a) => a.code === 'disk_low'), { timeout: 10_000 }).toEqual([]);
    await expect.poll(lastPushedAlerts, { timeout: 5_000 }).toEqual([]);
    const again = await create(url, refusedId);
    expect(again.status, await again.clone().text()).toBe(201);
    acknowledged.push(refusedId);

    const stored = await allDocuments(url);
    const ids = stored.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...acknowledged].sort());
    for (const id of refusedIds.filter((x) => x !== refusedId)) expect(ids).not.toContain(id);
    const numbers = stored.map((d) => Number(d.controlNumber.slice(-15))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: acknowledged.length }, (_, i) => i + 1));
    expect(Number(stored.find((d) => d.id === refusedId)!.controlNumber.slice(-15))).toBe(acknowledged.length);
    // Nothing acknowledged was lost, and the station still reaches MH with what it holds: a document whose MH
    // answer came while the disk was full is asked about once its 60 s lease ends
    // (the sync engine's in-doubt query), never sent twice.
    const unsealed = async () => (await allDocuments(url)).filter((d) => d.status !== 'APPROVED').map((d) => `${d.id} ${d.status}`);
    await expect.poll(unsealed, { timeout: 100_000, interval: 1_000 }).toEqual([]);

    await reader.cancel();
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);

    // The file itself: the sequence stands at the last number issued (no number spent by a refused create), and
    // every outbox row and audit entry belongs to a stored document.
    const db = new BetterSqlite3(join(disk.dir, 'data', 'demo', 'sello.db'), { readonly: true, fileMustExist: true });
    try {
      const sequence = db.prepare("SELECT last_value AS v FROM control_sequences WHERE kind = 'FC'").all() as { v: number }[];
      expect(sequence).toEqual([{ v: acknowledged.length }]);
      const outbox = db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number };
      const orphans = db
        .prepare('SELECT count(*) AS n FROM outbox o LEFT JOIN documents d ON d.id = o.document_id WHERE d.id IS NULL')
        .get() as { n: number };
      expect(outbox.n).toBe(acknowledged.length);
      expect(orphans.n).toBe(0);
      const issuedAudits = db.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'dte.issued'").get() as { n: number };
      expect(issuedAudits.n).toBe(acknowledged.length);
    } finally {
      db.close();
    }
  }, 240_000);
});
