// The MH normative setting (ADMIN): which normative issues now and when it changes (shared/normative.ts). Saved
// only when the station can issue under it (normative-checks.ts); every change is in the audit log.
import { validate } from '../../../shared/contract';
import { mhNormativeSetting, normativeAt, normativeStatus, type NormativeView } from '../../../shared/normative';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { validationFailed } from '../errors';
import type { Store } from '../store/database';
import { normativeProblems, stationCatalogProblems } from './normative-checks';
import type { StationRepo } from './station-repo';

export interface NormativeService {
  readonly get: () => NormativeView;
  readonly set: (input: unknown, actor: string) => NormativeView;
}

export function normativeService(d: { store: Store; clock: Clock; stations: StationRepo }): NormativeService {
  const station = () => {
    const s = d.stations.get();
    if (!s) throw new Error('station is not configured');
    return s;
  };
  const get = (): NormativeView => {
    const now = d.clock.now();
    const stored = station().mhNormative ?? null;
    const status = normativeStatus(stored, now);
    return { setting: { current: normativeAt(stored, now), switchAt: status.scheduled?.at ?? null }, status };
  };
  return {
    get,
    set(input, actor) {
      const parsed = validate(mhNormativeSetting, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'La normativa no es válida.');
      const setting = parsed.value;
      const now = d.clock.now();
      // A switch in the past would re-date documents already issued; the station file may carry one (it is re-read).
      if (setting.switchAt && Date.parse(setting.switchAt) <= now.getTime())
        throw validationFailed([
          { path: 'switchAt', code: 'NOT_ALLOWED', message: 'El cambio de normativa se programa para un momento futuro.' },
        ]);
      const problems = normativeProblems(station(), setting);
      if (problems.length) throw validationFailed(problems, 'La estación aún no puede emitir con la normativa 2026.');
      const codes = stationCatalogProblems(station(), setting);
      if (codes.length) throw validationFailed(codes, 'La estación tiene un código que el catálogo de MH de esa normativa no tiene.');
      d.store.tx(() => {
        d.stations.setNormative(setting);
        audit(d.store, isoLocal(now), actor, 'station.normative', station().company.id, { ...setting });
      });
      return get();
    },
  };
}
