// The drawer at the close on a real `sello serve --demo` process (real HTTP, real timers, the embedded MH
// simulator): a bad amount is a 422 naming its field that stores no close; a good one closes short by $1.00;
// the process killed for real (SIGKILL) and started again on the same data keeps that close as it was.
import { afterEach, describe, expect, it } from 'vitest';
import type { DayClose, DayClosePage } from '../../shared/close';
import type { DteRecord } from '../../shared/records';
import { Dec } from '../../shared/tax';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { exitOf, startServe } from '../support/serve-process';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

async function session(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'cajero', password: '123456' }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { Cookie: cookie, 'X-API-Version': '1', 'Content-Type': 'application/json' };
}

describe('the drawer at the close, on sello serve', () => {
  it('refuses a bad amount by name, closes $1.00 short, and keeps the close across a kill', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const args = ['--demo', '--port', '0', '--data-dir', t.dir];
    const first = await startServe(args);
    cleanups.push(() => first.child.kill('SIGKILL'));
    const headers = await session(first.url);
    const id = '0e1a0000-0000-4000-8000-000000000001';
    const sold = await fetch(`${first.url}/dte/fc`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...fcBody(id), generatedAt: undefined, paymentType: 'CONTADO' }),
    });
    expect(sold.status, await sold.clone().text()).toBe(201);
    const total = ((await sold.json()) as DteRecord).total!;
    const status = async () => ((await (await fetch(`${first.url}/dte/${id}`, { headers })).json()) as DteRecord).status;
    await expect.poll(status, { timeout: 15_000 }).toBe('APPROVED');

    const close = (drawer: unknown) =>
      fetch(`${first.url}/closes`, { method: 'POST', headers, body: JSON.stringify({ scope: 'me', drawer }) });
    const bad = await close({ openingFloat: '20.00', counted: '1e3' });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['drawer.counted']);
    const none = (await (await fetch(`${first.url}/closes`, { headers })).json()) as DayClosePage;
    expect(none.items).toEqual([]);

    // 20.00 float + the sale in cash, counted $1.00 less.
    const expected = new Dec(total).plus('20.00');
    const counted = expected.minus(1).toFixed(2);
    const good = await close({ openingFloat: '20.00', counted });
    expect(good.status, await good.clone().text()).toBe(201);
    const made = (await good.json()) as DayClose;
    expect(made.summary.drawer).toMatchObject({ expected: expected.toFixed(2), counted, overShort: '-1.00' });

    first.child.kill('SIGKILL');
    expect(await exitOf(first.child)).toBeNull();
    const second = await startServe(args);
    cleanups.push(() => second.child.kill('SIGKILL'));
    const again = await fetch(`${second.url}/closes/${made.id}`, { headers: await session(second.url) });
    expect(again.status).toBe(200);
    expect(((await again.json()) as DayClose).summary.drawer).toEqual(made.summary.drawer);
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  });
});
