// `npm run api:openapi [file]`: the local API's OpenAPI 3.1 document written to a file (dist/openapi.json unless
// told), the same one `sello serve` answers at /openapi.json. CI writes it after the build (scripts/test-all.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ROUTE_TABLE } from '../main/http/server';
import { openApiDocument } from '../main/http/openapi/document';
import { SELLO_VERSION } from '../main/core/station/station-service';

const file = resolve(process.argv[2] ?? 'dist/openapi.json');
const doc = openApiDocument(ROUTE_TABLE, SELLO_VERSION);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
const operations = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(`${file}: OpenAPI ${String(doc.openapi)}, ${operations} operaciones`);
