// The `sello` commands: `sello serve` runs the core with the HTTP API and the browser UI; main.ts is the entry.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isLoopback } from '../http/guards';
import { clockOffsetFrom, offsetClock } from '../core/clock';
import { consoleLogger, silentLogger } from '../core/logger';
import { auditHeadFile } from '../core/audit-head';
import { osKeyring } from '../core/station/os-keyring';
import { logFailure } from '../core/store/out-of-space';
import { monthParam } from '../../shared/books';
import { ROLE_NAMES } from '../../shared/people';
import { DEMO_API_KEY } from '../core/station/demo';
import { createMhSimulator } from '../mh-sim/server';
import { booksCommand } from './books';
import { hubCommand } from './hub';
import { USAGE } from './usage';
import { auditVerifyCommand, backupCommand, restoreCommand, stationFolder, type ChainAccess } from './maintenance';
import { explicitSecretFile, insideDataDir, SecretFileInDataDirError, stationSecrets } from '../core/station/secret-key';
import { defaultDataDir, openHost, serve } from './serve';
import { homologateCommand } from './homologate';
import { untilSignal } from './until-signal';
import { consoleIo as io } from './console-io';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs one `sello` command (main.ts answers help before this module is loaded). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'mh-sim') return mhSim(rest);
  if (command === 'backup' || command === 'restore' || command === 'audit') return maintenance(command, rest);
  if (command === 'books') return booksCli(rest);
  if (command === 'hub') return hubCommand(rest, io);
  if (command === 'homologate') return homologate(rest);
  if (command !== 'serve') {
    process.stderr.write(`${USAGE}\n`);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      'data-dir': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8417' },
      config: { type: 'string' },
      demo: { type: 'boolean', default: false },
      'ui-dir': { type: 'string' },
      'demo-mh-port': { type: 'string' },
      'allow-host': { type: 'string', multiple: true },
      'secret-file': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port: ${values.port} no es un puerto válido\n`);
    return 2;
  }
  // Off loopback the station is reachable from the network: only when the names it answers to are given too.
  if (!isLoopback(values.host)) {
    if (!values['allow-host']?.length) {
      process.stderr.write(
        `--host ${values.host}: la estación quedaría accesible desde la red. Indique también --allow-host NOMBRE con el nombre o la dirección que usarán los puntos de venta.\n`,
      );
      return 2;
    }
    process.stderr.write(
      `AVISO: la estación atiende en ${values.host}, accesible desde la red (${values['allow-host'].join(', ')}). Solo las personas con sesión y las claves de API pueden llamarla; proteja la red.\n`,
    );
  }
  // The key that opens the station's secrets never travels with its data (docs/decisions/0005-secrets-at-rest.md).
  const secretFile = explicitSecretFile({ secretFile: values['secret-file'] });
  const dataDir = values['data-dir'] ?? defaultDataDir();
  if (secretFile && insideDataDir(secretFile, dataDir)) {
    const source = values['secret-file'] ? '--secret-file' : 'SELLO_SECRET_FILE';
    process.stderr.write(`${new SecretFileInDataDirError(secretFile, dataDir, source).message}\n`);
    return 2;
  }
  const logger = consoleLogger();
  // A promise nobody awaited must never take the station down: log it and keep serving (the sync engine
  // already catches its own faults; this is the last net).
  process.on('unhandledRejection', (reason) => logFailure(logger, 'unhandled rejection', reason));
  // How soon a contingency lote's results are asked for (MH: 1–3 minutes); tests with a fast simulator shorten it.
  const lotePollMs = Number(process.env.SELLO_LOTE_POLL_MS ?? '') || undefined;
  const running = await serve(
    {
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
      ...(values.config ? { config: values.config } : {}),
      host: values.host,
      port,
      demo: values.demo,
      uiDir: values['ui-dir'] ?? join(repoRoot, 'dist', 'renderer'),
      ...(values['demo-mh-port'] ? { demoMhPort: Number(values['demo-mh-port']) } : {}),
      ...(values['allow-host'] ? { allowHosts: values['allow-host'] } : {}),
      ...(lotePollMs ? { lotePollMs } : {}),
      ...(secretFile ? { secretFile } : {}),
    },
    logger,
  );
  if (running.host.current().health().demo) {
    process.stderr.write('MODO DEMOSTRACIÓN: empresa y documentos de prueba, sin validez fiscal.\n');
    // A newcomer's first minute: who to log in as, and the key a POS uses (demo data only, never a real station's).
    const people = running.host.current().people.demoUsers();
    process.stderr.write(`Clave de API de la demostración: ${DEMO_API_KEY}\nPersonas de la demostración (usuario / contraseña):\n`);
    for (const u of people) process.stderr.write(`  ${u.login.padEnd(11)} ${u.password.padEnd(11)} ${ROLE_NAMES[u.role]}, ${u.name}\n`);
  }
  const stopped = untilSignal(
    () => running.close(),
    (e) => logger.error('error while stopping', { error: String(e) }),
  );
  process.stdout.write(`listening on ${running.url}\n`);
  await stopped;
  return 0;
}

/** Tests only: after the swap, a file says so and the process waits a minute to be killed there (test/integration/restores.test.ts). */
function pauseAfterSwap(marker: string | undefined): { afterSwap?: () => void } {
  if (!marker) return {};
  return {
    afterSwap: () => {
      writeFileSync(marker, String(process.pid));
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
    },
  };
}

async function maintenance(command: 'backup' | 'restore' | 'audit', args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: command === 'audit',
    options: {
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      from: { type: 'string' },
      'secret-file': { type: 'string' },
    },
  });
  const dir = stationFolder(values['data-dir'] ?? defaultDataDir(), values.demo);
  // The audit chain's key opens with the station's own key, found as `serve` finds it (decision 0034).
  const secretFile = explicitSecretFile({ secretFile: values['secret-file'] });
  const access: ChainAccess = {
    box: () => stationSecrets({ secretFile, keyring: secretFile || process.env.SELLO_KEYRING === 'off' ? null : keyring })(dir),
    headFile: auditHeadFile(dir, { dir: secretFile ? dirname(resolve(secretFile)) : undefined }),
  };
  const keyring = command === 'backup' || secretFile || process.env.SELLO_KEYRING === 'off' ? null : await osKeyring(silentLogger);
  switch (command) {
    case 'backup':
      return backupCommand(dir, io);
    case 'restore':
      if (!values.from) {
        io.err('sello restore: falta --from ARCHIVO (una copia de DIR/backups).');
        return 2;
      }
      return restoreCommand(dir, values.from, io, access, pauseAfterSwap(process.env.SELLO_TEST_PAUSE_AFTER_SWAP));
    case 'audit':
      if (positionals[0] !== 'verify') {
        io.err(`${USAGE}`);
        return 2;
      }
      return auditVerifyCommand(dir, io, access);
    default: {
      const never: never = command;
      return never;
    }
  }
}

/** The MH simulator on its own, for POS developers and manual tests; admin routes under /_sim. */
async function booksCli(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      month: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (!values.month || !values.out) {
    process.stderr.write('sello books: indique --month AAAA-MM y --out CARPETA.\n');
    return 2;
  }
  const month = monthParam.safeParse(values.month);
  if (!month.success) {
    io.err(`--month ${values.month}: ${month.error.issues[0]?.message ?? 'no es un mes válido'}`);
    return 2;
  }
  return booksCommand(stationFolder(values['data-dir'] ?? defaultDataDir(), values.demo), month.data, values.out, io);
}

/** MH's homologation test set on the station of the data folder (cli/homologate.ts). */
async function homologate(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'data-dir': { type: 'string' },
      config: { type: 'string' },
      demo: { type: 'boolean', default: false },
      'secret-file': { type: 'string' },
      kinds: { type: 'string' },
      normative: { type: 'string' },
      seed: { type: 'string' },
      'pace-ms': { type: 'string' },
      new: { type: 'boolean', default: false },
    },
  });
  const logger = consoleLogger();
  const lotePollMs = Number(process.env.SELLO_LOTE_POLL_MS ?? '') || undefined;
  const host = await openHost(
    {
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
      ...(values.config ? { config: values.config } : {}),
      demo: values.demo,
      ...(values['secret-file'] ? { secretFile: values['secret-file'] } : {}),
      ...(lotePollMs ? { lotePollMs } : {}),
    },
    logger,
  );
  // Ctrl+C stops between two steps: the run goes on from there next time.
  const stop = () => host.current().homologation.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    return await homologateCommand(
      host,
      {
        ...(values.kinds ? { kinds: values.kinds } : {}),
        ...(values.normative ? { normative: values.normative } : {}),
        ...(values.seed ? { seed: values.seed } : {}),
        ...(values['pace-ms'] ? { paceMs: values['pace-ms'] } : {}),
        fresh: values.new,
      },
      io,
      logger,
      process.stderr.isTTY === true,
    );
  } finally {
    await host.close();
  }
}

async function mhSim(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8418' },
      schemas: { type: 'string' },
      'schemas-v2': { type: 'string' },
      'lote-delay-ms': { type: 'string', default: '2000' },
      'clock-offset-ms': { type: 'string' },
    },
  });
  const logger = consoleLogger();
  // MH's clock off the machine's by this much: a test skews a station against it (docs/decisions/0028-clock-skew.md).
  const clockOffset = clockOffsetFrom(values['clock-offset-ms'], '--clock-offset-ms');
  const sim = createMhSimulator({
    logger,
    clock: offsetClock(clockOffset),
    loteDelayMs: Number(values['lote-delay-ms']),
    ...(values.schemas ? { schemasDir: values.schemas } : {}),
    ...(values['schemas-v2'] ? { schemasV2Dir: values['schemas-v2'] } : {}),
  });
  await sim.app.listen({ host: values.host, port: Number(values.port) });
  const address = sim.app.server.address();
  const port = typeof address === 'object' && address ? address.port : Number(values.port);
  process.stderr.write(
    `MH simulado (${sim.checks === 'schemas' ? `esquemas oficiales de ${[values.schemas, values['schemas-v2']].filter(Boolean).join(' y ')}` : 'validaciones propias, sin esquemas de MH'}).\n`,
  );
  const stopped = untilSignal(() => sim.app.close());
  process.stdout.write(`listening on http://${values.host}:${port}\n`);
  await stopped;
  return 0;
}
