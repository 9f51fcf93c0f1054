// The checks a new or edited station goes through before anything is stored: the certificate opens with its
// password and belongs to the company, and MH accepts the credentials (or cannot be reached right now).
import { certificateExpiry } from '../../../shared/certificate-expiry';
import type { Environment } from '../../../shared/records';
import type { Clock } from '../clock';
import { validationFailed } from '../errors';
import type { Logger } from '../logger';
import { mhClient } from '../mh/client';
import { CertificateError, parseMhCertificate, type MhCertificate } from '../signing/certificate';

export interface CertificatePaths {
  /** The field naming the certificate itself (file or text). */
  readonly file: string;
  readonly password: string;
}

export function checkCertificate(xml: string, password: string, nit: string, paths: CertificatePaths): MhCertificate {
  let cert: MhCertificate;
  try {
    cert = parseMhCertificate(xml, password);
  } catch (e) {
    const wrongPassword = e instanceof CertificateError && e.reason === 'WRONG_PASSWORD';
    const message = e instanceof Error ? e.message : String(e);
    throw validationFailed(
      [{ path: wrongPassword ? paths.password : paths.file, code: 'NOT_ALLOWED', message }],
      'No se pudo importar el certificado de MH.',
    );
  }
  if (cert.nit !== nit) {
    throw validationFailed(
      [{ path: paths.file, code: 'NOT_ALLOWED', message: `El certificado es del NIT ${cert.nit}, no del NIT de la empresa (${nit}).` }],
      'No se pudo importar el certificado de MH.',
    );
  }
  return cert;
}

/**
 * A new certificate whose validity already ended is refused before anything is stored: MH refuses what it signs.
 * One ending within 30 days is taken; the `certificate_expiring` alert warns (signing/expiry-alerts.ts).
 */
export function refuseEndedCertificate(cert: MhCertificate, now: Date, path: string): void {
  const ended = certificateExpiry(cert.notAfter, now);
  if (ended?.threshold !== 0) return;
  throw validationFailed(
    [
      {
        path,
        code: 'NOT_ALLOWED',
        message:
          `El certificado de MH venció el ${ended.endsOn}: MH rechaza lo firmado con él. Renuévelo en el portal de MH ` +
          'y, cuando MH lo registre, importe el certificado nuevo.',
      },
    ],
    `No se importó el certificado de MH: venció el ${ended.endsOn}. La estación sigue con el certificado que tenía.`,
  );
}

export interface MhLoginDeps {
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * Logs in once with the given credentials. Refused credentials are a field error on `mh.password`; an MH that
 * does not answer is not an error (a station may be set up offline): the answer says it was not verified.
 */
export async function checkMhLogin(
  mh: { readonly baseUrl: string; readonly user: string; readonly password: string },
  environment: Environment,
  deps: MhLoginDeps,
): Promise<'ok' | 'unreachable'> {
  const client = mhClient({
    baseUrl: mh.baseUrl,
    user: mh.user,
    password: () => mh.password,
    ambiente: environment === 'LIVE' ? '01' : '00',
    fetch: deps.fetch,
    clock: deps.clock,
    logger: deps.logger,
  });
  const r = await client.verifyLogin();
  if (r.result === 'rejected') {
    throw validationFailed(
      [
        {
          path: 'mh.password',
          code: 'NOT_ALLOWED',
          message: 'MH no aceptó el usuario o la contraseña. Revise los datos de acceso a la API de MH.',
        },
      ],
      'MH rechazó las credenciales.',
    );
  }
  return r.result;
}
