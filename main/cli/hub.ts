// `sello hub --database postgres://…`: the head office hub (main/hub/, docs/decisions/0016-head-office-hub.md), and
// `sello hub create-token`, which gives a station its token (shown once), and `sello hub create-admin`, the first
// person (or a new administrator), whose password comes from SELLO_HUB_PASSWORD or stdin, never argv. All bring the hub's database to the
// newest version first, so a new, empty database is all a hub needs.
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { validate } from '../../shared/contract';
import { createHub } from '../hub/create-hub';
import { asDatabaseUnavailable } from '../hub/database-errors';
import { openHubDatabase, type HubDatabase } from '../hub/hub-database';
import { buildHubServer } from '../hub/http';
import { migrateHub } from '../hub/migrate';
import { HUB_MIGRATIONS } from '../hub/migrations';
import { hubPersonInput } from '../hub/people';
import type { SealCheckerOptions } from '../hub/seal-checker';
import { systemClock } from '../core/clock';
import { mhClient } from '../core/mh/client';
import { consoleLogger, type Logger } from '../core/logger';
import type { Output } from './maintenance';
import { untilSignal } from './until-signal';
import { sweepAbandonedDownloads } from '../core/books/book-file';
import { HUB_BOOKS_HEAP_MB } from '../hub/books-in-worker';
import { tsxWorkers } from './worker-entries';
import { HUB_HELP, HUB_USAGE } from './hub-usage';

/** `input`: where create-admin reads a password when SELLO_HUB_PASSWORD is not set (stdin; tests pass their own). */
export async function hubCommand(args: string[], io: Output, input: () => Promise<string> = readStdin): Promise<number> {
  if (args[0] === 'create-token') return createToken(args.slice(1), io);
  if (args[0] === 'create-admin') return createAdmin(args.slice(1), io, input);
  if (args[0] === '--help' || args[0] === '-h') {
    io.out(HUB_HELP);
    return 0;
  }
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      database: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '8418' },
      'mh-url': { type: 'string' },
      'mh-user': { type: 'string' },
      'mh-per-minute': { type: 'string', default: '20' },
      'books-heap-mb': { type: 'string', default: String(HUB_BOOKS_HEAP_MB) },
      'trust-proxy': { type: 'string', multiple: true },
    },
  });
  const trustProxy = trustedProxies(values['trust-proxy'] ?? []);
  if (typeof trustProxy === 'string') {
    io.err(`sello hub: --trust-proxy: ${trustProxy}\n${HUB_USAGE}`);
    return 2;
  }
  const port = Number(values.port);
  if (!values.database || !Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`sello hub: indique --database postgres://… y un --port válido.\n${HUB_USAGE}`);
    return 2;
  }
  const heapMb = Number(values['books-heap-mb']);
  if (!Number.isInteger(heapMb) || heapMb < 64 || heapMb > 16384) {
    io.err(`sello hub: --books-heap-mb es la memoria de los libros en MB, un entero de 64 a 16384.\n${HUB_USAGE}`);
    return 2;
  }
  const logger = consoleLogger();
  const mh = mhOptions(values, io, logger);
  if (mh === 'invalid') return 2;
  const db = openHubDatabase(values.database, { logger });
  try {
    const m = await migrateWhenReachable(db, logger);
    if (m.from !== m.to) logger.info('hub database migrated', m);
    // The month's books on a worker with a heap of its own (decision 0052): the process never grows past it for them.
    const booksWorker = { entry: tsxWorkers().hubBooks, database: values.database, heapMb };
    const hub = createHub({ db: db.q, logger, booksWorker, ...(mh ? { mh } : {}) });
    // Book files a killed hub left in the temporary folder: gone at start (books/book-file.ts).
    void sweepAbandonedDownloads().then((n) => n > 0 && logger.info('abandoned book downloads removed', { folders: n }));
    const app = await buildHubServer({ hub, logger, trustProxy });
    await app.listen({ host: values.host, port });
    const address = app.server.address();
    const stopped = untilSignal(async () => {
      await hub.seals.checker?.stop();
      await app.close();
      await hub.close();
    });
    hub.seals.checker?.start();
    // Records stored before the hub verified any (migration 007): checked once, in the background; until then the
    // books leave them out and say so. A hub without its company or certificate yet tries again at its next start.
    void hub
      .reverifyRecords()
      .catch((e: unknown) => logger.warn('hub records not reverified', { error: e instanceof Error ? e.message : String(e) }));
    io.out(`listening on http://${values.host}:${typeof address === 'object' && address ? address.port : port}`);
    await stopped;
    return 0;
  } finally {
    await db.close();
  }
}

/** The --trust-proxy list (addresses or CIDRs, comma-separated or repeated), or what is wrong with it. */
export function trustedProxies(given: readonly string[]): string[] | string {
  const list = given
    .flatMap((g) => g.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const entry of list) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined)
      return `«${entry}» no es una dirección IP ni una red CIDR (p. ej. 10.0.0.5 o 10.0.0.0/24); corríjala y vuelva a iniciar.`;
  }
  return list;
}

/**
 * MH's API for the seal checks (decision 0031): the company's one API user, its password from SELLO_HUB_MH_PASSWORD
 * (never argv, which a process list shows), taken out of the environment so no child process inherits it.
 * Null without --mh-url: this process checks no seals.
 */
