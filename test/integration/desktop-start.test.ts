// `npm start` / scripts/app.sh where Electron's binary is not installed (npm ci skips it): it tries to fetch it
// for a few seconds, and where it cannot it says why in one line and opens `sello serve` for the browser. Run as
// the script runs, a real process, against a mirror that refuses connections and one that lacks the release.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/core';
import { ROOT } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

/** scripts/start.mjs with `mirror` as Electron's mirror; resolves once `sello serve` listens. */
function start(mirror: string): Promise<{ out: string; ms: number }> {
  const data = tempDir('desktop-start-');
  const began = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'start.mjs'), '--demo', '--port', '0', '--data-dir', data.dir],
    {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_MIRROR: mirror },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  cleanups.push(
    data.cleanup,
    () => new Promise<void>((r) => (child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM')))),
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server:\n${out}`)), 40_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening on http:\/\/\S+/.test(out)) {
        clearTimeout(timer);
        resolve({ out, ms: Date.now() - began });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
  });
}

describe('starting Sello without an Electron binary', () => {
  it('says in one line that the mirror does not answer, then serves the browser UI', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));

    const { out, ms } = await start(`http://127.0.0.1:${port}/`);
    const first = out.split('\n')[0]!;
    expect(first).toBe(
      `Sin la aplicación de escritorio (Electron: 127.0.0.1:${port} no responde): Sello se abre en el navegador, en la dirección de abajo.`,
    );
    expect(out.match(/Sin la aplicación de escritorio/g)).toHaveLength(1);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);

  it('names a mirror that lacks this Electron release', async () => {
    const asked: string[] = [];
    const mirror: Server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => mirror.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => mirror.close(r)));
    const port = (mirror.address() as AddressInfo).port;

    const { out } = await start(`http://127.0.0.1:${port}/electron/`);
    expect(out.split('\n')[0]).toMatch(
      new RegExp(
        `^Sin la aplicación de escritorio \\(Electron: 127\\.0\\.0\\.1:${port} no tiene Electron \\d+\\.\\d+\\.\\d+ \\(HTTP 404\\)\\)`,
      ),
    );
    expect(asked).toEqual([expect.stringMatching(/^HEAD \/electron\/v\d+\.\d+\.\d+\/SHASUMS256\.txt$/)]);
  }, 60_000);
});
