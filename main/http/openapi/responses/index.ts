// The success bodies the OpenAPI document describes field by field, one file per domain, keyed `METHOD /path`
// (OpenAPI's braces) as in operations.ts. document.ts draws each JSON answer from here; a schema named in
// NAMED_RESPONSES is drawn once under components and `$ref`'d.
import type { z } from 'zod';
import { dteListPage, dteRecord } from './dte';

export { dteListPage, dteRecord, problem } from './dte';

/** The success body of each operation that answers JSON. */
export const RESPONSE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  'GET /dte': dteListPage,
  'GET /dte/{id}': dteRecord,
};

/** Schemas drawn once under `#/components/schemas/<name>`. */
export const NAMED_RESPONSES: Readonly<Record<string, z.ZodType>> = { DteRecord: dteRecord, DteListPage: dteListPage };
