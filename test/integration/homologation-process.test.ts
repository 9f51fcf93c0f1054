// `sello homologate` the way the product runs it: a real process on real timers against the MH simulator with
// MH's official schemas, killed with SIGKILL halfway through and started again. The second process finishes the
// same run: nothing reached MH twice, every count is met, and the report kept with the station names exactly
// what the simulator sealed.
import BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DTE_KINDS, MH_TYPE } from '../../shared/contract';
import { HOMOLOGATION_MINIMUMS } from '../../shared/homologation';
import { tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { simRecord } from '../support/homologation';
import { ROOT, exitOf } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function homologate(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), 'homologate', ...args], {
    cwd: ROOT,
    env: { ...process.env, SELLO_LOTE_POLL_MS: '200' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
  return { child, output: () => out };
}

/** Documents the run has issued so far, read beside the running process (WAL lets a reader in). */
function stepsSoFar(dataDir: string): number {
  try {
    const db = new BetterSqlite3(join(dataDir, 'sello.db'), { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("SELECT COUNT(*) AS n FROM homologation_steps WHERE step = 'document'").get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

it('kill -9 halfway, then the same command finishes the run with nothing sent twice', { timeout: 300_000 }, async () => {
  const sim = await startSimulator({ schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 50 });
  cleanups.push(() => sim.close());
  const t = tempDir();
  cleanups.push(t.cleanup);
  const config = stationFileFor(sim, t.dir, 'homologation-process-key');
  const dataDir = join(t.dir, 'data');
  const args = ['--config', config, '--data-dir', dataDir, '--normative', 'legacy', '--seed', '424242', '--pace-ms', '0'];

  const first = homologate(args);
  // Well under way: a couple of hundred documents in (the whole run over the eleven kinds is some 610).
  const deadline = Date.now() + 180_000;
  while (stepsSoFar(dataDir) < 200) {
    if (first.child.exitCode !== null) throw new Error(`the first run ended early:\n${first.output()}`);
    if (Date.now() > deadline) throw new Error(`no progress:\n${first.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  first.child.kill('SIGKILL');
  expect(await exitOf(first.child)).toBeNull();
  expect(first.output()).toMatch(/Corrida [0-9a-f-]{36} iniciada/);

  const second = homologate(['--config', config, '--data-dir', dataDir]);
  expect(await exitOf(second.child), second.output()).toBe(0);
  expect(second.output()).toContain('Continuando la corrida');

  const record = await simRecord(sim.url);
  expect(Object.entries(record.received).filter(([, n]) => n !== 1)).toEqual([]);
  expect(record.receivedAfterAccepted).toBe(0);
  const csvPath = second.output().match(/\S+informe-homologacion\.csv/)?.[0];
  expect(csvPath, second.output()).toBeTruthy();
  const csv = readFileSync(csvPath!, 'utf8');
  for (const kind of DTE_KINDS) {
    const sealed = record.documents.filter((d) => d.tipoDte === MH_TYPE[kind]);
    const valid = sealed.filter((d) => !record.invalidations.some((i) => i.dte === d.codigoGeneracion));
    expect(valid.length, kind).toBeGreaterThanOrEqual(HOMOLOGATION_MINIMUMS[kind]);
    expect(second.output()).toContain(`${valid.length} sellados de ${HOMOLOGATION_MINIMUMS[kind]}`);
    for (const d of sealed) expect(csv).toContain(d.numeroControl!);
  }
  expect(record.invalidations).toHaveLength(5);
  expect(record.contingencyEvents).toHaveLength(5);

  // Once more: the run is over, so the command shows its report again and sends nothing.
  const received = (await simRecord(sim.url)).received;
  const third = homologate(['--config', config, '--data-dir', dataDir]);
  expect(await exitOf(third.child), third.output()).toBe(0);
  expect(third.output()).toContain('ya terminó');
  expect(third.output()).toContain(csvPath!);
  expect((await simRecord(sim.url)).received).toEqual(received);
});
