// Nobody else's failures lock out the POS or a person (issue 32, decision 0032), on a real `sello serve` process
// where every local caller is 127.0.0.1: a hundred wrong API keys, then the POS's valid key issues a document;
// wrong logins under random names, then the administrator logs in; a person's own lockout at one address does
// not follow them to another; and wrong passwords sent all at once are still checked at most five times.
import { afterEach, describe, expect, it } from 'vitest';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { send } from '../support/from-address';
import { exitOf, startServe } from '../support/serve-process';

const KEY = 'sello-demo-api-key';
const cleanups: (() => void | Promise<unknown>)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

async function serve(): Promise<string> {
  const t = tempDir();
  cleanups.push(t.cleanup);
  const { child, url } = await startServe(['--demo', '--port', '0', '--data-dir', t.dir]);
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exitOf(child);
  });
  return url;
}

const login = (url: string, who: string, password: string, from = '127.0.0.1') =>
  send(`${url}/session`, { from, body: { login: who, password } });

describe('logins and keys on a real station process', () => {
  it("a hundred wrong API keys from 127.0.0.1 never stop the POS's valid key", async () => {
    const url = await serve();
    const wrong: number[] = [];
    for (let i = 0; i < 100; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => send(`${url}/health`, { headers: { 'x-api-key': `clave-mala-${i + j}` } }));
      wrong.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(wrong.filter((s) => s === 401).length).toBe(10);
    expect(wrong.filter((s) => s === 429).length).toBe(90);
    // The POS, from the same address, right after: it reads and it issues.
    expect((await send(`${url}/health`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    const created = await send(`${url}/dte/fc`, {
      headers: { 'x-api-key': KEY, 'x-api-version': '1' },
      body: { ...fcBody('4b1c1f0e-8a7d-4c6b-9e5f-3a2b1c0d9e8f'), generatedAt: undefined },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    // Guessing stays locked: another wrong key is still 429, with the wait.
    const guess = await send(`${url}/health`, { headers: { 'x-api-key': 'clave-mala-otra' } });
    expect(guess.status).toBe(429);
    expect(Number(guess.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);

  it('wrong logins under random names, then admin logs in; their own lockout stays at its address', async () => {
    const url = await serve();
    for (let i = 0; i < 30; i++) {
      const name = `p${Math.random().toString(36).slice(2, 10)}`;
      expect((await login(url, name, 'adivinando')).status).toBe(401);
    }
    expect((await login(url, 'admin', 'demo-admin')).status).toBe(201);

    // Two hundred wrong PINs for the cashier at once: at most five are checked, then that address waits.
    const burst = (await Promise.all(Array.from({ length: 200 }, (_, i) => login(url, 'cajero', String(200000 + i))))).map((r) => r.status);
    expect(burst.every((s) => s === 401 || s === 429)).toBe(true);
    expect(burst.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    for (let i = 0; i < 10; i++) if ((await login(url, 'cajero', String(300000 + i))).status === 429) break;
    const locked = await login(url, 'cajero', '123456');
    expect(locked.status).toBe(429);
    expect(String(locked.json.detail)).toContain('para este usuario');
    // The cashier at another till (another address) is not locked out by it.
    expect((await login(url, 'cajero', '123456', '127.0.0.2')).status).toBe(201);
  }, 60_000);
});
