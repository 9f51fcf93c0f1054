// `sello hub --database postgres://…`: the head office hub (main/hub/, docs/decisions/0016-head-office-hub.md), and
// `sello hub create-token`, which gives a station its token (shown once). Both bring the hub's database to the
// newest version first, so a new, empty database is all a hub needs.
import { parseArgs } from 'node:util';
import { createHub } from '../../hub/create-hub';
import { openHubDatabase } from '../../hub/hub-database';
import { buildHubServer } from '../../hub/http';
import { migrateHub } from '../../hub/migrate';
import { HUB_MIGRATIONS } from '../../hub/migrations';
import { consoleLogger } from '../logger';
import type { Output } from './maintenance';

export const HUB_USAGE = `  sello hub --database postgres://… [--host 127.0.0.1] [--port 8418]
  sello hub create-token --database postgres://… --station ID [--name NOMBRE --company NIT --branch M001 --pos P001]`;

export async function hubCommand(args: string[], io: Output): Promise<number> {
  if (args[0] === 'create-token') return createToken(args.slice(1), io);
  const { values } = parseArgs({
    args,
    strict: true,
    options: { database: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '8418' } },
  });
  const port = Number(values.port);
  if (!values.database || !Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`sello hub: indique --database postgres://… y un --port válido.\n${HUB_USAGE}`);
    return 2;
  }
  const logger = consoleLogger();
  const db = openHubDatabase(values.database);
  try {
    const m = await migrateHub(db.q, HUB_MIGRATIONS);
    if (m.from !== m.to) logger.info('hub database migrated', m);
    const app = await buildHubServer({ hub: createHub({ db: db.q, logger }), logger });
    await app.listen({ host: values.host, port });
    const address = app.server.address();
    io.out(`listening on http://${values.host}:${typeof address === 'object' && address ? address.port : port}`);
    await new Promise<void>((done) => {
      const stop = () => void app.close().then(done, done);
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
    return 0;
  } finally {
    await db.close();
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
    const t = await hub.tokens.create(values.station);
    io.err(`Token de la estación ${values.station} (id ${t.id}); se muestra solo esta vez, guárdelo en la estación:`);
    io.out(t.token);
    return 0;
  } finally {
    await db.close();
  }
}
