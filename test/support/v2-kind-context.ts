// v2Context for kinds other than the factura: the same station and date, the kind's own control number.
import type { DteKind } from '../../shared/contract';
import { formatControlNumber } from '../../main/core/dte/control-number';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { V2_STATION, v2Context } from './v2-context';

/** The n-th document of `kind` in the station's M001P001 sequence. */
export function v2KindContext(kind: DteKind, n: number, station = V2_STATION): BuildContext {
  const ctx = v2Context(n, station);
  return {
    ...ctx,
    identity: { ...ctx.identity, numeroControl: formatControlNumber(kind, station.branch.mhCode, station.branch.posNumber, n) },
  };
}
