// Issue 32 item 6: a local HTTP feed serving a good and a tampered build. The updater is a stand-in for
// electron-updater (no Electron here) that does what it does on Linux: reads latest-linux.yml from the feed,
// downloads the file, checks its sha512 against that manifest and emits update-downloaded. Whoever controls the
// feed controls the manifest too, so only the detached signature made with the publisher's key may let it through.
// Issue 54 item 9: that signature covers the version too, and no build older than the station's floor is taken.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../main/core/logger';
import { UPDATE_FEED_URL, UPDATE_PUBLISHER_NAMES, builtInPins } from '../../main/electron/release-pins';
import { signatureUrl, signedStatement, verifyFileSignature } from '../../main/electron/update-signature';
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

/** A release signature: over the version and the file's SHA-512, as scripts/sign-update.mjs makes it. */
const signAs = (version: string, bytes: Buffer, key = publisher.privateKey): Buffer =>
  sign(null, signedStatement(version, createHash('sha512').update(bytes).digest()), key);

/** Publishes a build: the file, the manifest with its sha512 (as electron-builder writes it) and, if given, its signature. */
function publish(version: string, bytes: Buffer, sig: Buffer | null): string {
  const name = `Sello-${version}.AppImage`;
  const dir = join(feedDir, 'sello');
  writeFileSync(join(dir, name), bytes);
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  writeFileSync(join(dir, 'latest-linux.yml'), `version: ${version}\npath: ${name}\nsha512: ${sha512}\n`);
  const sigFile = join(dir, `${name}.version.sig`);
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

/** One start of the app: `current` running, its floor in `floorFile` (a new one unless given, as on a first start). */
async function run(cacheDir: string, o: { key?: string; current?: string; floorFile?: string } = {}) {
  const key = o.key ?? publicKeyPem;
  const u = feedUpdater(cacheDir);
  const asked: string[] = [];
  const refusals: { version: string; message: string }[] = [];
  const logger = recordingLogger();
  const up = setUpUpdates({
    isPackaged: true,
    pins: { feedUrl, publicKeyPem: key },
    updater: u,
    currentVersion: o.current ?? '1.0.0',
    floorFile: o.floorFile ?? join(t.dir, `floor-${randomUUID()}.json`),
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
    publish('1.3.0', bytes, signAs('1.3.0', bytes));
    const r = await run(join(t.dir, 'cache-good'));
    expect(r.refusals).toEqual([]);
    expect(r.asked).toEqual(['1.3.0']);
    expect(r.u.installs).toEqual([[false, true]]);
    expect(r.up.state()).toEqual({ state: 'installing', version: '1.3.0' });
    expect(existsSync(join(t.dir, 'cache-good', 'Sello-1.3.0.AppImage'))).toBe(true);
  });

  it('a tampered build (manifest rewritten to match) is refused, deleted and the person told', async () => {
    const good = Buffer.from('a good build 1.4.0');
    publish('1.4.0', Buffer.from('a tampered build 1.4.0'), signAs('1.4.0', good));
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
    publish('1.5.0', bytes, signAs('1.5.0', bytes, stranger.privateKey));
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
      currentVersion: '1.0.0',
      floorFile: join(t.dir, 'floor-windows.json'),
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

describe('the version floor (issue 54, item 9)', () => {
  it('a newer build signed for its version is accepted, and the floor rises to it', async () => {
    const floorFile = join(t.dir, 'floor-newer.json');
    const bytes = Buffer.from('a build 2.0.0');
    publish('2.0.0', bytes, signAs('2.0.0', bytes));
    const r = await run(join(t.dir, 'cache-newer'), { current: '1.0.0', floorFile });
    expect(r.refusals).toEqual([]);
    expect(r.asked).toEqual(['2.0.0']);
    expect(JSON.parse(readFileSync(floorFile, 'utf8'))).toEqual({ highest: '2.0.0' });
  });

  it('an older build, properly signed for its own version, is refused with a clear log line and deleted', async () => {
    const bytes = Buffer.from('an old build 1.9.0');
    publish('1.9.0', bytes, signAs('1.9.0', bytes));
    const r = await run(join(t.dir, 'cache-older'), { current: '2.0.0' });
    expect(r.asked).toEqual([]);
    expect(r.u.installs).toEqual([]);
    expect(r.logger.errors).toHaveLength(1);
    expect(r.logger.errors[0]).toMatch(/^update refused: older than this station \(a rollback\) .*"version":"1\.9\.0","running":"2\.0\.0"/);
    expect(r.refusals.map((x) => x.version)).toEqual(['1.9.0']);
    expect(r.refusals[0]?.message).toMatch(/La actualización 1\.9\.0 no es más nueva que la versión 2\.0\.0 .*Avise a soporte/);
    expect(existsSync(join(t.dir, 'cache-older', 'Sello-1.9.0.AppImage'))).toBe(false);
    // The running version itself, offered again, is not an update either.
    const same = Buffer.from('a build 2.0.0 again');
    publish('2.0.0', same, signAs('2.0.0', same));
    const again = await run(join(t.dir, 'cache-same'), { current: '2.0.0' });
    expect(again.asked).toEqual([]);
    expect(again.logger.errors.join()).toMatch(/not newer than the running version 2\.0\.0/);
  });

  it('after a restart, a build below the highest version seen is refused even if newer than the running one', async () => {
    const floorFile = join(t.dir, 'floor-restart.json');
    const b3 = Buffer.from('a build 3.0.0');
    publish('3.0.0', b3, signAs('3.0.0', b3));
    expect((await run(join(t.dir, 'cache-seen'), { current: '1.0.0', floorFile })).asked).toEqual(['3.0.0']);
    // Not installed (the person said later, the app restarted); the feed now offers an older signed build.
    const b25 = Buffer.from('a build 2.5.0');
    publish('2.5.0', b25, signAs('2.5.0', b25));
    const r = await run(join(t.dir, 'cache-seen-2'), { current: '1.0.0', floorFile });
    expect(r.asked).toEqual([]);
    expect(r.logger.errors.join()).toMatch(/older than 3\.0\.0, the highest version this station has seen/);
    expect(r.refusals[0]?.message).toMatch(/no es más nueva que la versión 3\.0\.0/);
    // The same highest version offered again is still welcome.
    publish('3.0.0', b3, signAs('3.0.0', b3));
    expect((await run(join(t.dir, 'cache-seen-3'), { current: '1.0.0', floorFile })).asked).toEqual(['3.0.0']);
  });

  it('an old build offered under a newer number (its signature is for another version) is refused; the floor stays', async () => {
    const floorFile = join(t.dir, 'floor-relabel.json');
    const old = Buffer.from('an old build 1.1.0, with a fixed flaw');
    publish('5.0.0', old, signAs('1.1.0', old));
    const r = await run(join(t.dir, 'cache-relabel'), { current: '1.0.0', floorFile });
    expect(r.asked).toEqual([]);
    expect(r.refusals.map((x) => x.version)).toEqual(['5.0.0']);
    expect(r.logger.errors.join()).toMatch(/update refused: not signed by the publisher .*with version 5\.0\.0/);
    expect(existsSync(join(t.dir, 'cache-relabel', 'Sello-5.0.0.AppImage'))).toBe(false);
    // Only a verified build raises the floor: a forged 5.0.0 cannot lock the station out of real updates.
    expect(JSON.parse(readFileSync(floorFile, 'utf8'))).toEqual({ highest: '1.0.0' });
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
    const ok = spawnSync(process.execPath, [script, '--version', '9.9.9', file], {
      env: { SELLO_UPDATE_SIGNING_KEY: pem },
      encoding: 'utf8',
    });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(publicKeyPem.trim());
    const sig = readFileSync(`${file}.version.sig`, 'utf8');
    expect(await verifyFileSignature(file, '9.9.9', sig, publicKeyPem)).toEqual({ ok: true });
    // The version is signed: the same file offered as another version does not verify.
    expect(await verifyFileSignature(file, '10.0.0', sig, publicKeyPem)).toMatchObject({ ok: false });
    // The bytes-only signature stays for stations from before the version was signed (decision 0071).
    expect(existsSync(`${file}.sig`)).toBe(true);
    writeFileSync(file, 'release bytes, changed');
    expect(await verifyFileSignature(file, '9.9.9', sig, publicKeyPem)).toMatchObject({ ok: false });
    // Without --version, package.json's version is the one signed.
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const byPackage = spawnSync(process.execPath, [script, file], { env: { SELLO_UPDATE_SIGNING_KEY: pem }, encoding: 'utf8' });
    expect(byPackage.stdout).toContain(`as version ${version}`);
    expect(await verifyFileSignature(file, version, readFileSync(`${file}.version.sig`, 'utf8'), publicKeyPem)).toEqual({ ok: true });
    expect(signatureUrl('https://a.example/sello', '/cache/Sello 1.0.AppImage')).toBe(
      'https://a.example/sello/Sello%201.0.AppImage.version.sig',
    );
  });
});