function mhOptions(
  values: { 'mh-url'?: string | undefined; 'mh-user'?: string | undefined; 'mh-per-minute'?: string | undefined },
  io: Output,
  logger: Logger,
): Omit<SealCheckerOptions, 'checks' | 'clock' | 'logger'> | null | 'invalid' {
  const url = values['mh-url'];
  if (url === undefined) return null;
  const password = process.env.SELLO_HUB_MH_PASSWORD ?? '';
  delete process.env.SELLO_HUB_MH_PASSWORD;
  const perMinute = Number(values['mh-per-minute']);
  const problems = [
    !/^https?:\/\/\S+$/.test(url) && '--mh-url: la dirección de la API de MH, p. ej. https://apitest.dtes.mh.gob.sv',
    !/^\d{9}(\d{5})?$/.test(values['mh-user'] ?? '') && '--mh-user: el NIT del usuario de la API de MH de la empresa (9 o 14 dígitos)',
    !password && 'SELLO_HUB_MH_PASSWORD: la contraseña de la API de MH, en el entorno, nunca como argumento',
    !(Number.isInteger(perMinute) && perMinute >= 1 && perMinute <= 600) && '--mh-per-minute: consultas a MH por minuto, de 1 a 600',
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) {
    for (const p of problems) io.err(`sello hub: ${p}.`);
    return 'invalid';
  }
  return {
    perMinute,
    client: mhClient({
      baseUrl: url,
      user: values['mh-user']!,
      password: () => password,
      // Only the token's renewal age depends on it here (no document is sent): the test API's 11 h suits both.
      ambiente: '00',
      fetch,
      clock: systemClock,
      logger,
    }),
  };
}

/**
 * A hub started while PostgreSQL restarts or fails over waits for it (1 s, doubling to 30 s) instead of exiting:
 * started by systemd or a container with the database, it comes up by itself. Any other error stops it.
 */
async function migrateWhenReachable(db: HubDatabase, logger: Logger): Promise<{ from: number; to: number }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await migrateHub(db.q, HUB_MIGRATIONS);
    } catch (e) {
      const down = asDatabaseUnavailable(e);
      if (!down) throw e;
      const waitMs = Math.min(30_000, 1000 * 2 ** attempt);
      logger.warn('hub: database unavailable at start, waiting', {
        cause: down.why,
        waitMs,
        error: e instanceof Error ? e.message : String(e),
      });
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}

/** Registers the station when it is new (then --name, --company, --branch and --pos say what it is) and prints a token. */
async function createToken(args: string[], io: Output): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      database: { type: 'string' },
      station: { type: 'string' },
      name: { type: 'string' },
      company: { type: 'string' },
      branch: { type: 'string' },
      pos: { type: 'string' },
      points: { type: 'string' },
    },
  });
  if (!values.database || !values.station) {
    io.err(`sello hub create-token: indique --database y --station.\n${HUB_USAGE}`);
    return 2;
  }
  const db = openHubDatabase(values.database);
  try {
    await migrateHub(db.q, HUB_MIGRATIONS);
    const hub = createHub({ db: db.q });
    if (!(await hub.stations.get(values.station))) {
      const { name, company, branch, pos } = values;
      if (!name || !company || !branch || !pos) {
        io.err(`La estación ${values.station} es nueva: indique también --name, --company, --branch y --pos.`);
        return 2;
      }
      await hub.stations.register({ id: values.station, name, companyId: company, branchCode: branch, posNumber: pos });
      io.err(`Estación ${values.station} (${name}) registrada.`);
    }
    // The points of sale the token may write documents of: the station's own unless --points names others.
    const points = values.points?.split(',').map((p) => p.trim().toUpperCase());
    const t = await hub.tokens.create(values.station, points);
    io.err(
      `Token de la estación ${values.station} (id ${t.id}, puntos ${t.points.join(', ')}); se muestra solo esta vez, guárdelo en la estación:`,
    );
    io.out(t.token);
    return 0;
  } finally {
    await db.close();
  }
}

/** All of stdin, without its last line break: `printf %s "$PW" | sello hub create-admin …` or a here-string. */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * An ADMIN of the hub, who then makes everyone else over HTTP. The password never on the command line (a process
 * list or a shell history would show it): SELLO_HUB_PASSWORD, else stdin.
 */
async function createAdmin(args: string[], io: Output, input: () => Promise<string>): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { database: { type: 'string' }, login: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.database || !values.login || !values.name) {
    io.err(`sello hub create-admin: indique --database, --login y --name.\n${HUB_USAGE}`);
    return 2;
  }
  const password = process.env.SELLO_HUB_PASSWORD ?? (await input());
  const checked = validate(hubPersonInput, { login: values.login, name: values.name, role: 'ADMIN', password });
  if (!checked.ok) {
    for (const e of checked.errors) io.err(`${e.path}: ${e.message}`);
    if (!password) io.err('Pase la contraseña en SELLO_HUB_PASSWORD o por stdin, nunca como argumento.');
    return 2;
  }
  const db = openHubDatabase(values.database);
  try {
    await migrateHub(db.q, HUB_MIGRATIONS);
    const person = await createHub({ db: db.q }).people.create(checked.value);
    io.err(`Administrador ${person.login} (${person.name}) creado en la central.`);
    return 0;
  } finally {
    await db.close();
  }
}
