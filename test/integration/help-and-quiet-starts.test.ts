// Issue 54 item 9 on real processes: `--help` answers at once and does nothing else (scripts/app.sh builds nothing,
// `sello CMD --help` opens no data folder), an unknown option says which and exits 2, and a first start of
// `sello serve --demo` prints no warning a person cannot act on (decision 0071).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/core';
import { exitOf, ROOT, startServe, startSimulatorProcess } from '../support/serve-process';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  readonly ms: number;
}

/** Runs a command to its end (killed after `limitMs`), with what it printed and how long it took. */
function runToEnd(cmd: string, args: string[], env: Record<string, string> = {}, limitMs = 120_000): Promise<Ran> {
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err, ms: Date.now() - started });
    }),
  );
}

const sello = (args: string[], env: Record<string, string> = {}) =>
  runToEnd(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), ...args], env);

/** `fn` over `items`, two at a time: each `sello` loads every module through tsx, and the machine has 2 CPUs. */
async function twoAtATime<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 2) out.push(...(await Promise.all(items.slice(i, i + 2).map(fn))));
  return out;
}

/** A folder nothing may create: the data folder every command is pointed at while asked for help. */
function untouchedDataDir(): string {
  const t = tempDir('sello-help-');
  cleanups.push(t.cleanup);
  return join(t.dir, 'never-created');
}

describe('scripts/app.sh --help', () => {
  it('answers within 2 s with its usage, and neither installs nor builds', async () => {
    const t = tempDir('sello-app-help-');
    cleanups.push(t.cleanup);
    // npm and node that leave a mark if called: env.sh would call both, and `npm start` builds.
    const bin = join(t.dir, 'bin');
    const mark = join(t.dir, 'called');
    mkdirSync(bin);
    for (const name of ['npm', 'node', 'npx']) {
      writeFileSync(join(bin, name), `#!/bin/sh\necho ${name} >> '${mark}'\nexit 1\n`);
      chmodSync(join(bin, name), 0o755);
    }
    for (const flag of ['--help', '-h']) {
      const r = await runToEnd('bash', [join(ROOT, 'scripts', 'app.sh'), '--demo', flag], { PATH: `${bin}:${process.env.PATH ?? ''}` });
      expect(r.code, r.err).toBe(0);
      expect(r.ms).toBeLessThan(2000);
      expect(r.out).toMatch(/^uso: scripts\/app\.sh/);
      expect(r.out).toContain('serve --help');
      expect(existsSync(mark)).toBe(false);
    }
  });
});

describe('sello CMD --help', () => {
  const commands = ['serve', 'mh-sim', 'backup', 'restore', 'audit', 'books', 'homologate', 'hub'];

  it('every command prints its usage and exits 0, opening no data folder', async () => {
    const dataDir = untouchedDataDir();
    const runs = await twoAtATime(commands, (c) => sello([c, '--help'], { SELLO_DATA_DIR: dataDir }));
    runs.forEach((r, i) => {
      const command = commands[i]!;
      expect(r.code, `${command}: ${r.err}`).toBe(0);
      expect(r.out, command).toContain(`sello ${command}`);
      // Only its own usage: no other command's lines (the hub's help is its own, and names only the hub).
      for (const other of commands.filter((c) => c !== command && !c.startsWith(command) && !command.startsWith(c)))
        expect(r.out, `${command} names ${other}`).not.toMatch(new RegExp(`sello ${other}\\b`));
      expect(r.err, command).toBe('');
    });
    // `-h` too, after other options, and for a hub subcommand.
    const more = [['serve', '--demo', '-h'], ['hub', 'create-token', '--help'], ['--help']];
    (await twoAtATime(more, (args) => sello(args, { SELLO_DATA_DIR: dataDir }))).forEach((r, i) => {
      expect(r.code, more[i]!.join(' ')).toBe(0);
      expect(r.out).toMatch(/sello /);
    });
    expect(existsSync(dataDir)).toBe(false);
  }, 600_000);

  it('an unknown option or command names itself and points to --help, exit 2', async () => {
    const dataDir = untouchedDataDir();
    const asked = [['serve', '--bogus'], ['books', '--month'], ['hub', '--databse', 'postgres://x'], ['backup', 'extra'], ['servir']];
    const [serve, books, hub, backup, unknown] = await twoAtATime(asked, (args) => sello(args, { SELLO_DATA_DIR: dataDir }));
    expect(serve).toMatchObject({ code: 2, err: 'sello serve: la opción --bogus no existe. Vea las opciones con: sello serve --help\n' });
    const said = (r: Ran | undefined) => `${r?.code} ${r?.err}`;
    expect(said(books)).toMatch(/^2 sello books: a la opción --month le falta su valor\. .*sello books --help/);
    expect(said(hub)).toMatch(/^2 sello hub: la opción --databse no existe\. .*sello hub --help/);
    expect(said(backup)).toMatch(/^2 sello backup: sobra el argumento «extra»/);
    expect(said(unknown)).toMatch(/^2 sello: la orden «servir» no existe\. .*sello --help/);
    expect(existsSync(dataDir)).toBe(false);
  }, 600_000);
});

