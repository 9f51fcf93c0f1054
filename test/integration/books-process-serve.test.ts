// The books' worker process (decision 0059) run the way the product runs it: a real `sello serve`, a supervisor
// asking for the month over HTTP, the station killed for real. A worker process left behind would hold the store
// open and keep a core busy for nobody; it must end with the station.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../main/core/station/demo';
import { tempDir } from '../support/core';
import { alive, childrenOf, threadNice } from '../support/proc';
import { exitOf, startServe } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

describe('the books worker process with `sello serve`', () => {
  it.runIf(process.platform === 'linux')(
    'answers the month at the lowest priority, and ends when the station is killed for real',
    async () => {
      const data = tempDir('books-process-');
      cleanups.push(data.cleanup);
      const serve = await startServe(['--data-dir', data.dir, '--port', '0']);
      cleanups.push(() => serve.child.kill('SIGKILL'));
      const supervisor = DEMO_USERS.find((u) => u.role === 'SUPERVISOR')!;
      const login = await fetch(`${serve.url}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: supervisor.login, password: supervisor.password }),
      });
      expect(login.status).toBe(201);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const month = new Date().toISOString().slice(0, 7);
      const res = await fetch(`${serve.url}/books?month=${month}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect((await res.json()) as { month: string }).toMatchObject({ month });
      const pid = serve.child.pid!;
      const workers = childrenOf(pid, 'books-worker');
      expect(workers).toHaveLength(1);
      const worker = workers[0]!;
      expect(threadNice(worker).get(worker)).toBe(19);

      serve.child.kill('SIGKILL');
      await exitOf(serve.child);
      const until = Date.now() + 10_000;
      while (alive(worker) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(alive(worker)).toBe(false);
    },
    60_000,
  );
});
