// When the station's MH certificate ends: warnings 30 and 7 days before, critical the last day and once it has
// ended (docs/decisions/0027-certificate-life-cycle.md). Pure: the end and the clock in; the station's alert
// board and the hub's health page both read it.

const DAY_MS = 86_400_000;
/** El Salvador keeps UTC-6 all year. */
const SV_OFFSET_MS = 6 * 3_600_000;

/** Days before the end at which the station warns: the level steps up at each one. */
export const EXPIRY_THRESHOLDS_DAYS = [30, 7, 1] as const;

export interface CertificateExpiry {
  readonly level: 'warning' | 'critical';
  /** The threshold crossed (30, 7, 1), or 0 once the certificate has ended. */
  readonly threshold: 30 | 7 | 1 | 0;
  /** Whole days left (rounded up), 0 once ended. */
  readonly daysLeft: number;
  /** The end as dd/mm/aaaa, El Salvador time. */
  readonly endsOn: string;
  readonly message: string;
  readonly action: string;
}

const dayOf = (d: Date) => {
  const iso = new Date(d.getTime() - SV_OFFSET_MS).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
};

const ACTION =
  'Renueve el certificado de firma en el portal de MH y, cuando MH lo registre, impórtelo en Ajustes (o en certificateFile del archivo de la estación, y reinicie).';

/** Null while the end is more than 30 days away (or unknown). */
export function certificateExpiry(notAfter: Date | string | null | undefined, now: Date): CertificateExpiry | null {
  if (notAfter === null || notAfter === undefined) return null;
  const end = typeof notAfter === 'string' ? new Date(notAfter) : notAfter;
  if (Number.isNaN(end.getTime())) return null;
  const left = end.getTime() - now.getTime();
  const endsOn = dayOf(end);
  if (left <= 0)
    return {
      level: 'critical',
      threshold: 0,
      daysLeft: 0,
      endsOn,
      message: `El certificado de firma de MH venció el ${endsOn}: MH rechazará los documentos firmados con él`,
      action: ACTION,
    };
  const daysLeft = Math.ceil(left / DAY_MS);
  const threshold = EXPIRY_THRESHOLDS_DAYS.filter((t) => left <= t * DAY_MS).at(-1);
  if (threshold === undefined) return null;
  return {
    level: threshold === 1 ? 'critical' : 'warning',
    threshold,
    daysLeft,
    endsOn,
    message:
      daysLeft === 1
        ? `El certificado de firma de MH vence mañana o antes (${endsOn})`
        : `El certificado de firma de MH vence en ${daysLeft} días (${endsOn})`,
    action: ACTION,
  };
}
