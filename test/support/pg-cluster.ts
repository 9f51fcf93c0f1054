// A private PostgreSQL cluster for one test file: initdb into a temporary folder, pg_ctl start on a free port,
// one database created; stop() stops it and removes the folder. A real server, never a mock (issue 18).
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/sello_test */
  readonly url: string;
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection is closed (57P01), the server down for a moment, then back. */
  restart(): Promise<void>;
  /** SIGKILL to the postmaster, as a crash or an OOM killer would: its backends follow, nothing is shut down cleanly. */
  kill(): void;
  /** Starts the server again on its port after kill() (crash recovery first). */
  start(): Promise<void>;
}

export interface PgClusterOptions {
  /** More `-c name=value` server settings, e.g. `{ max_connections: 8 }`. */
  readonly settings?: Readonly<Record<string, string | number>>;
}

/** Debian's binaries (/usr/lib/postgresql/N/bin, the newest N), or initdb and pg_ctl on the PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], 'bin');
  try {
    return execFileSync('sh', ['-c', 'dirname "$(command -v initdb)"'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('PostgreSQL is not installed: apt-get install postgresql (the tests need initdb and pg_ctl).');
  }
}

/** A port nobody listens on now (the kernel's pick); start() retries if another process takes it first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** The postgres system user's uid and gid (Debian's package creates it). */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = binDir();
  // initdb refuses to run as root (CI runs as root): there the cluster is the postgres system user's.
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'sello-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args);

  let started = false;
  const extra = Object.entries(options.settings ?? {})
    .map(([k, v]) => ` -c ${k}=${v}`)
    .join('');
  const serverOptions = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${extra}`;
  const stopServer = () => tool('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-s']);
  const cleanUp = async () => {
    if (started) await stopServer().catch(() => undefined);
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run killed before afterAll still stops its server: nothing is left listening.
  const onExit = () => {
    if (!started) return;
    try {
      const args = ['stop', '-D', data, '-m', 'immediate', '-s'];
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else execFileSync(join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Exiting anyway.
    }
  };

  try {
    // --no-sync and fsync=off: a test cluster is thrown away, so durability costs only time here.
    await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions', '-E', 'UTF8', '--locale=C']);
    let port = 0;
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      // The unix socket lives in the cluster's own folder, never in /var/run/postgresql (shared with a system server).
      try {
        await tool('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-s', '-l', join(dir, 'server.log'), '-o', serverOptions(port)]);
        started = true;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
    process.once('exit', onExit);
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE sello_test');
    } finally {
      await admin.end();
    }
    const startArgs = ['-D', data, '-w', '-t', '30', '-s', '-l', join(dir, 'server.log'), '-o', serverOptions(port)];
    return {
      url: `postgres://postgres@127.0.0.1:${port}/sello_test`,
      async stop() {
        process.off('exit', onExit);
        await cleanUp();
      },
      async restart() {
        await tool('pg_ctl', ['restart', '-m', 'fast', ...startArgs]);
      },
      kill() {
        // postmaster.pid's first line is the postmaster's pid.
        const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGKILL');
      },
      async start() {
        // Backends of a killed postmaster exit when they notice, and hold its shared memory until then: retry.
        for (let attempt = 1; ; attempt++) {
          try {
            await tool('pg_ctl', ['start', ...startArgs]);
            return;
          } catch (e) {
            if (attempt >= 20) throw e;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      },
    };
  } catch (e) {
    process.off('exit', onExit);
    await cleanUp();
    throw e;
  }
}
