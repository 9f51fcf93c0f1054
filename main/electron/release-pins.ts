// What a packaged build trusts for its updates, fixed when the shell is bundled (scripts/build-shell.mjs) and
// never read from the data folder or the environment at run time: whoever controls a file there cannot point
// every counter at their own feed (docs/decisions/0035-release-trust-and-data-at-rest.md).

/** The feed, the same as `publish.url` in electron-builder.yml (a test keeps the two equal). */
export const UPDATE_FEED_URL = 'https://actualizaciones.sello.example/sello/';

/** The names a Windows update must be code-signed by, the same as `win.signtoolOptions.publisherName`. */
export const UPDATE_PUBLISHER_NAMES: readonly string[] = ['Sello S.A. de C.V.'];

// Replaced by esbuild's `define` with the release key's public half (SPKI PEM) from SELLO_UPDATE_PUBLIC_KEY.
declare const __SELLO_UPDATE_PUBLIC_KEY__: string | undefined;

export interface ReleasePins {
  readonly feedUrl: string;
  /** The Ed25519 public key every update file's detached signature is checked against; none: updates off. */
  readonly publicKeyPem: string | null;
}

export function builtInPins(): ReleasePins {
  const key = typeof __SELLO_UPDATE_PUBLIC_KEY__ === 'string' ? __SELLO_UPDATE_PUBLIC_KEY__.trim() : '';
  return { feedUrl: UPDATE_FEED_URL, publicKeyPem: key || null };
}
