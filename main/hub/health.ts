// The branches' health (GET /hub/v1/health): each station's last report and the alerts the head office acts on.
// Pure: the stations, their reports and the hub's clock in, the screen's rows out (shared/hub.ts).
import { certificateExpiry } from '../../shared/certificate-expiry';
import type { HubAlert, HubHealth, StationHealth } from '../../shared/hub';
import type { StationRefusals } from './refusals';
import type { StoredHeartbeat } from './station-records';
import type { HubStation } from './stations';

/** No contact for this long is a warning; for a day, critical (a station offline that long may be lost). */
export const NO_CONTACT_WARNING_MS = 15 * 60_000;
export const NO_CONTACT_CRITICAL_MS = 24 * 3_600_000;
/** More documents than one batch waiting for the hub. */
export const BACKLOG_WARNING = 500;

/** '2026-11-23T10:05:00-06:00' → '23/11 10:05' (the station's own El Salvador time, as it wrote it). */
const stamp = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)} ${iso.slice(11, 16)}`;

function ago(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return h < 48 ? `${h} h` : `${Math.floor(h / 24)} días`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function alertsFor(lastContactAt: Date | null, stored: StoredHeartbeat | null, now: Date): HubAlert[] {
  const alerts: HubAlert[] = [];
  if (lastContactAt === null) {
    alerts.push({
      code: 'NO_CONTACT',
      severity: 'warning',
      message: 'La estación aún no se ha comunicado con la central: configure la central en sus Ajustes con un token de esta estación.',
    });
  } else {
    const silent = now.getTime() - lastContactAt.getTime();
    if (silent >= NO_CONTACT_WARNING_MS)
      alerts.push({
        code: 'NO_CONTACT',
        severity: silent >= NO_CONTACT_CRITICAL_MS ? 'critical' : 'warning',
        message: `Sin contacto desde hace ${ago(silent)}: revise que la estación esté encendida y con internet.`,
      });
  }
  if (stored?.auditRewoundAt)
    alerts.push({
      code: 'AUDIT_REWOUND',
      severity: 'critical',
      message: `La bitácora de auditoría de la estación retrocedió (${stored.auditRewoundAt.toISOString().slice(0, 16)} UTC): ¿se restauró una copia? Pida explicación a la sucursal.`,
    });
  // The certificate's end, by the hub's clock: a station that stopped reporting still gets the warning.
  const expiry = certificateExpiry(stored?.heartbeat.certificate?.notAfter, now);
  if (expiry)
    alerts.push({
      code: 'CERTIFICATE_EXPIRING',
      severity: expiry.level,
      message: `${expiry.message}. ${expiry.action}`,
    });
  const sync = stored?.heartbeat.sync;
  if (!sync) return alerts.sort((a, b) => rank(a) - rank(b));
  if (sync.state === 'credentials')
    alerts.push({
      code: 'MH_CREDENTIALS',
      severity: 'critical',
      message: 'MH rechaza las credenciales de la estación: un administrador debe actualizarlas en sus Ajustes.',
    });
  if (sync.state === 'certificate')
    alerts.push({
      code: 'CERTIFICATE_REFUSED',
      severity: 'critical',
      message:
        'MH no reconoce el certificado de firma de la estación: nada se sella. Importe en sus Ajustes el certificado registrado en MH.',
    });
  const open = sync.contingencies.filter((c) => c.endedAt === null);
  const overdue = sync.contingencies.filter((c) => c.deadline === 'overdue').length + sync.overdue.length;
  const nearing = sync.contingencies.filter((c) => c.deadline === 'warning').length;
  if (open.length > 0 || sync.state === 'contingency') {
    const since = open[0]?.startedAt;
    const docs = open.reduce((n, c) => n + c.documents, 0);
    alerts.push({
      code: 'CONTINGENCY',
      severity: 'warning',
      message: `En contingencia${since ? ` desde ${stamp(since)}` : ''}: ${plural(docs, 'documento espera', 'documentos esperan')} a MH. La estación los enviará al volver la conexión.`,
    });
  }
  if (overdue > 0)
    alerts.push({
      code: 'MH_OVERDUE',
      severity: 'critical',
      message: `${plural(overdue, 'plazo de MH vencido', 'plazos de MH vencidos')}: revise la pantalla de sincronización de la estación y transmita hoy.`,
    });
  if (nearing > 0)
    alerts.push({
      code: 'MH_DEADLINE',
      severity: 'critical',
      message: `Menos de 2 horas para ${plural(nearing, 'un plazo', 'plazos')} de MH: la estación debe transmitir ya.`,
    });
  if (sync.queue.failed > 0)
    alerts.push({
      code: 'FAILED_DOCUMENTS',
      severity: 'warning',
      message: `${plural(sync.queue.failed, 'documento rechazado', 'documentos rechazados')} por MH: corríjalos en la estación.`,
    });
  if (sync.deliveries.failed > 0)
    alerts.push({
      code: 'FAILED_DELIVERIES',
      severity: 'warning',
      message: `${plural(sync.deliveries.failed, 'correo no entregado', 'correos no entregados')} a clientes: revise los correos en la estación.`,
    });
  if (sync.hub.waiting > BACKLOG_WARNING)
    alerts.push({
      code: 'REPLICATION_BACKLOG',
      severity: 'warning',
      message: `${sync.hub.waiting} documentos de la estación aún no llegan a la central.`,
    });
  const refused = (sync.hub as { refused?: number }).refused ?? 0;
  if (refused > 0)
    alerts.push({
      code: 'REPLICATION_REFUSED',
      severity: 'critical',
      message: `La central rechazó ${plural(refused, 'registro', 'registros')} de la estación: revise el registro del servidor de la central y la pantalla de sincronización de la estación.`,
    });
  return alerts.sort((a, b) => rank(a) - rank(b));
}

const rank = (a: HubAlert) => (a.severity === 'critical' ? 0 : 1);
const worst = (s: StationHealth) => (s.alerts.length === 0 ? 2 : rank(s.alerts[0]!));

/** The hub's own refusals of a station's documents: the station may be sending what it must not (another point's, forged). */
export function refusalAlert(r: StationRefusals | undefined): HubAlert[] {
  if (!r || r.count === 0) return [];
  const reasons = [...new Set(r.latest.map((l) => l.reason))].join(', ');
  return [
    {
      code: 'DOCUMENTS_REFUSED',
      severity: 'critical',
      message: `La central rechazó ${plural(r.count, 'documento', 'documentos')} de la estación por no verificarse (${reasons}): no cuentan en los libros. Revise la estación; si no lo explica, revoque su token.`,
    },
  ];
}

export function hubHealth(
  stations: readonly HubStation[],
  heartbeats: readonly StoredHeartbeat[],
  now: Date,
  refusals: readonly StationRefusals[] = [],
): HubHealth {
  const byStation = new Map(heartbeats.map((h) => [h.stationId, h]));
  const refusedBy = new Map(refusals.map((r) => [r.stationId, r]));
  const rows = stations.map((s): StationHealth => {
    const stored = byStation.get(s.id) ?? null;
    const last = s.lastContactAt ? new Date(s.lastContactAt) : null;
    return {
      station: { id: s.id, companyId: s.companyId, branchCode: s.branchCode, posNumber: s.posNumber, name: s.name },
      lastContactAt: s.lastContactAt,
      heartbeat: stored?.heartbeat ?? null,
      alerts: [...refusalAlert(refusedBy.get(s.id)), ...alertsFor(last, stored, now)].sort((a, b) => rank(a) - rank(b)),
      ...(refusedBy.has(s.id) ? { refused: { count: refusedBy.get(s.id)!.count, latest: refusedBy.get(s.id)!.latest } } : {}),
    };
  });
  rows.sort((a, b) => worst(a) - worst(b) || a.station.id.localeCompare(b.station.id));
  return { checkedAt: now.toISOString(), stations: rows };
}
