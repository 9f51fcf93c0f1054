// `sello serve` keeps the key sealing a station's secrets outside its data folder
// (docs/decisions/0005-secrets-at-rest.md): a named key file inside `--data-dir` is a usage error; the default
// file is per data folder in the user's configuration folder, owner-only; a copied data folder comes up asking
// for the MH password again and says why.
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirId } from '../../main/core/station/secret-key';
import type { SyncStatus } from '../../shared/records';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

const KEY = 'pos-key-secrets-0123456789';

/** A key-file location of the test's own: no SELLO_SECRET_FILE, no keyring (on Linux: no session bus to reach). */
function ownConfigFolder(dir: string): Record<string, string> {
  return {
    SELLO_SECRET_FILE: '',
    XDG_CONFIG_HOME: join(dir, 'config'),
    HOME: join(dir, 'home'),
    APPDATA: join(dir, 'appdata'),
    // Linux: the real keyring binding is loaded and finds no Secret Service. Elsewhere it is turned off, so a
    // developer's own keychain is never written to.
    ...(process.platform === 'linux' ? { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}` } : { SELLO_KEYRING: 'off' }),
  };
}

describe('sello serve: where the key lives', () => {
  it('refuses a key file inside --data-dir (exit 2), whether named by --secret-file or SELLO_SECRET_FILE', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    await expect(startServe(['--demo', '--port', '0', '--data-dir', t.dir, '--secret-file', join(t.dir, 'llave.key')])).rejects.toThrow(
      /exited with 2[\s\S]*--secret-file .*llave\.key está dentro de la carpeta de datos/,
    );
    await expect(
      startServe(['--demo', '--port', '0', '--data-dir', t.dir], { SELLO_SECRET_FILE: join(t.dir, 'demo', 'k.key') }),
    ).rejects.toThrow(/exited with 2[\s\S]*SELLO_SECRET_FILE .*dentro de la carpeta de datos/);
    expect(existsSync(join(t.dir, 'llave.key'))).toBe(false);
    expect(existsSync(join(t.dir, 'sello.db'))).toBe(false);
  });

  it("by default, a file per data folder in the user's configuration folder: 0600 in a 0700 folder", async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const data = join(t.dir, 'data');
    const env = ownConfigFolder(t.dir);
    const { child, url, output } = await startServe(['--demo', '--port', '0', '--data-dir', data], env);
    cleanups.push(() => child.kill('SIGKILL'));
    expect(await (await fetch(`${url}/health`, { headers: { 'X-API-Key': 'sello-demo-api-key' } })).json()).toMatchObject({ demo: true });
    const folder = process.platform === 'win32' ? join(env.APPDATA!, 'Sello') : join(env.XDG_CONFIG_HOME!, 'sello');
    const file = join(folder, `secret-${dataDirId(join(data, 'demo'))}.key`);
    // Beside the key, the audit chain's head, kept outside the data folder too (decision 0034).
    const head = join(folder, `audit-head-${dataDirId(join(data, 'demo'))}.json`);
    expect(readdirSync(folder).sort()).toEqual([
      `audit-head-${dataDirId(join(data, 'demo'))}.json`,
      `secret-${dataDirId(join(data, 'demo'))}.key`,
    ]);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(head).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    }
    if (process.platform === 'linux') expect(output()).toMatch(/El llavero del sistema no está disponible: Sello guarda la llave/);
    const keyFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? keyFiles(join(dir, e.name)) : e.name.endsWith('.key') ? [join(dir, e.name)] : [],
      );
    expect(keyFiles(data)).toEqual([]);
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
  });

  it('a data folder copied to another machine comes up, asking for the MH password again and saying why', async () => {
    const sim = await startSimulator();
    cleanups.push(() => sim.close());
    const t = tempDir();
    cleanups.push(t.cleanup);
    const config = stationFileFor(sim, t.dir, KEY);
    const data = join(t.dir, 'data');
    const here = await startServe(['--config', config, '--port', '0', '--data-dir', data, '--secret-file', join(t.dir, 'here.key')]);
    cleanups.push(() => here.child.kill('SIGKILL'));
    const status = async (url: string) =>
      (await (await fetch(`${url}/sync/status`, { headers: { 'X-API-Key': KEY } })).json()) as SyncStatus;
    await expect.poll(async () => (await status(here.url)).state, { timeout: 10_000 }).toBe('online');
    here.child.kill('SIGTERM');
    expect(await exitOf(here.child)).toBe(0);

    // The folder (or a backup of it) on another machine: another key, no station file with the passwords.
    const copy = join(t.dir, 'copy');
    cpSync(data, copy, { recursive: true });
    const there = await startServe(['--port', '0', '--data-dir', copy, '--secret-file', join(t.dir, 'there.key')]);
    cleanups.push(() => there.child.kill('SIGKILL'));
    const health = await fetch(`${there.url}/health`, { headers: { 'X-API-Key': KEY } });
    expect(await health.json()).toMatchObject({ status: 'ok', demo: false });
    const s = await status(there.url);
    expect(s.state).toBe('credentials');
    expect(s.lastError).toMatch(/contraseña de la API de MH se guardó cifrada en otro equipo o con otra llave/);
    expect(there.output()).toMatch(/stored secrets do not open with this station key/);
    expect(there.output()).not.toContain('Api#Clave2026');
    there.child.kill('SIGTERM');
    expect(await exitOf(there.child)).toBe(0);
  });
});
