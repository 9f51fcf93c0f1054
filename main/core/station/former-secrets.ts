// Secrets sealed under a key the station no longer uses are sealed again under the current one: the data
// folder's own `secret.key` from before decision 0005 (then deleted), or what a host names as its former box
// (the desktop app's safeStorage `basic_text`, replaced by a passphrase). A value no key opens stays as it is:
// the station asks for that password again (docs/decisions/0005-secrets-at-rest.md).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { CoreDeps } from '../core-types';
import type { Logger } from '../logger';
import { SIGNING_KEY_SETTING } from '../signing/signing-key';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { stationSecrets } from './secret-key';
import { aesGcmBox, legacyKeyFile, tryOpen, type SecretBox } from './secrets';
import { SMTP_PASSWORD_KEY } from '../delivery/smtp-settings';
import { webhooksRepo } from '../webhooks/webhooks-repo';
import { HUB_KEY, MH_SECRETS_KEY } from './station-repo';

/** Every setting that holds a sealed value (the webhooks' secrets are in their own table). */
const SEALED_SETTINGS = [MH_SECRETS_KEY, SIGNING_KEY_SETTING, HUB_KEY, SMTP_PASSWORD_KEY] as const;

export interface FormerSecretsOptions {
  readonly store: Store;
  readonly dataDir: string;
  /** The box the station seals with now. */
  readonly box: SecretBox;
  /** A box the host sealed with before (besides the data folder's own key file). */
  readonly former?: SecretBox | undefined;
  readonly logger: Logger;
}

/**
 * The box for the station in `dataDir`: the host's (one box, or one per data folder), else a key file outside
 * the folder (secret-key.ts); what a former key sealed is sealed again under it first.
 */
export function stationSecretBox(o: Omit<FormerSecretsOptions, 'box'> & { readonly given: CoreDeps['secrets'] }): SecretBox {
  const given = o.given ?? stationSecrets({ logger: o.logger });
  const box = typeof given === 'function' ? given(o.dataDir) : given;
  resealFormerSecrets({ ...o, box });
  return box;
}

/** Seals again under `box` what only a former key opens; then deletes the data folder's key file. */
export function resealFormerSecrets(o: FormerSecretsOptions): void {
  const file = legacyKeyFile(o.dataDir);
  const formers: SecretBox[] = [];
  const legacy = existsSync(file) ? readFileSync(file) : null;
  if (legacy?.length === 32) formers.push(aesGcmBox(legacy));
  else if (legacy) o.logger.warn('the data folder holds a secret.key that is not a key: left as it is', { file });
  if (o.former) formers.push(o.former);
  if (formers.length === 0) return;

  /** The value sealed under the current box, when only a former one opens it; null when nothing is to change. */
  const resealed = (sealed: string | null): string | null => {
    if (sealed === null || sealed === '' || tryOpen(o.box, sealed) !== null) return null;
    for (const former of formers) {
      const plain = tryOpen(former, sealed);
      if (plain !== null) return o.box.seal(plain);
    }
    return null;
  };
  const settings = settingsRepo(o.store);
  const hooks = webhooksRepo(o.store);
  const moved = o.store.tx(() => {
    let n = 0;
    for (const key of SEALED_SETTINGS) {
      const value = resealed(settings.get(key));
      if (value === null) continue;
      settings.set(key, value);
      n += 1;
    }
    for (const endpoint of hooks.endpoints()) {
      const value = resealed(endpoint.secretSealed);
      if (value === null) continue;
      hooks.resealSecret(endpoint.id, value);
      n += 1;
    }
    return n;
  });
  if (moved > 0) o.logger.info('stored secrets sealed again under the station key', { values: moved });
  // Its secrets are out (or it opened none): the key no longer stays beside the data it opens.
  if (legacy?.length === 32) {
    rmSync(file, { force: true });
    o.logger.info('the key file inside the data folder was removed', { file });
  }
}
