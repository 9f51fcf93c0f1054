// The official schema folders the tests use, read at ../shared/mh (never copied into the project).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { schemaFolder } from '../../main/mh-sim/schema-validator';

export { schemaErrors } from '../../main/mh-sim/schema-validator';
export const SCHEMA_DIR =
  process.env.SELLO_MH_SCHEMAS ?? fileURLToPath(new URL('../../../shared/mh/schemas/legacy-v1-2023', import.meta.url));
/** MH's Normativa DTE v2.0 (2026) schemas. */
export const SCHEMA_DIR_V2 =
  process.env.SELLO_MH_SCHEMAS_V2 ?? fileURLToPath(new URL('../../../shared/mh/schemas/v2-2026', import.meta.url));
// Without MH's schemas every exchange with the simulator fails slowly; say so at once instead.
for (const dir of [SCHEMA_DIR, SCHEMA_DIR_V2])
  if (!existsSync(dir)) throw new Error(`MH's schemas are not at ${dir}: the tests read ../shared/mh next to the project.`);
const folder = schemaFolder(SCHEMA_DIR, 'legacy');
const folderV2 = schemaFolder(SCHEMA_DIR_V2, '2026');
export const validatorFor = (file: string) => folder.validator(file);
export const validatorForV2 = (file: string) => folderV2.validator(file);
