// Where `sello serve` keeps the key that seals a station's secrets: the OS keyring when one answers, else an
// owner-only file in the user's configuration folder; never inside the data folder, so a copied data folder
// or backup does not open its secrets (docs/decisions/0005-secrets-at-rest.md).
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { silentLogger, type Logger } from '../logger';
import { aesGcmBox, type SecretBox } from './secrets';

export const KEYRING_SERVICE = 'sello';

/** The OS keyring as this module uses it (os-keyring.ts); a call throws when no keyring answers. */
export interface Keyring {
  readonly get: (account: string) => string | null;
  readonly set: (account: string, secret: string) => void;
}

export interface SecretKeyOptions {
  /** `--secret-file`: this file holds the key, for every data folder, and the keyring is not used. */
  readonly secretFile?: string | undefined;
  /** The OS keyring, tried before the default file; null or absent when there is none. */
  readonly keyring?: Keyring | null | undefined;
  /** SELLO_SECRET_FILE (when no `secretFile`), XDG_CONFIG_HOME, APPDATA: process.env unless given. */
  readonly env?: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  readonly home?: string;
  readonly logger?: Logger;
}

/** The folder as it really is (symlinks resolved), or as given while it does not exist. */
function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/** A file's path with every symlink resolved, its own included when it exists (it may not exist yet). */
const realFile = (file: string): string => {
  try {
    return realpathSync(file);
  } catch {
    return join(realDir(dirname(resolve(file))), basename(file));
  }
};

/** Names a data folder in the keyring and in the default file's name: a hash of its real path. */
export const dataDirId = (dataDir: string): string => createHash('sha256').update(realDir(dataDir)).digest('hex').slice(0, 16);

/** The user's configuration folder for Sello: XDG on Linux, %APPDATA% on Windows, Application Support on macOS. */
export function configFolder(o: Pick<SecretKeyOptions, 'env' | 'platform' | 'home'> = {}): string {
  const env = o.env ?? process.env;
  const home = o.home ?? homedir();
  switch (o.platform ?? process.platform) {
    case 'win32':
      return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Sello');
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Sello');
    default: {
      const xdg = env.XDG_CONFIG_HOME;
      return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.config'), 'sello');
    }
  }
}

/** The key file used when no keyring answers and no `--secret-file` is given: one per data folder. */
export const defaultSecretFile = (dataDir: string, o: Pick<SecretKeyOptions, 'env' | 'platform' | 'home'> = {}): string =>
  join(configFolder(o), `secret-${dataDirId(dataDir)}.key`);

/** The explicit key file: `--secret-file`, else SELLO_SECRET_FILE; undefined when neither is set. */
export const explicitSecretFile = (o: Pick<SecretKeyOptions, 'secretFile' | 'env'>): string | undefined =>
  o.secretFile || (o.env ?? process.env).SELLO_SECRET_FILE || undefined;

/** Whether `file` is inside `dataDir` (or is it): a key there would travel with the data. */
export function insideDataDir(file: string, dataDir: string): boolean {
  const rel = relative(realDir(dataDir), realFile(file));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A key file inside the data folder: refused, it would travel with every copy of the data. */
export class SecretFileInDataDirError extends Error {
  constructor(file: string, dataDir: string, source = '--secret-file') {
    super(
      `${source} ${file} está dentro de la carpeta de datos ${dataDir}: la llave viajaría con cada copia de los datos. Indique un archivo fuera de --data-dir.`,
    );
    this.name = 'SecretFileInDataDirError';
  }
}

/** The 32-byte key in `file`, created (0600; its folder 0700 when `ownFolder`) the first time. */
export function keyFromFile(file: string, ownFolder = false): Buffer {
  const dir = dirname(file);
  // A link could point the key into the data folder it protects (or nowhere): the key file is a file.
  if (lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new Error(`${file} es un enlace simbólico: la llave de Sello debe ser un archivo propio, fuera de la carpeta de datos.`);
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (ownFolder && process.platform !== 'win32') chmodSync(dir, 0o700);
  if (!existsSync(file)) {
    // Written aside and linked into place: a process starting at the same moment never reads half a key.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, randomBytes(32), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(tmp);
    }
  }
  if (process.platform !== 'win32') chmodSync(file, 0o600);
  const key = readFileSync(file);
  if (key.length !== 32) throw new Error(`${file} no es una llave de Sello (se esperaban 32 bytes).`);
  return key;
}

/** What a person reads when no keyring answers: what Sello does instead and how to change it, not the raw error. */
export const noKeyringMessage = (file: string): string =>
  `El llavero del sistema no está disponible: Sello guarda la llave de los secretos en el archivo ${file}. ` +
  'Para usar otro archivo, inicie con --secret-file ARCHIVO (fuera de la carpeta de datos); para no intentar el llavero, defina SELLO_KEYRING=off.';

/** The key kept in the keyring for `account`, created there the first time; null when no keyring answers. */
function keyFromKeyring(keyring: Keyring, account: string, logger: Logger, file: string): Buffer | null {
  try {
    const stored = keyring.get(account);
    if (stored !== null) {
      const key = Buffer.from(stored, 'base64');
      if (key.length === 32) return key;
      logger.warn('the keyring entry is not a Sello key: a key file is used', { service: KEYRING_SERVICE, account });
      return null;
    }
    const key = randomBytes(32);
    const created = key.toString('base64');
    keyring.set(account, created);
    // Read back: a keyring may accept what it cannot keep (a locked or session-only collection).
    if (keyring.get(account) !== created) throw new Error('the key read back from the keyring differs');
    return key;
  } catch {
    // The binding's text (a DBus error on a Linux without a desktop session) tells a person nothing they can act on.
    logger.warn(noKeyringMessage(file));
    return null;
  }
}

/** The key that seals the secrets of `dataDir`: keyring, else file; a file inside the data folder is refused. */
export function stationKey(dataDir: string, o: SecretKeyOptions = {}): Buffer {
  const logger = o.logger ?? silentLogger;
  const explicit = explicitSecretFile(o);
  if (explicit) {
    if (insideDataDir(explicit, dataDir))
      throw new SecretFileInDataDirError(explicit, dataDir, o.secretFile ? '--secret-file' : 'SELLO_SECRET_FILE');
    logger.info('secrets sealed with a key file', { file: resolve(explicit) });
    return keyFromFile(resolve(explicit));
  }
  const file = defaultSecretFile(dataDir, o);
  if (insideDataDir(file, dataDir)) throw new SecretFileInDataDirError(file, dataDir, 'El archivo de la llave');
  // A key once kept in the file stays there: it is the one that sealed what the station holds.
  if (o.keyring && !existsSync(file)) {
    const key = keyFromKeyring(o.keyring, `data-${dataDirId(dataDir)}`, logger, file);
    if (key) {
      logger.info('secrets sealed with a key in the OS keyring', { service: KEYRING_SERVICE, account: `data-${dataDirId(dataDir)}` });
      return key;
    }
  }
  logger.info('secrets sealed with a key file', { file });
  return keyFromFile(file, true);
}

/** The secret box for each data folder a host opens (the station's and the demo's). */
export const stationSecrets =
  (o: SecretKeyOptions = {}) =>
  (dataDir: string): SecretBox =>
    aesGcmBox(stationKey(dataDir, o));
