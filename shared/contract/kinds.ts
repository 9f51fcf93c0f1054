// The document kinds of the contract and their request schemas.
import type { z } from 'zod';
import { ccfBody, ccfBodyOf } from './ccf';
import { crBody } from './cr';
import type { Extensions } from './extensions';
import { fcBody, fcBodyOf } from './fc';
import { fexBody, fexBodyOf } from './fex';
import { fseBody } from './fse';
import { ncBody, ncBodyOf } from './nc';
import { nrBody, nrBodyOf } from './nr';
import { clBody } from './cl';
import { dclBody } from './dcl';
import { cdBody } from './cd';
import { DTE_KINDS, NEVER_IN_CONTINGENCY, SUPERVISED_KINDS, isDteKind, type DteKind } from './kind-list';

export { DTE_KINDS, NEVER_IN_CONTINGENCY, SUPERVISED_KINDS, isDteKind, type DteKind };

export const CREATE_SCHEMAS = {
  FC: fcBody,
  CCF: ccfBody,
  NC: ncBody,
  ND: ncBody,
  CR: crBody,
  FSE: fseBody,
  FEX: fexBody,
  NR: nrBody,
  CL: clBody,
  DCL: dclBody,
  CD: cdBody,
} as const satisfies Record<DteKind, z.ZodType>;

/**
 * The same bodies with the `decimal-quantity` extension: an item's quantity takes up to 8 decimals
 * (docs/decisions/0072-decimal-quantities.md). CR has no quantity and FSE's is decimal in the spec already.
 */
const DECIMAL_QUANTITY_SCHEMAS = {
  FC: fcBodyOf('decimal'),
  CCF: ccfBodyOf('decimal'),
  NC: ncBodyOf('decimal'),
  ND: ncBodyOf('decimal'),
  CR: crBody,
  FSE: fseBody,
  FEX: fexBodyOf('decimal'),
  NR: nrBodyOf('decimal'),
  // A CL's and a DCL's lines are documents and amounts, not quantities; a CD's quantity is decimal already.
  CL: clBody,
  DCL: dclBody,
  CD: cdBody,
} as const satisfies Record<DteKind, z.ZodType>;

/** The schema a create request is checked with: the spec's unless the caller opted in to an extension. */
export function createSchema<K extends DteKind>(
  kind: K,
  extensions: Extensions,
): (typeof CREATE_SCHEMAS)[K] | (typeof DECIMAL_QUANTITY_SCHEMAS)[K] {
  return extensions.decimalQuantity ? DECIMAL_QUANTITY_SCHEMAS[kind] : CREATE_SCHEMAS[kind];
}

export type CreateBody<K extends DteKind> = z.output<(typeof CREATE_SCHEMAS)[K]>;
export type AnyCreateBody = CreateBody<DteKind>;

/** MH's tipoDte (CAT-002) of each kind. */
export const MH_TYPE: Record<DteKind, string> = {
  FC: '01',
  CCF: '03',
  NC: '05',
  ND: '06',
  CR: '07',
  FEX: '11',
  FSE: '14',
  NR: '04',
  CL: '08',
  DCL: '09',
  CD: '15',
};

/** The MH schema version each kind is issued with today (docs/decisions/0002-contract-gaps.md). */
export const SCHEMA_VERSION: Record<DteKind, number> = { FC: 1, CCF: 3, NC: 3, ND: 3, CR: 1, FSE: 1, FEX: 1, NR: 3, CL: 1, DCL: 1, CD: 1 };
