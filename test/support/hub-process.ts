// `sello hub` as a real child process (through tsx, one process so a signal reaches the server itself), resolved
// once it listens; its output is kept for a failing test's message.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './serve-process';

export interface HubProcess {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  /** Still running: neither exited nor killed by a signal. */
  alive(): boolean;
}

export interface SpawnedHub {
  readonly child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves once it listens; rejects if it exits first or takes longer than `timeoutMs`. */
  readonly listening: Promise<HubProcess>;
}

/** `timeoutMs`: how long it may take to listen (a hub waiting for its database takes longer); `extra`: more options. */
export function spawnHubProcess(databaseUrl: string, port = 0, timeoutMs = 30_000, extra: readonly string[] = []): SpawnedHub {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'main/cli/main.ts'), 'hub', '--database', databaseUrl, '--port', String(port), ...extra],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const listening = new Promise<HubProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sello hub did not start:\n${out}`)), timeoutMs);
    const onData = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      resolve({ child, url: m[1], output: () => out, alive: () => child.exitCode === null && child.signalCode === null });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`sello hub exited with ${code ?? signal}:\n${out}`));
    });
  });
  return { child, output: () => out, listening };
}

export const startHubProcess = (databaseUrl: string, port = 0, extra: readonly string[] = []): Promise<HubProcess> =>
  spawnHubProcess(databaseUrl, port, 30_000, extra).listening;
