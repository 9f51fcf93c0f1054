// Active products whose unit the 2026 CAT-014 lacks (decision 0086): once 2026 is in force the counter refuses
// them, so the station says so while the switch is ahead, and after it, until a supervisor changes the units.
import { UNIT_KEYS } from '../../../shared/catalogs';
import { contractValueAllowed } from '../../../shared/catalogs/normative';
import { normativeStatus, type MhNormativeSetting } from '../../../shared/normative';
import type { StationAlert } from '../../../shared/records';
import { esDateTime } from '../../../shared/es-sv';

/** The contract's units the 2026 CAT-014 lacks. */
const DROPPED_2026: readonly string[] = UNIT_KEYS.filter((u) => !contractValueAllowed('CAT-014', '2026', u));

/** `using(units)`: how many active products use each of these units; asked only while 2026 is in force or ahead. */
export function unitAlerts(
  using: (units: readonly string[]) => readonly { unit: string; count: number }[],
  setting: MhNormativeSetting | null,
  now: Date,
): StationAlert[] {
  const status = normativeStatus(setting, now);
  const ahead = status.inForce !== '2026' && status.scheduled?.to === '2026' ? status.scheduled.at : null;
  if (status.inForce !== '2026' && ahead === null) return [];
  const off = using(DROPPED_2026).filter((u) => u.count > 0);
  if (off.length === 0) return [];
  const count = off.reduce((n, u) => n + u.count, 0);
  const which = off.map((u) => u.unit).join(', ');
  const products = count === 1 ? '1 producto activo usa una unidad' : `${count} productos activos usan unidades`;
  return [
    {
      code: 'units_off_catalog',
      level: 'warning',
      message: ahead
        ? `${products} que la normativa 2026 no tiene (${which}); desde el ${esDateTime(ahead, false)} su venta se rechazará.`
        : `${products} que la normativa 2026 no tiene (${which}): su venta se rechaza.`,
      action: 'En Productos, cambie la unidad de esos productos por una del catálogo vigente (por ejemplo UNIDAD u OTRA).',
      since: null,
    },
  ];
}
