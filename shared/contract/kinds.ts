// The document kinds of the contract and their request schemas.
import type { z } from 'zod';
import { ccfBody } from './ccf';
import { crBody } from './cr';
import { fcBody } from './fc';
import { fexBody } from './fex';
import { fseBody } from './fse';
import { ncBody } from './nc';
import { DTE_KINDS, isDteKind, type DteKind } from './kind-list';

export { DTE_KINDS, isDteKind, type DteKind };

export const CREATE_SCHEMAS = {
  FC: fcBody,
  CCF: ccfBody,
  NC: ncBody,
  ND: ncBody,
  CR: crBody,
  FSE: fseBody,
  FEX: fexBody,
} as const satisfies Record<DteKind, z.ZodType>;

export type CreateBody<K extends DteKind> = z.output<(typeof CREATE_SCHEMAS)[K]>;
export type AnyCreateBody = CreateBody<DteKind>;

/** MH's tipoDte (CAT-002) of each kind. */
export const MH_TYPE: Record<DteKind, string> = { FC: '01', CCF: '03', NC: '05', ND: '06', CR: '07', FEX: '11', FSE: '14' };

/** The MH schema version each kind is issued with today (docs/decisions/0002-contract-gaps.md). */
export const SCHEMA_VERSION: Record<DteKind, number> = { FC: 1, CCF: 3, NC: 3, ND: 3, CR: 1, FSE: 1, FEX: 1 };