/** A home of its own: the key file goes to its configuration folder, and no OS keyring answers (as on a server). */
function noKeyring(dir: string): Record<string, string> {
  return {
    SELLO_SECRET_FILE: '',
    XDG_CONFIG_HOME: join(dir, 'config'),
    HOME: join(dir, 'home'),
    APPDATA: join(dir, 'appdata'),
    ...(process.platform === 'linux' ? { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}` } : { SELLO_KEYRING: 'off' }),
  };
}

describe('a first start says nothing a person cannot act on', () => {
  it('sello serve --demo in a fresh folder: no schema, made-private or raw keyring warning', async () => {
    const t = tempDir('sello-quiet-');
    cleanups.push(t.cleanup);
    const { child, output } = await startServe(['--demo', '--port', '0', '--data-dir', join(t.dir, 'data')], noKeyring(t.dir));
    try {
      const out = output();
      expect(out).not.toMatch(/schema folder|esquemas/);
      expect(out).not.toMatch(/made private/);
      expect(out).not.toMatch(/DBus|dbus|did not answer/);
      expect(out).not.toMatch(/"level":"warn"(?![^\n]*llavero)/);
      // Without a keyring: one Spanish line with what Sello does instead and how to change it.
      if (process.platform === 'linux')
        expect(out).toMatch(
          /El llavero del sistema no está disponible: Sello guarda la llave de los secretos en el archivo .*--secret-file ARCHIVO.*SELLO_KEYRING=off/,
        );
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  }, 60_000);

  it.skipIf(process.platform === 'win32')(
    'a data folder that existed readable by others is still said to be made private',
    async () => {
      const t = tempDir('sello-loose-');
      cleanups.push(t.cleanup);
      const data = join(t.dir, 'data');
      mkdirSync(data);
      chmodSync(data, 0o755);
      const { child, output } = await startServe(['--demo', '--port', '0', '--data-dir', data], noKeyring(t.dir));
      try {
        expect(output()).toMatch(/data folder was readable by other users: made private","paths":\["\."\]/);
      } finally {
        child.kill('SIGTERM');
        await exitOf(child);
      }
    },
    60_000,
  );

  it('the MH simulator warns of a schema folder only when one was asked for and is missing', async () => {
    const t = tempDir('sello-sim-');
    cleanups.push(t.cleanup);
    const missing = join(t.dir, 'no-such-schemas');
    const asked = await startSimulatorProcess(['--port', '0', '--schemas', missing]);
    asked.child.kill('SIGTERM');
    await exitOf(asked.child);
    expect(asked.output()).toContain(`mh-sim: la carpeta de esquemas ${missing} no existe`);
    const plain = await startSimulatorProcess(['--port', '0']);
    plain.child.kill('SIGTERM');
    await exitOf(plain.child);
    expect(plain.output()).not.toMatch(/"level":"warn"/);
  }, 60_000);
});
