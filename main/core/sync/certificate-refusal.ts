// MH refuses the station's signature (803): the certificate it holds for the NIT is not the one the station signs
// with, typically after the company registered a renewed one (docs/decisions/0027-certificate-life-cycle.md).
// Not a fault of the document: it is never rejected for good, no attempt is spent, nothing more is sent but one
// probe document on the backoff, until MH accepts one or a new certificate is imported.
import type { StationAlert } from '../../../shared/records';
import { backoffMs } from './backoff';

export { isSignatureRefusal } from '../mh/classify';

export interface CertificateRefusal {
  /** MH's words the last time. */
  readonly message: string;
  readonly probes: number;
  readonly nextProbeAt: number;
  /** The certificate MH refused: importing another one ends the refusal. */
  readonly fingerprint: string | null;
  readonly since: string;
}

/** The refusal after one more refused document: the next probe waits longer (capped like every backoff). */
export function refusedAgain(
  before: CertificateRefusal | null,
  p: { message: string; fingerprint: string | null; now: Date; at: string; random: () => number },
): CertificateRefusal {
  const probes = before ? before.probes + 1 : 0;
  return {
    message: p.message,
    probes,
    nextProbeAt: p.now.getTime() + backoffMs(probes, p.random),
    fingerprint: p.fingerprint,
    since: before?.since ?? p.at,
  };
}

export const refusalText = (r: CertificateRefusal) =>
  `MH no reconoce el certificado de firma (${r.message}). Registre en MH el certificado vigente e impórtelo en Ajustes.`;

export function refusalAlert(r: CertificateRefusal): StationAlert {
  return {
    code: 'certificate_refused',
    level: 'critical',
    message: 'MH no reconoce el certificado: ningún documento se está sellando',
    action:
      'Si la empresa renovó el certificado en MH, impórtelo en Ajustes (o en certificateFile del archivo de la estación y reinicie). Si no, registre en MH el certificado con el que firma la estación. Los documentos esperan en cola y se envían solos.',
    since: r.since,
  };
}
