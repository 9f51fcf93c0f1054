// The official schema folder the tests use, read at ../shared/mh (never copied into the project).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { schemaFolder } from '../../main/core/mh-sim/schema-validator';

export { schemaErrors } from '../../main/core/mh-sim/schema-validator';
export const SCHEMA_DIR =
  process.env.SELLO_MH_SCHEMAS ?? fileURLToPath(new URL('../../../shared/mh/schemas/legacy-v1-2023', import.meta.url));
// Without MH's schemas every exchange with the simulator fails slowly; say so at once instead.
if (!existsSync(SCHEMA_DIR)) throw new Error(`MH's schemas are not at ${SCHEMA_DIR}: the tests read ../shared/mh next to the project.`);
const folder = schemaFolder(SCHEMA_DIR);
export const validatorFor = (file: string) => folder.validator(file);
