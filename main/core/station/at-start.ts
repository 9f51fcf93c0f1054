// What a start does with the station: a data folder without one becomes the demo (or is refused when it must
// exist), and stored secrets that do not open on this machine are said once in the log.
import { CoreError } from '../errors';
import type { Logger } from '../logger';
import type { SigningKeys } from '../signing/signing-key';
import { DEMO_STATION } from './demo';
import { MH_PASSWORD_LOST } from './secrets';
import type { StationRepo } from './station-repo';
import type { CertificateInput, StationService } from './station-service';

export interface StationAtStart {
  readonly dataDir: string;
  /** Open an existing station only: a data dir without one is refused, never turned into a demo. */
  readonly mustExist?: boolean | undefined;
  readonly initialStation?: unknown;
  readonly initialCertificate?: CertificateInput | undefined;
  readonly initialActor?: string | undefined;
}

export function openOrCreateStation(
  o: StationAtStart,
  d: { service: StationService; stations: StationRepo; signing: SigningKeys; mhOverridden: boolean; logger: Logger },
): void {
  // A first start with nothing configured is a demo station (docs/decisions/0002-contract-gaps.md).
  if (!d.stations.get()) {
    if (o.mustExist) throw new CoreError('STATION_NOT_READY', `No hay una estación configurada en ${o.dataDir}.`);
    d.service.configure(o.initialStation ?? DEMO_STATION, o.initialActor ?? 'system', o.initialCertificate);
    if (o.initialStation === undefined) d.logger.info('no station configured: demo station set up');
  }
  const lost = { mhPassword: mhPasswordNeeded(d.stations, d.mhOverridden)() !== null, certificate: d.signing.lost() };
  if (lost.mhPassword || lost.certificate)
    d.logger.warn('stored secrets do not open with this station key: they must be entered again', lost);
}

/** A data folder brought from another machine: MH's password must be typed again, the sync screen says why. */
export const mhPasswordNeeded = (stations: StationRepo, mhOverridden: boolean) => (): string | null =>
  !mhOverridden && stations.mhSecretsLost() ? MH_PASSWORD_LOST : null;
