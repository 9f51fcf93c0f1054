// The operating system's keyring (Windows Credential Manager, macOS Keychain, Secret Service on Linux) through
// @napi-rs/keyring, an optional dependency loaded only when `sello serve` starts: without it, or when no
// keyring answers, the key is kept in a file (secret-key.ts).
import type { Logger } from '../logger';
import { KEYRING_SERVICE, type Keyring } from './secret-key';

interface KeyringEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
}
type EntryClass = new (service: string, account: string, options?: { linux?: { store?: 'secret-service' | 'keyutils' } }) => KeyringEntry;

/** The keyring binding, or null when it is not installed for this platform. */
export async function osKeyring(logger: Logger): Promise<Keyring | null> {
  // A name in a variable: the package is optional, and neither the typecheck nor a bundler may require it.
  const name = '@napi-rs/keyring';
  let Entry: EntryClass | undefined;
  try {
    const m = (await import(name)) as { Entry?: EntryClass; default?: { Entry?: EntryClass } };
    Entry = m.Entry ?? m.default?.Entry;
  } catch {
    Entry = undefined;
  }
  if (!Entry) {
    logger.info('no OS keyring binding for this platform: a key file is used');
    return null;
  }
  const E = Entry;
  // On Linux only the Secret Service keeps a key across restarts; the kernel keyring (keyring-rs's fallback)
  // forgets it at the next boot, so it is never used.
  const options = process.platform === 'linux' ? { linux: { store: 'secret-service' as const } } : undefined;
  return {
    get: (account) => new E(KEYRING_SERVICE, account, options).getPassword(),
    set: (account, secret) => new E(KEYRING_SERVICE, account, options).setPassword(secret),
  };
}
