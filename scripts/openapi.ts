// `npm run api:openapi [dir]`: the OpenAPI 3.1 documents written to files (dist/ unless told): the station's local
// API (openapi.json, what `sello serve` answers at /openapi.json) and the hub's (hub-openapi.json, what `sello hub`
// answers at /hub/openapi.json). CI writes them after the build (scripts/test-all.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { silentLogger } from '../main/core/logger';
import { SELLO_VERSION } from '../main/core/station/station-service';
import { ROUTE_TABLE } from '../main/http/server';
import { openApiDocument } from '../main/http/openapi/document';
import type { Hub } from '../main/hub/create-hub';
import { buildHubServer } from '../main/hub/http';

const dir = resolve(process.argv[2] ?? 'dist');
mkdirSync(dir, { recursive: true });

function write(name: string, doc: Record<string, unknown>): void {
  const file = join(dir, name);
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  const operations = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  console.log(`${file}: OpenAPI ${String(doc.openapi)}, ${operations} operaciones`);
}

write('openapi.json', openApiDocument(ROUTE_TABLE, SELLO_VERSION));
// The hub's document is built from the routes its server registers; registering them touches no database.
const hub = await buildHubServer({ hub: {} as Hub, logger: silentLogger });
write('hub-openapi.json', (await hub.inject({ method: 'GET', url: '/hub/openapi.json' })).json());
await hub.close();
