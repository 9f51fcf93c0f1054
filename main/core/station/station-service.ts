// The station as the core serves it: its profile (configure, Ajustes' update), MH's certificate, and the
// views of it without secrets (settings screen, /health).
import { readFileSync } from 'node:fs';
import { validate } from '../../../shared/contract';
import type { Health, StationInfo, StationSaved } from '../../../shared/records';
import { stationUpdate } from '../../../shared/station';
import { markUnconfirmed } from '../dte/numbering-state';
import { audit } from '../audit';
import type { ApiKeys } from '../auth/api-keys';
import type { Users } from '../auth/users-repo';
import type { SmtpSettings } from '../delivery/smtp-settings';
import { isoLocal, type Clock } from '../clock';
import { CoreError, validationFailed } from '../errors';
import type { Logger } from '../logger';
import type { MhOverride } from '../mh/client-cache';
import { requireMhAddress } from '../mh/pinned-address';
import { fileFingerprint, generateMhCertificate, keyFingerprint } from '../signing/certificate';
import type { SigningKeys } from '../signing/signing-key';
import type { Store } from '../store/database';
import type { Webhooks } from '../webhooks/webhooks';
import { checkCertificate, checkMhLogin, refuseEndedCertificate, type CertificatePaths } from './checks';
import { identityChanges } from './identity';
import { normativeProblems, stationCatalogProblems } from './normative-checks';
import { secretsLostReason } from './secrets';
import { stationProfile, type StationProfile, type StoredStation } from './profile';
import type { StationRepo } from './station-repo';

export const SELLO_VERSION = '0.1.0';
const DEMO_CERT_PASSWORD = 'demo';

export interface CertificateInput {
  readonly xml: string;
  readonly password: string;
}

export interface StationServiceDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  readonly stations: StationRepo;
  readonly signing: SigningKeys;
  readonly keys: ApiKeys;
  /** The station file's `users` go here. */
  readonly users: Pick<Users, 'apply'>;
  /** The station file's `webhooks` go here (only when the file has the key: Ajustes and the wizard leave them). */
  readonly webhooks: Pick<Webhooks, 'applyFile'>;
  /** The station file's `smtp` goes here (its password sealed); Ajustes and the wizard leave it. */
  readonly smtp: Pick<SmtpSettings, 'apply'>;
  readonly mhOverride: MhOverride | undefined;
  /** Addresses allowed for MH besides MH's own (mh/pinned-address.ts). */
  readonly allowedMhUrls: readonly string[];
}

// Members are functions, not methods: the core hands them out on their own (no `this`).
export interface StationService {
  readonly station: () => StoredStation;
  readonly stationInfo: () => StationInfo;
  readonly health: () => Health;
  /** Applies a station profile (idempotent); API keys in it are stored hashed. */
  readonly configure: (
    profile: unknown,
    actor: string,
    certificate?: CertificateInput,
  ) => { changed: boolean; certificateChanged: boolean };
  /** Ajustes: data, MH credentials and certificate; the identity (environment, NIT, branch, POS) stays. */
  readonly update: (input: unknown, actor: string) => Promise<StationSaved & { credentialsChanged: boolean; certificateChanged: boolean }>;
  /** Ajustes' import: true when it is a new signing certificate (a renewal keeps the one before in the history). */
  readonly importCertificate: (xml: string, password: string, actor: string) => boolean;
}

