// A document MH never received, rewritten as a contingency document (docs/mh.md, "Contingency"): the deferred
// model (tipoModelo 2), transmission by contingency (tipoOperacion 2), the event's type and reason. Only the
// identification changes; the caller signs it again. Versions whose schema has no contingency form (CR v1) stay
// as they are and wait for MH.
import type { DteKind } from '../../../../shared/contract';
import { serializerOfVersion } from './serializers';

export interface ContingencyMark {
  readonly type: 1 | 2 | 3 | 4 | 5;
  readonly reason: string | null;
}

export function asContingencyDocument<D extends { identificacion?: unknown }>(
  kind: DteKind,
  version: number,
  doc: D,
  mark: ContingencyMark,
): D | null {
  if (!serializerOfVersion(kind, version).contingency) return null;
  // FEX v1 spells the reason field without the second n; v3 fixed it.
  const reasonKey = kind === 'FEX' && version === 1 ? 'motivoContigencia' : 'motivoContin';
  const identificacion = {
    ...(doc.identificacion as Record<string, unknown>),
    tipoModelo: 2,
    tipoOperacion: 2,
    tipoContingencia: mark.type,
    [reasonKey]: mark.reason,
  };
  return { ...doc, identificacion };
}
