// The official schema folder the tests use, read at ../shared/mh (never copied into the project).
import { join } from 'node:path';
import { schemaFolder } from '../../main/core/mh-sim/schema-validator';

export { schemaErrors } from '../../main/core/mh-sim/schema-validator';
export const SCHEMA_DIR = join(__dirname, '..', '..', '..', 'shared', 'mh', 'schemas', 'legacy-v1-2023');
const folder = schemaFolder(SCHEMA_DIR);
export const validatorFor = (file: string) => folder.validator(file);
