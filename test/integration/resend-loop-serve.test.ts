// No resend loop whatever MH's query says (issue 54, docs/decisions/0068-a-document-is-sent-a-few-times.md), the way
// the product runs: a real `sello serve` process, the MH simulator over HTTP. A replaced PC whose station file
// says "new point of sale" reuses numbers MH holds; MH refuses the first with 004 on numeroControl, and its answer
// to the query about that code is not published: "not found", the refusal it holds (what the review met: 67 sends
// in 90 s), or an error. Each ends after one send, REJECTED with the reason and the sequence stopped: on a first send
// MH cannot hold the code, so the number is another document's, whatever the query would say.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuplicateQueryAnswer } from '../../main/mh-sim/state';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

const KEY = 'resend-loop-test-key-0123456789';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let serial = 0;
const nextId = () => `a0c10000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
type Served = Awaited<ReturnType<typeof startServe>>;

const post = (s: Served, path: string, body: unknown, headers: Record<string, string> = { 'X-API-Key': KEY }) =>
  fetch(`${s.url}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const put = (s: Served, path: string, body: unknown, cookie: string) =>
  fetch(`${s.url}${path}`, { method: 'PUT', headers: { cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const get = async <T>(s: Served, path: string): Promise<T> =>
  (await fetch(`${s.url}${path}`, { headers: { 'X-API-Key': KEY } })).json() as Promise<T>;
const issue = (s: Served, id = nextId()) => post(s, '/dte/fc', { ...fcBody(id), generatedAt: undefined });
const cfgDir = (name: string) => {
  const d = join(dir.dir, `${name}-cfg`);
  mkdirSync(d, { recursive: true });
  return d;
};

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const sendsOf = (code: string) => sim.state.received.get(code.toUpperCase()) ?? 0;

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
  dir = tempDir('sello-resend-');
  // The first PC issues 3 documents, all sealed: MH holds numbers 1 to 3.
  const s = await startServe(['--config', stationFileFor(sim, cfgDir('first'), KEY), '--data-dir', join(dir.dir, 'first'), '--port', '0']);
  try {
    const ids = [nextId(), nextId(), nextId()];
    for (const id of ids) expect((await issue(s, id)).status).toBe(201);
    for (const id of ids)
      expect(
        await until(
          () => get<DteRecord>(s, `/dte/${id}`),
          (d) => d.status === 'APPROVED',
        ),
      ).toMatchObject({ status: 'APPROVED' });
  } finally {
    s.child.kill('SIGKILL');
    await exitOf(s.child);
  }
}, 60_000);
afterAll(async () => {
  await sim.close();
  dir.cleanup();
});

/** A replaced PC told by mistake that its point of sale is new: its first number is one MH holds. */
async function replacedPc(name: string): Promise<Served> {
  const s = await startServe([
    '--config',
    stationFileFor(sim, cfgDir(name), KEY, { newPointOfSale: undefined }),
    '--data-dir',
    join(dir.dir, name),
    '--port',
    '0',
  ]);
  const login = await post(s, '/session', { login: 'admin', password: 'demo-admin' }, {});
  const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
  expect((await put(s, '/settings/numbering', { newPointOfSale: true }, cookie)).status).toBe(200);
  return s;
}

describe('a replaced PC reusing numbers MH holds, whatever MH’s query says', { timeout: 90_000 }, () => {
  it.each<DuplicateQueryAnswer>(['rejected', 'not-found', 'error'])(
    'the query answers "%s": sent once, REJECTED with the reason, the sequence stopped, nothing sent again',
    async (answer) => {
      sim.state.duplicateQuery = answer;
      const s = await replacedPc(`pc-${answer}`);
      const asked = sim.state.counts.consultadte ?? 0;
      try {
        const id = nextId();
        expect((await issue(s, id)).status).toBe(201);
        const done = await until(
          () => get<DteRecord>(s, `/dte/${id}`),
          (d) => d.status === 'REJECTED',
        );
        expect(done).toMatchObject({
          status: 'REJECTED',
          controlNumber: expect.stringMatching(/-000000000000001$/) as unknown,
          mhResponse: { motivo: expect.stringMatching(/MH ya tiene otro documento con el número de control/) as unknown },
        });
        expect(sendsOf(id)).toBe(1);
        // On real timers, nothing more: not the document, not another number of the stopped sequence.
        await new Promise((r) => setTimeout(r, 3_000));
        expect(sendsOf(id)).toBe(1);
        const status = await get<SyncStatus>(s, '/sync/status');
        expect(status.alerts.map((a) => a.code)).toEqual(['numbering_collision']);
        expect((await issue(s)).status).toBe(409);
        // Its first send: MH cannot hold its code, so the number is another's, whatever the query would say.
        expect(sim.state.counts.consultadte ?? 0).toBe(asked);
      } finally {
        s.child.kill('SIGTERM');
        await exitOf(s.child);
      }
    },
  );
});
