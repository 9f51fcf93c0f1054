// HTTP load against `sello serve` on loopback, with MH (the simulator) in a process of its own as the real MH
// would be: one connection issuing alone; then creates, reads and lists in parallel for a fixed time; then the
// reads alone and GET /health alone as peers. Used by `npm run bench` and, shorter, by the load test.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { generateMhCertificate, parseMhCertificate } from '../main/core/signing/certificate';
import { DEMO_STATION } from '../main/core/station/demo';
import { fcBody } from '../test/fixtures/bodies';

const ROOT = join(import.meta.dirname, '..');
const KEY = 'load-test-key-0123456789abcdef';
const headers = { 'x-api-key': KEY, 'x-api-version': '1', 'content-type': 'application/json' };

export interface LoadFigure {
  readonly label: string;
  readonly requests: number;
  readonly perSecond: number;
  /** autocannon's percentiles, in whole milliseconds. */
  readonly p50: number;
  readonly p97_5: number;
  readonly p99: number;
  readonly max: number;
  /** The mean, for a figure finer than a millisecond. */
  readonly p50Exact: number;
  /** Connection errors + timeouts + answers that were not 2xx: must be 0. */
  readonly errors: number;
  /** CPU the `sello serve` process used during the phase, in cores (CPU seconds per second; a phase run beside others shares it). */
  readonly serveCores: number;
}

/** CPU seconds a process used so far (user + system), from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const figure = (label: string, r: Result, serveCpuSeconds: number): LoadFigure => ({
  label,
  requests: r.requests.total,
  perSecond: r.requests.total / r.duration,
  p50: r.latency.p50,
  p97_5: r.latency.p97_5,
  p99: r.latency.p99,
  max: r.latency.max,
  p50Exact: r.latency.average,
  errors: r.errors + r.timeouts + r.non2xx,
  serveCores: serveCpuSeconds / r.duration,
});

/** A `sello` command as its own process (serve, mh-sim), once it prints its address; killed if it never does. */
export function startSello(args: string[], timeoutMs = 30_000): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The station file points at the simulator: MH's address is pinned unless allowed.
    env: { ...process.env, SELLO_ALLOW_MH_URL: 'http://127.0.0.1:*' },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sello ${args[0]} did not start:\n${out}`));
    }, timeoutMs);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`sello ${args[0]} exited with ${code}:\n${out}`)));
  });
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

export interface LoadFigures {
  readonly single: LoadFigure;
  readonly mixed: {
    readonly create: LoadFigure;
    readonly read: LoadFigure;
    readonly list: LoadFigure;
    /** One connection asking GET /health, which does no work: its latency is the request thread's queue (event-loop delay). */
    readonly probe: LoadFigure;
  };
  readonly readsAlone: LoadFigure;
  readonly health: LoadFigure;
  /** The same probe with nothing else running. */
  readonly probeIdle: LoadFigure;
}

export async function loadBench(o: { seconds: number; connectionsPerRoute?: number }): Promise<LoadFigures> {
  const per = o.connectionsPerRoute ?? 4;
  const dir = mkdtempSync(join(tmpdir(), 'sello-load-'));
  const nit = DEMO_STATION.company.nit;
  const xml = generateMhCertificate(nit, 'clave');
  writeFileSync(join(dir, 'station.crt'), xml);
  const mh = await startSello(['mh-sim', '--port', '0', '--lote-delay-ms', '2000']);
  let server: { child: ChildProcess; url: string } | null = null;
  try {
    const publicKey = parseMhCertificate(xml, 'clave').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    await fetch(`${mh.url}/_sim/certificates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nit, publicKey }),
    });
    const station = {
      ...DEMO_STATION,
      demo: false,
      // A new point of sale, said on purpose (docs/decisions/0029-numbering-never-collides-silently.md).
      newPointOfSale: true,
      apiKeys: [KEY],
      mh: { baseUrl: mh.url, user: nit, password: 'clave-api', certificateFile: join(dir, 'station.crt'), certificatePassword: 'clave' },
    };
    writeFileSync(join(dir, 'station.json'), JSON.stringify(station));
    server = await startSello(['serve', '--port', '0', '--data-dir', join(dir, 'data'), '--config', join(dir, 'station.json')]);
    const url = server.url;
    const createReq = {
      method: 'POST',
      path: '/dte/fc',
      headers,
      setupRequest: (req: object) => ({ ...req, body: JSON.stringify({ ...fcBody(randomUUID()), generatedAt: undefined }) }),
    };

    // Documents for the reads to find.
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const id = randomUUID();
      const res = await fetch(`${url}/dte/fc`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }),
      });
      if (res.status !== 201) throw new Error(`seed create answered ${res.status}: ${await res.text()}`);
      ids.push(id);
    }
    const readReq = {
      method: 'GET',
      headers,
      setupRequest: (req: object) => ({ ...req, path: `/dte/${ids[Math.floor(Math.random() * ids.length)]!}` }),
    };

    const pid = server.child.pid ?? 0;
    /** Runs phases side by side and gives their results with the serve process's CPU over all of them. */
    const measured = async <T>(run: () => Promise<T>): Promise<{ results: T; cpu: number }> => {
      const before = cpuSeconds(pid);
      const results = await run();
      return { results, cpu: cpuSeconds(pid) - before };
    };
    const single = await measured(async () => [await autocannon({ url, connections: 1, duration: o.seconds, requests: [createReq] })]);
    const probeReq = { method: 'GET', path: '/health', headers };
    const mixed = await measured(() =>
      Promise.all([
        autocannon({ url, connections: per, duration: o.seconds, requests: [createReq] }),
        autocannon({ url, connections: per, duration: o.seconds, requests: [readReq] }),
        autocannon({ url, connections: per, duration: o.seconds, requests: [{ method: 'GET', path: '/dte?limit=50', headers }] }),
        autocannon({ url, connections: 1, duration: o.seconds, requests: [probeReq] }),
      ]),
    );
    const [create, read, list, probe] = mixed.results;
    const readsAlone = await measured(async () => [await autocannon({ url, connections: per, duration: o.seconds, requests: [readReq] })]);
    const health = await measured(async () => [
      await autocannon({ url, connections: per, duration: o.seconds, requests: [{ method: 'GET', path: '/health', headers }] }),
    ]);
    const probeIdle = await measured(async () => [
      await autocannon({ url, connections: 1, duration: Math.min(o.seconds, 3), requests: [probeReq] }),
    ]);
    return {
      single: figure('POST /dte/fc, 1 connection', single.results[0]!, single.cpu),
      mixed: {
        // The four run side by side: each carries the serve process's CPU over all of them.
        create: figure(`mixed: POST /dte/fc (${per} conn.)`, create, mixed.cpu),
        read: figure(`mixed: GET /dte/:id (${per} conn.)`, read, mixed.cpu),
        list: figure(`mixed: GET /dte?limit=50 (${per} conn.)`, list, mixed.cpu),
        probe: figure('mixed: GET /health probe (1 conn.)', probe, mixed.cpu),
      },
      probeIdle: figure('GET /health probe, idle (1 conn.)', probeIdle.results[0]!, probeIdle.cpu),
      readsAlone: figure(`GET /dte/:id alone (${per} conn.)`, readsAlone.results[0]!, readsAlone.cpu),
      health: figure(`GET /health alone (${per} conn.)`, health.results[0]!, health.cpu),
    };
  } finally {
    if (server) await stop(server.child);
    await stop(mh.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
