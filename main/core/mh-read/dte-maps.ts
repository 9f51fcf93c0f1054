// Every DTE schema version the product reads, by kind and version: legacy (2023) and Normativa DTE v2.0 (2026).
import type { DteKind } from '../../../shared/contract';
import { MH_VERSIONS, NORMATIVES } from '../../../shared/normative';
import type { DteMap } from './field-map';
import { CCF_V3 } from './maps/ccf-v3';
import { CCF_V4 } from './maps/ccf-v4';
import { CD_V1, CD_V2 } from './maps/cd';
import { CL_V1, CL_V2 } from './maps/cl';
import { DCL_V1, DCL_V2 } from './maps/dcl';
import { NR_V3, NR_V4 } from './maps/nr';
import { CR_V1 } from './maps/cr-v1';
import { CR_V2 } from './maps/cr-v2';
import { FC_V1 } from './maps/fc-v1';
import { FE_V2 } from './maps/fe-v2';
import { FEX_V1 } from './maps/fex-v1';
import { FEX_V3 } from './maps/fex-v3';
import { FSE_V1 } from './maps/fse-v1';
import { FSE_V2 } from './maps/fse-v2';
import { NC_V3, ND_V3 } from './maps/note-v3';
import { NC_V4, ND_V4 } from './maps/note-v4';

export const DTE_MAPS: readonly DteMap[] = [
  FC_V1,
  FE_V2,
  CCF_V3,
  CCF_V4,
  NC_V3,
  NC_V4,
  ND_V3,
  ND_V4,
  CR_V1,
  CR_V2,
  FSE_V1,
  FSE_V2,
  FEX_V1,
  FEX_V3,
  NR_V3,
  NR_V4,
  CL_V1,
  CL_V2,
  DCL_V1,
  DCL_V2,
  CD_V1,
  CD_V2,
];

/** CAT-002 codes of the kinds, as identificacion.tipoDte writes them. */
export const MH_TYPE_OF: Readonly<Record<DteKind, string>> = {
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

const BY_KEY = new Map(DTE_MAPS.map((m) => [`${m.kind}:${m.version}`, m]));

// Every version a serializer writes has its reader (shared/normative.ts names them).
for (const n of NORMATIVES)
  for (const [kind, version] of Object.entries(MH_VERSIONS[n]))
    if (!BY_KEY.has(`${kind}:${version}`)) throw new Error(`no MH reader for ${kind} v${version}`);

/** The map of `kind` at MH `version`; null for a version the product never wrote or took. */
export const dteMapOf = (kind: DteKind, version: number): DteMap | null => BY_KEY.get(`${kind}:${version}`) ?? null;
