// The seals' part of the health page (GET /hub/v1/health, decisions 0031 and 0064): documents MH does not know or
// sealed otherwise are critical, each listed by name; invalidations MH does not show are a warning; a checker that cannot reach MH says why nothing is being checked.
// Pure: the problems and the checker's state in, the alerts out.
import type { HubAlert, HubSealHealth } from '../../shared/hub';
import { localDateTime } from '../core/clock';
import type { SealCheckerStatus } from './seal-checker';
import type { SealProblems } from './seal-checks';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function sealHealth(problems: SealProblems, checker: SealCheckerStatus | null): HubSealHealth {
  const alerts: HubAlert[] = [];
  if (problems.mismatch > 0)
    alerts.push({
      code: 'SEAL_MISMATCH',
      severity: 'critical',
      message: `${plural(problems.mismatch, 'documento aprobado tiene', 'documentos aprobados tienen')} un sello distinto del que MH dio o MH lo rechazó: no los dé por válidos; revise con la sucursal que los emitió y consulte en el portal de MH.`,
    });
  if (problems.unknown > 0)
    alerts.push({
      code: 'SEAL_UNKNOWN_TO_MH',
      severity: 'critical',
      message: `MH no conoce ${plural(problems.unknown, 'documento que la sucursal dio por aprobado', 'documentos que las sucursales dieron por aprobados')}: no los dé por válidos; pida explicación a la sucursal y consulte en el portal de MH.`,
    });
  if (problems.notShown > 0)
    alerts.push({
      code: 'INVALIDATION_NOT_SHOWN',
      severity: 'warning',
      message: `MH muestra vigentes ${plural(problems.notShown, 'documento que una sucursal invalidó', 'documentos que las sucursales invalidaron')}: los libros de la central los cuentan como ventas hasta que MH los muestre invalidados. Verifíquelos en la consulta pública de MH; la central vuelve a consultar cada 6 horas.`,
    });
  if (checker?.blockedBy)
    alerts.push({
      code: 'SEAL_CHECK_STALLED',
      severity: 'warning',
      message: `La central no puede confirmar sellos con MH ahora: ${checker.blockedBy}. Reintentará sola${checker.retryAt ? ` a las ${localDateTime(new Date(checker.retryAt)).time.slice(0, 5)}` : ''}.`,
    });
  return {
    alerts,
    problems: problems.unknown + problems.mismatch + problems.notShown,
    documents: problems.listed,
    checker,
  };
}