export function stationService(d: StationServiceDeps): StationService {
  const { store, clock, stations, signing } = d;
  const station = (): StoredStation => {
    const s = stations.get();
    if (!s) throw new Error('station is not configured');
    return s;
  };

  /** Checks and stores a certificate as the signing one; a renewal keeps the one before in the history, audited. */
  const importCertificate = (xml: string, password: string, nit: string, actor: string, paths: CertificatePaths) => {
    const cert = checkCertificate(xml, password, nit, paths);
    const at = isoLocal(clock.now());
    const fingerprint = keyFingerprint(cert.publicKey);
    if (fingerprint === signing.fingerprint() && !signing.lost()) return false;
    // The stored certificate's key opened again is not a new one; any other must not have ended already.
    if (fingerprint !== signing.fingerprint()) refuseEndedCertificate(cert, clock.now(), paths.file);
    const { replaced } = signing.store(cert, at, actor);
    audit(store, at, actor, replaced ? 'certificate.renewed' : 'certificate.imported', nit, {
      fingerprint,
      notAfter: cert.notAfter?.toISOString() ?? null,
      ...(replaced ? { replaced } : {}),
    });
    return true;
  };

  const configure = (input: unknown, actor: string, certificate?: CertificateInput) => {
    const parsed = validate(stationProfile, input);
    if (!parsed.ok) throw validationFailed(parsed.errors, 'La configuración de la estación tiene datos no válidos.');
    const profile: StationProfile = parsed.value;
    const normative = normativeProblems(profile, profile.mhNormative);
    if (normative.length) throw validationFailed(normative, 'La estación aún no puede emitir con la normativa 2026.');
    const codes = stationCatalogProblems(profile, profile.mhNormative);
    if (codes.length) throw validationFailed(codes, 'La estación tiene un código que el catálogo de MH de su normativa no tiene.');
    if (profile.mh)
      requireMhAddress(profile.mh.baseUrl, profile.environment, d.allowedMhUrls, 'La configuración de la estación tiene datos no válidos.');
    const at = isoLocal(clock.now());
    const certFile = profile.mh?.certificateFile;
    let certXml: string | null = null;
    // Read at every start: imported when it is not the stored certificate (a renewal: another fingerprint; a
    // certificate of another NIT is refused below), or again, with the password given alongside, when the stored
    // key does not open here (a data folder brought from another machine).
    const needed = signing.nit() !== profile.company.nit || (signing.lost() && profile.mh?.certificatePassword);
    if (certFile) {
      try {
        const xml = readFileSync(certFile, 'utf8');
        if (needed || fileFingerprint(xml) !== signing.fingerprint()) certXml = xml;
      } catch {
        const message = `No se puede leer el archivo ${certFile}.`;
        if (needed) throw validationFailed([{ path: 'mh.certificateFile', code: 'NOT_ALLOWED', message }]);
        // The stored certificate keeps signing; the log says why the file was not looked at.
        d.logger.warn('the station file names a certificate file that cannot be read; the stored certificate stays', {
          path: 'mh.certificateFile',
        });
      }
    }
    // Station, keys and certificate in one transaction: a refused certificate leaves nothing half applied.
    return store.tx(() => {
      const first = stations.get() === null;
      const changed = stations.save(profile);
      // A new data folder never numbers from 1 in silence: only a deliberate "new point of sale" does (decision 0029).
      if (first && !profile.demo) {
        if (profile.newPointOfSale) audit(store, at, actor, 'numbering.confirmed_new', profile.branch.mhCode, { source: 'station file' });
        else markUnconfirmed(store, 'new_folder', at);
      }
      for (const key of profile.apiKeys ?? []) d.keys.add(key, profile.demo ? 'demo' : 'station file', at);
      if (profile.users) d.users.apply(profile.users, actor, at, profile.demo === true);
      if (profile.webhooks) d.webhooks.applyFile(profile.webhooks, actor, at);
      if (profile.smtp) d.smtp.apply(profile.smtp, actor);
      if (changed)
        audit(store, at, actor, 'station.configured', profile.company.id, {
          environment: profile.environment,
          branch: profile.branch.mhCode,
        });
      let certificateChanged = false;
      if (certificate) {
        certificateChanged = importCertificate(certificate.xml, certificate.password, profile.company.nit, actor, {
          file: 'certificate.xml',
          password: 'certificate.password',
        });
      } else if (certXml !== null) {
        certificateChanged = importCertificate(certXml, profile.mh?.certificatePassword ?? '', profile.company.nit, actor, {
          file: 'mh.certificateFile',
          password: 'mh.certificatePassword',
        });
      } else if (profile.demo && !signing.privateKey()) {
        // The demo signs with a certificate of its own, generated in MH's format.
        const pem = generateMhCertificate(profile.company.nit, DEMO_CERT_PASSWORD);
        certificateChanged = importCertificate(pem, DEMO_CERT_PASSWORD, profile.company.nit, 'system', { file: 'mh', password: 'mh' });
      }
      return { changed, certificateChanged };
    });
  };

  const stationInfo = (): StationInfo => {
    const s = station();
    const c = s.company;
    return {
      environment: s.environment,
      demo: s.demo === true,
      company: {
        name: c.name,
        commercialName: c.commercialName ?? null,
        nit: c.nit,
        nrc: c.nrc,
        activity: c.economicActivityDescription,
        economicActivity: c.economicActivity,
        phone: c.phone,
        email: c.email,
        address: {
          department: c.address.department,
          municipality: c.address.municipality,
          district: c.address.district ?? null,
          complement: c.address.complement,
        },
      },
      branch: { mhCode: s.branch.mhCode, posNumber: s.branch.posNumber, establishmentType: s.branch.establishmentType },
      responsible: s.responsible
        ? {
            name: s.responsible.name,
            identificationDocument: {
              type: s.responsible.identificationDocument.type,
              number: s.responsible.identificationDocument.number,
            },
          }
        : null,
      mh: d.mhOverride
        ? { baseUrl: d.mhOverride.baseUrl, user: d.mhOverride.user }
        : s.mh
          ? { baseUrl: s.mh.baseUrl, user: s.mh.user }
          : null,
      certificate: { loaded: signing.privateKey() !== null, nit: signing.nit() },
      ...passwordsNeeded(),
    };
  };
  /** Stored secrets that do not open here: MH's password (unless MH is overridden) and the certificate's key. */
  const passwordsNeeded = (): { passwordsNeeded?: string } => {
    const reason = secretsLostReason({ mhPassword: !d.mhOverride && stations.mhSecretsLost(), certificate: signing.lost() });
    return reason ? { passwordsNeeded: reason } : {};
  };

  return {
    station,
    stationInfo,
    configure,
    health() {
      const s = station();
      return {
        status: 'ok',
        version: SELLO_VERSION,
        environment: s.environment,
        demo: s.demo === true,
        companyName: s.company.name,
        branchCode: s.branch.mhCode,
        posNumber: s.branch.posNumber,
        firstRun: false,
        welcomeSeen: true,
      };
    },
    importCertificate: (xml, password, actor) =>
      importCertificate(xml, password, station().company.nit, actor, { file: 'certificate', password: 'certificate' }),
    async update(input, actor) {
      const current = station();
      if (current.demo) {
        throw new CoreError('STATION_CONFLICT', 'La estación de demostración no se edita: configure su propia estación con el asistente.');
      }
      const parsed = validate(stationUpdate, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'Los datos de la estación no son válidos.');
      const u = parsed.value;
      const identity = identityChanges(current, u);
      if (identity.length > 0) {
        throw validationFailed(
          identity,
          'El ambiente, el NIT, la sucursal y el punto de venta no cambian en una estación: configure una nueva.',
        );
      }
      const secretsNow = stations.mhSecrets();
      // The stored password goes only where it was typed for: a new MH address or user needs it typed again.
      const target = !current.mh || current.mh.baseUrl !== u.mh.baseUrl || current.mh.user !== u.mh.user;
      if (target && u.mh.password == null) {
        throw validationFailed(
          [
            {
              path: 'mh.password',
              code: 'REQUIRED',
              message: 'Escriba la contraseña de la API de MH: cambió la dirección o el usuario de MH.',
            },
          ],
          'La contraseña guardada solo se envía a la dirección y el usuario para los que se escribió.',
        );
      }
      requireMhAddress(u.mh.baseUrl, current.environment, d.allowedMhUrls, 'Los datos de la estación no son válidos.');
      const password = u.mh.password ?? secretsNow?.password;
      if (!password) {
        const message = stations.mhSecretsLost()
          ? 'Escriba la contraseña de la API de MH: la guardada se cifró en otro equipo o con otra llave y aquí no se puede abrir.'
          : 'Escriba la contraseña de la API de MH.';
        throw validationFailed([{ path: 'mh.password', code: 'REQUIRED', message }]);
      }
      const mh = { baseUrl: u.mh.baseUrl, user: u.mh.user, password };
      // Credentials are checked only when they change; a station keeps working offline.
      const credentialsChanged = target || u.mh.password != null;
      const mhCheck = credentialsChanged
        ? await checkMhLogin(mh, current.environment, { fetch: d.fetch, clock, logger: d.logger })
        : 'unchanged';
      const profile: StationProfile = {
        ...current,
        company: { ...u.company, id: current.company.id },
        branch: u.branch,
        responsible: u.responsible ?? null,
        mh: { ...mh, certificatePassword: secretsNow?.certificatePassword ?? null, certificateFile: current.mh?.certificateFile ?? null },
      };
      const { certificateChanged } = configure(profile, actor, u.certificate ?? undefined);
      return { station: stationInfo(), mhCheck, credentialsChanged, certificateChanged };
    },
  };
}
