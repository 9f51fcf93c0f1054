// Issue 32 item 6: a local HTTP feed serving a good and a tampered build. The updater is a stand-in for
// electron-updater (no Electron here) that does what it does on Linux: reads latest-linux.yml from the feed,
// downloads the file, checks its sha512 against that manifest and emits update-downloaded. Whoever controls the
// feed controls the manifest too, so only the detached signature made with the publisher's key may let it through.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../main/core/logger';
import { UPDATE_FEED_URL, UPDATE_PUBLISHER_NAMES, builtInPins } from '../../main/electron/release-pins';
import { signatureUrl, verifyFileSignature } from '../../main/electron/update-signature';
import { setUpUpdates, type UpdaterLike } from '../../main/electron/updates';
import { tempDir } from '../support/core';
import { ROOT } from '../support/serve-process';

const t = tempDir('sello-update-feed-');
const feedDir = join(t.dir, 'feed');
let server: Server;
let feedUrl = '';
const publisher = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const publicKeyPem = publisher.publicKey.export({ type: 'spki', format: 'pem' }).toString();

beforeAll(async () => {
  mkdirSync(feedDir, { recursive: true });
  server = createServer((req, res) => {
    const file = join(
      feedDir,
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
        .split('/')
        .filter(Boolean)
        .join('/'),
    );
    if (!file.startsWith(feedDir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  feedUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/sello/`;
  mkdirSync(join(feedDir, 'sello'), { recursive: true });
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  t.cleanup();
});

/** Publishes a build: the file, the manifest with its sha512 (as electron-builder writes it) and, if given, a .sig. */
function publish(version: string, bytes: Buffer, sig: Buffer | null): string {
  const name = `Sello-${version}.AppImage`;
  const dir = join(feedDir, 'sello');
  writeFileSync(join(dir, name), bytes);
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  writeFileSync(join(dir, 'latest-linux.yml'), `version: ${version}\npath: ${name}\nsha512: ${sha512}\n`);
  const sigFile = join(dir, `${name}.sig`);
  if (sig) writeFileSync(sigFile, `${sig.toString('base64')}\n`);
  else if (existsSync(sigFile)) writeFileSync(sigFile, '');
  return name;
}

/** What electron-updater's AppImageUpdater does over the generic provider, minus Electron. */
function feedUpdater(cacheDir: string) {
  const listeners = new Map<string, (x: never) => void>();
  let url = '';
  const installs: unknown[][] = [];
  const u: UpdaterLike & { installs: unknown[][] } = {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    installs,
    setFeedURL: (o) => void (url = o.url),
    async checkForUpdates() {
      const manifest = await (await fetch(new URL('latest-linux.yml', url))).text();
      const field = (k: string) => new RegExp(`^${k}: (.+)$`, 'm').exec(manifest)?.[1] ?? '';
      const bytes = Buffer.from(await (await fetch(new URL(field('path'), url))).arrayBuffer());
      if (createHash('sha512').update(bytes).digest('base64') !== field('sha512')) throw new Error('sha512 checksum mismatch');
      mkdirSync(cacheDir, { recursive: true });
      const file = join(cacheDir, field('path'));
      writeFileSync(file, bytes);
      listeners.get('update-downloaded')?.({ version: field('version'), downloadedFile: file } as never);
    },
    on: (event: string, l: (x: never) => void) => listeners.set(event, l),
    quitAndInstall: (...a) => void installs.push(a),
  };
  return u;
}

function recordingLogger(): Logger & { errors: string[] } {
  const errors: string[] = [];
  return { ...silentLogger, errors, error: (m, f) => void errors.push(`${m} ${JSON.stringify(f)}`) };
}

async function run(cacheDir: string, key = publicKeyPem) {
  const u = feedUpdater(cacheDir);
  const asked: string[] = [];
  const refusals: { version: string; message: string }[] = [];
  const logger = recordingLogger();
  const up = setUpUpdates({
    isPackaged: true,
    pins: { feedUrl, publicKeyPem: key },
    updater: u,
    confirm: (v) => (asked.push(v), Promise.resolve(true)),
    refused: (version, message) => void refusals.push({ version, message }),
    busy: () => false,
    logger,
    setTimer: () => null,
    clearTimer: () => undefined,
  });
  await up.checkNow();
  await expect.poll(() => up.state().state).not.toBe('idle');
  await new Promise((r) => setTimeout(r, 20));
  up.stop();
  return { up, u, asked, refusals, logger };
}

describe('updates from a local feed', () => {
  it('the good build, signed with the pinned key, is offered and installed', async () => {
    const bytes = Buffer.from('a good build 1.3.0');
    publish('1.3.0', bytes, sign(null, bytes, publisher.privateKey));
    const r = await run(join(t.dir, 'cache-good'));
    expect(r.refusals).toEqual([]);
    expect(r.asked).toEqual(['1.3.0']);
    expect(r.u.installs).toEqual([[false, true]]);
    expect(r.up.state()).toEqual({ state: 'installing', version: '1.3.0' });
    expect(existsSync(join(t.dir, 'cache-good', 'Sello-1.3.0.AppImage'))).toBe(true);
  });

  it('a tampered build (manifest rewritten to match) is refused, deleted and the person told', async () => {
    const good = Buffer.from('a good build 1.4.0');
    const sig = sign(null, good, publisher.privateKey);
    publish('1.4.0', Buffer.from('a tampered build 1.4.0'), sig);
    const r = await run(join(t.dir, 'cache-tampered'));
    expect(r.asked).toEqual([]);
    expect(r.u.installs).toEqual([]);
    expect(r.refusals).toHaveLength(1);
    expect(r.refusals[0]!.message).toMatch(/La actualización 1\.4\.0 no lleva la firma de Sello y no se instaló/);
    expect(r.refusals[0]!.message).toMatch(/Avise a soporte/);
    expect(r.up.state()).toMatchObject({ state: 'refused', version: '1.4.0' });
    expect(r.logger.errors.join()).toMatch(/the signature does not match the file/);
    expect(existsSync(join(t.dir, 'cache-tampered', 'Sello-1.4.0.AppImage'))).toBe(false);
  });

  it('a build signed by another key, or with no signature, is refused', async () => {
    const bytes = Buffer.from('a build 1.5.0');
    publish('1.5.0', bytes, sign(null, bytes, stranger.privateKey));
    const other = await run(join(t.dir, 'cache-stranger'));
    expect(other.asked).toEqual([]);
    expect(other.refusals.map((x) => x.version)).toEqual(['1.5.0']);

    publish('1.5.1', Buffer.from('a build 1.5.1'), null);
    const unsigned = await run(join(t.dir, 'cache-unsigned'));
    expect(unsigned.asked).toEqual([]);
    expect(unsigned.refusals.map((x) => x.version)).toEqual(['1.5.1']);
    expect(unsigned.logger.errors.join()).toMatch(/signature/);
  });

  it('a Windows installer electron-updater finds not signed by the pinned publisher is refused and said so', () => {
    const listeners = new Map<string, (x: never) => void>();
    const refusals: string[] = [];
    const up = setUpUpdates({
      isPackaged: true,
      pins: { feedUrl, publicKeyPem },
      updater: {
        autoDownload: false,
        autoInstallOnAppQuit: true,
        setFeedURL: () => undefined,
        checkForUpdates: () => Promise.resolve(),
        on: (event: string, l: (x: never) => void) => listeners.set(event, l),
        quitAndInstall: () => undefined,
      },
      confirm: () => Promise.resolve(true),
      refused: (_v, m) => void refusals.push(m),
      busy: () => false,
      logger: silentLogger,
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    const e = Object.assign(new Error('New version 2.0.0 is not signed by the application owner: CN=Otro'), {
      code: 'ERR_UPDATER_INVALID_SIGNATURE',
    });
    listeners.get('error')?.(e as never);
    expect(refusals).toEqual([expect.stringMatching(/La actualización 2\.0\.0 no lleva la firma de Sello/)]);
    expect(up.state()).toMatchObject({ state: 'refused', version: '2.0.0' });
  });
});

describe('what the build pins', () => {
  it('the feed and the Windows publisher are the ones in electron-builder.yml; no file or variable moves them', () => {
    const yml = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');
    expect(/^publish:\n {2}provider: generic\n {2}url: (\S+)$/m.exec(yml)?.[1]).toBe(UPDATE_FEED_URL);
    expect(/^ {4}publisherName: \[(.+)\]$/m.exec(yml)?.[1]).toBe(UPDATE_PUBLISHER_NAMES.map((n) => `'${n}'`).join(', '));
    // The former run-time overrides are gone: the pins take no argument and read nothing.
    process.env.SELLO_UPDATE_FEED = 'https://evil.example/';
    try {
      expect(builtInPins().feedUrl).toBe(UPDATE_FEED_URL);
    } finally {
      delete process.env.SELLO_UPDATE_FEED;
    }
    // Unbundled (tests, a development run) no key is pinned: updates stay off.
    expect(builtInPins().publicKeyPem).toBeNull();
  });

  it('the bundled shell carries the public key given at build time', () => {
    const out = join(t.dir, 'pins.cjs');
    execFileSync(
      process.execPath,
      [
        '-e',
        `require('esbuild').buildSync({ entryPoints: ['main/electron/release-pins.ts'], bundle: true, platform: 'node', format: 'cjs', outfile: ${JSON.stringify(out)}, define: { __SELLO_UPDATE_PUBLIC_KEY__: JSON.stringify(process.env.K) } })`,
      ],
      { cwd: ROOT, env: { ...process.env, K: publicKeyPem } },
    );
    const pins = (createRequire(import.meta.url)(out) as { builtInPins: typeof builtInPins }).builtInPins();
    expect(pins.publicKeyPem).toBe(publicKeyPem.trim());
    // The same define as the real build script.
    expect(readFileSync(join(ROOT, 'scripts', 'build-shell.mjs'), 'utf8')).toContain(
      "__SELLO_UPDATE_PUBLIC_KEY__: JSON.stringify(process.env.SELLO_UPDATE_PUBLIC_KEY ?? '')",
    );
  });

  it('the release script signs with the key from the environment, and refuses to run without one', async () => {
    const file = join(t.dir, 'Sello-9.9.9.AppImage');
    writeFileSync(file, 'release bytes');
    const script = join(ROOT, 'scripts', 'sign-update.mjs');
    const none = spawnSync(process.execPath, [script, file], { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/SELLO_UPDATE_SIGNING_KEY/);
    expect(existsSync(`${file}.sig`)).toBe(false);
    const pem = publisher.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const ok = spawnSync(process.execPath, [script, file], { env: { SELLO_UPDATE_SIGNING_KEY: pem }, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(publicKeyPem.trim());
    expect(await verifyFileSignature(file, readFileSync(`${file}.sig`, 'utf8'), publicKeyPem)).toEqual({ ok: true });
    writeFileSync(file, 'release bytes, changed');
    expect(await verifyFileSignature(file, readFileSync(`${file}.sig`, 'utf8'), publicKeyPem)).toMatchObject({ ok: false });
    expect(signatureUrl('https://a.example/sello', '/cache/Sello 1.0.AppImage')).toBe('https://a.example/sello/Sello%201.0.AppImage.sig');
  });
});
