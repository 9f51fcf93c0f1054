// Which MH serializer issues each kind under each normative (shared/normative.ts). A document keeps the version
// it was issued with: anything later done with it (contingency, re-sending) looks its serializer up by version.
import type {
  AnyCreateBody,
  CcfBody,
  CdBody,
  ClBody,
  CrBody,
  DclBody,
  DteKind,
  FcBody,
  FexBody,
  FseBody,
  NcBody,
  NrBody,
} from '../../../../shared/contract';
import { SCHEMA_VERSION } from '../../../../shared/contract';
import { MH_VERSIONS, normativeOf, type Normative } from '../../../../shared/normative';
import { buildCcfV3 } from './ccf-v3';
import { buildCcfV4 } from './ccf-v4';
import { buildCdV1 } from './cd-v1';
import { buildCdV2 } from './cd-v2';
import { buildClV1 } from './cl-v1';
import { buildClV2 } from './cl-v2';
import { buildDclV1 } from './dcl-v1';
import { buildDclV2 } from './dcl-v2';
import { buildNrV3 } from './nr-v3';
import { buildNrV4 } from './nr-v4';
import type { BuildContext, Built } from './context';
import { buildCrV1 } from './cr-v1';
import { buildCrV2 } from './cr-v2';
import { buildFcV1 } from './fc-v1';
import { buildFeV2 } from './fe-v2';
import { buildFexV1 } from './fex-v1';
import { buildFexV3 } from './fex-v3';
import { buildFseV1 } from './fse-v1';
import { buildFseV2 } from './fse-v2';
import { buildNoteV3 } from './nc-v3';
import { buildNoteV4 } from './note-v4';

export interface Serializer {
  readonly version: number;
  /** MH's schema file name for this kind and version. */
  readonly schema: string;
  /** Whether MH accepts this kind as a contingency document (CR v1 does not). */
  readonly contingency: boolean;
  build(body: AnyCreateBody, ctx: BuildContext): Built;
}

export const SERIALIZERS: Record<DteKind, Serializer> = {
  FC: { version: 1, schema: 'fe-fc-v1.json', contingency: true, build: (b, c) => buildFcV1(b as FcBody, c) },
  CCF: { version: 3, schema: 'fe-ccf-v3.json', contingency: true, build: (b, c) => buildCcfV3(b as CcfBody, c) },
  NC: { version: 3, schema: 'fe-nc-v3.json', contingency: true, build: (b, c) => buildNoteV3('NC', b as NcBody, c) },
  ND: { version: 3, schema: 'fe-nd-v3.json', contingency: true, build: (b, c) => buildNoteV3('ND', b as NcBody, c) },
  CR: { version: 1, schema: 'fe-cr-v1.json', contingency: false, build: (b, c) => buildCrV1(b as CrBody, c) },
  FSE: { version: 1, schema: 'fe-fse-v1.json', contingency: true, build: (b, c) => buildFseV1(b as FseBody, c) },
  FEX: { version: 1, schema: 'fe-fex-v1.json', contingency: true, build: (b, c) => buildFexV1(b as FexBody, c) },
  NR: { version: 3, schema: 'fe-nr-v3.json', contingency: true, build: (b, c) => buildNrV3(b as NrBody, c) },
  // The CL, DCL and CD are never contingency documents (their schemas fix tipoModelo and tipoOperacion to 1).
  CL: { version: 1, schema: 'fe-cl-v1.json', contingency: false, build: (b, c) => buildClV1(b as ClBody, c) },
  DCL: { version: 1, schema: 'fe-dcl-v1.json', contingency: false, build: (b, c) => buildDclV1(b as DclBody, c) },
  CD: { version: 1, schema: 'fe-cd-v1.json', contingency: false, build: (b, c) => buildCdV1(b as CdBody, c) },
};

// The record's `version` and the serializer's must never drift apart.
for (const [kind, s] of Object.entries(SERIALIZERS)) {
  if (SCHEMA_VERSION[kind as DteKind] !== s.version) throw new Error(`version mismatch for ${kind}`);
}

/** MH's Normativa DTE v2.0 (2026) serializers (docs/mh.md, Schema versions per kind). */
export const SERIALIZERS_2026: Record<DteKind, Serializer> = {
  FC: { version: 2, schema: 'fe-f-v2.json', contingency: true, build: (b, c) => buildFeV2(b as FcBody, c) },
  CCF: { version: 4, schema: 'fe-ccf-v4.json', contingency: true, build: (b, c) => buildCcfV4(b as CcfBody, c) },
  NC: { version: 4, schema: 'fe-nc-v4.json', contingency: true, build: (b, c) => buildNoteV4('NC', b as NcBody, c) },
  ND: { version: 4, schema: 'fe-nd-v4.json', contingency: true, build: (b, c) => buildNoteV4('ND', b as NcBody, c) },
  // v2.0 lets the CR be a contingency document (docs/mh.md, Contingency event v3/v4; CR v1 could not).
  CR: { version: 2, schema: 'fe-cr-v2.json', contingency: true, build: (b, c) => buildCrV2(b as CrBody, c) },
  FSE: { version: 2, schema: 'fe-fse-v2.json', contingency: true, build: (b, c) => buildFseV2(b as FseBody, c) },
  FEX: { version: 3, schema: 'fe-fex-v3.json', contingency: true, build: (b, c) => buildFexV3(b as FexBody, c) },
  NR: { version: 4, schema: 'fe-nr-v4.json', contingency: true, build: (b, c) => buildNrV4(b as NrBody, c) },
  // MF2 §VIII p.18 (docs/mh.md, Contingency): not the CLE, DCLE or CDE.
  CL: { version: 2, schema: 'fe-cl-v2.json', contingency: false, build: (b, c) => buildClV2(b as ClBody, c) },
  DCL: { version: 2, schema: 'fe-dcl-v2.json', contingency: false, build: (b, c) => buildDclV2(b as DclBody, c) },
  CD: { version: 2, schema: 'fe-cd-v2.json', contingency: false, build: (b, c) => buildCdV2(b as CdBody, c) },
};

const BY_NORMATIVE: Record<Normative, Record<DteKind, Serializer>> = { legacy: SERIALIZERS, '2026': SERIALIZERS_2026 };

/** The serializer a document of `kind` is issued with under `normative`. */
export const serializerFor = (normative: Normative, kind: DteKind): Serializer => BY_NORMATIVE[normative][kind];

/** The normative a stored document of `kind` and MH `version` was issued under (versions never repeat per kind). */
export const normativeOfVersion = normativeOf;

// Each table issues the versions shared/normative.ts names (the UI reads them there).
for (const [normative, table] of Object.entries(BY_NORMATIVE))
  for (const [kind, s] of Object.entries(table))
    if (MH_VERSIONS[normative as Normative][kind as DteKind] !== s.version) throw new Error(`version mismatch for ${normative} ${kind}`);

/** The serializer of a stored document, by the version it was issued with. */
export const serializerOfVersion = (kind: DteKind, version: number): Serializer => serializerFor(normativeOfVersion(kind, version), kind);
