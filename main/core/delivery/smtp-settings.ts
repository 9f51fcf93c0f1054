// The station's SMTP settings (Ajustes' API and the station file's `smtp`), kept in `settings`: the server and
// the sender in plain JSON, the password sealed with the station's secret box (decision 0005), never returned,
// logged or audited. The stored password goes only to the host and port it was typed for (like MH's password,
// docs/decisions/0033-secrets-go-where-typed.md): Ajustes' change of either needs it typed again; the station file
// carries its own (a file without one clears it).
import { validate } from '../../../shared/contract';
import { parseFrom, smtpSettingsInput, type SmtpSettingsView, type StationSmtp } from '../../../shared/delivery';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { validationFailed } from '../errors';
import { tryOpen, type SecretBox } from '../station/secrets';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';

const KEY = 'smtp';
/** The SMTP password, sealed (station/former-secrets.ts seals it again under a new key). */
export const SMTP_PASSWORD_KEY = 'smtp.password';
const PASSWORD_KEY = SMTP_PASSWORD_KEY;

interface StoredSmtp {
  readonly host: string;
  readonly port: number;
  readonly secure: boolean;
  readonly user: string | null;
  /** Plain SMTP to this machine, said on purpose (shared/delivery.ts checks the host); absent in older settings. */
  readonly allowInsecureLocal?: boolean;
  readonly from: { readonly name: string | null; readonly address: string };
}

/** What a send needs: the settings with the password opened (null when none is stored). */
export interface SmtpServer extends StoredSmtp {
  readonly password: string | null;
}

export const SMTP_PASSWORD_LOST =
  'La contraseña del servidor de correo se guardó cifrada en otro equipo o con otra llave y este equipo no puede abrirla. Escríbala de nuevo en Ajustes → Correo; mientras tanto no se envían correos.';

export interface SmtpSettings {
  view(): SmtpSettingsView;
  /** PUT /settings/smtp: checked, saved and audited (without the password). */
  set(input: unknown, actor: string): SmtpSettingsView;
  /** The station file's `smtp`, at every start: written only when it differs from what is stored. */
  apply(file: StationSmtp, actor: string): boolean;
  /** The server to send through; null when none is configured. */
  server(): SmtpServer | null;
  /** Why nothing can be sent (no settings, a password that does not open here); null when ready. */
  notReady(): string | null;
}

export function smtpSettings(store: Store, clock: Clock, secrets: SecretBox): SmtpSettings {
  const settings = settingsRepo(store);
  const stored = (): StoredSmtp | null => {
    const v = settings.get(KEY);
    return v ? (JSON.parse(v) as StoredSmtp) : null;
  };
  const sealed = () => settings.get(PASSWORD_KEY);
  const password = (): string | null => {
    const v = sealed();
    return v ? tryOpen(secrets, v) : null;
  };
  const lost = () => {
    const v = sealed();
    return v !== null && v !== '' && tryOpen(secrets, v) === null;
  };

  /** Writes what differs; the password only when it changes (`undefined` keeps it, `null` clears it). */
  function save(next: StoredSmtp, pass: string | null | undefined, actor: string): boolean {
    const json = JSON.stringify(next);
    const serverChanged = settings.get(KEY) !== json;
    const passwordChanged = pass !== undefined && (pass === null ? sealed() !== null && sealed() !== '' : password() !== pass);
    if (!serverChanged && !passwordChanged) return false;
    store.tx(() => {
      if (serverChanged) settings.set(KEY, json);
      if (passwordChanged) settings.set(PASSWORD_KEY, pass === null ? '' : secrets.seal(pass));
      audit(store, isoLocal(clock.now()), actor, 'settings.smtp', null, { ...next, passwordChanged });
    });
    return true;
  }

  const view = (): SmtpSettingsView => {
    const s = stored();
    const v = sealed();
    return {
      configured: s !== null,
      host: s?.host ?? null,
      port: s?.port ?? null,
      secure: s?.secure ?? false,
      user: s?.user ?? null,
      allowInsecureLocal: s?.allowInsecureLocal === true,
      passwordSet: v !== null && v !== '',
      ...(lost() ? { passwordNeeded: SMTP_PASSWORD_LOST } : {}),
      from: s ? { name: s.from.name, address: s.from.address } : null,
    };
  };

  return {
    view,
    set(input, actor) {
      const parsed = validate(smtpSettingsInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'La configuración del correo tiene datos no válidos.');
      const u = parsed.value;
      const before = stored();
      const passwordStored = (sealed() ?? '') !== '';
      // A new host or port never gets the stored password: the administrator types it again for the new server.
      if (u.password === undefined && passwordStored && before !== null && (before.host !== u.host || before.port !== u.port))
        throw validationFailed(
          [
            {
              path: 'password',
              code: 'REQUIRED',
              message:
                'Escriba otra vez la contraseña del correo: cambió el servidor o el puerto, y la contraseña guardada solo se envía al servidor para el que se escribió.',
            },
          ],
          'La contraseña guardada solo se envía al servidor de correo para el que se escribió; no se guardó nada.',
        );
      save(
        {
          host: u.host,
          port: u.port,
          secure: u.secure,
          user: u.user ?? null,
          ...(u.allowInsecureLocal ? { allowInsecureLocal: true } : {}),
          from: { name: u.from.name ?? null, address: u.from.address },
        },
        u.password,
        actor,
      );
      return view();
    },
    apply(file, actor) {
      const from = typeof file.from === 'string' ? parseFrom(file.from) : { name: file.from.name ?? null, address: file.from.address };
      const insecure = file.allowInsecureLocal ? { allowInsecureLocal: true } : {};
      return save(
        { host: file.host, port: file.port, secure: file.secure, user: file.user ?? null, ...insecure, from },
        file.password ?? null,
        actor,
      );
    },
    server() {
      const s = stored();
      return s ? { ...s, password: password() } : null;
    },
    notReady() {
      if (!stored()) return 'No hay servidor de correo configurado (Ajustes → Correo): los correos esperan, no se pierden.';
      return lost() ? SMTP_PASSWORD_LOST : null;
    },
  };
}
