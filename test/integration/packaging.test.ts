// Packaging: electron-builder assembles the desktop app for Linux and Windows from a stub Electron (no Electron
// binary can be downloaded on these machines), and scripts/check-package.mjs checks what the installers would
// carry: the shell, its workers, the preload and the renderer in app.asar, the update feed pinned, and
// better-sqlite3's binary for the platform unpacked and on Node-API, which Electron loads whatever its ABI.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NtExecutable, NtExecutableResource, Resource } from 'resedit';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/core';
import { ROOT } from '../support/serve-process';
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { packageProblems } from '../../scripts/check-package.mjs';

const check = packageProblems as (dir: string, platform: 'linux' | 'win32', o?: { feed?: boolean }) => string[];
const t = tempDir('sello-pack-');
afterAll(() => t.cleanup());
const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;

/** Electron's folder as electron-builder reads it: the executable, `version`, the licenses. */
function stubElectron(platform: 'linux' | 'win32'): string {
  const dir = join(t.dir, `electron-${platform}`);
  mkdirSync(dir, { recursive: true });
  if (platform === 'linux') {
    writeFileSync(join(dir, 'electron'), '#!/bin/sh\necho stub\n');
    chmodSync(join(dir, 'electron'), 0o755);
  } else {
    // A real, empty PE with version information: electron-builder writes the asar's integrity into its resources.
    const exe = NtExecutable.createEmpty(false, false);
    const res = NtExecutableResource.from(exe);
    const info = Resource.VersionInfo.createEmpty();
    info.lang = 1033;
    info.setFileVersion(45, 0, 0, 0);
    info.setStringValues({ lang: 1033, codepage: 1200 }, { ProductName: 'Electron', OriginalFilename: 'electron.exe' });
    info.outputToResourceEntries(res.entries);
    res.outputResource(exe);
    writeFileSync(join(dir, 'electron.exe'), Buffer.from(exe.generate()));
  }
  writeFileSync(join(dir, 'version'), `v${version}`);
  for (const f of ['LICENSE', 'LICENSES.chromium.html']) writeFileSync(join(dir, f), '');
  return dir;
}

function pack(platform: 'linux' | 'win32'): string {
  const out = join(t.dir, `release-${platform}`);
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'electron-builder', 'cli.js'),
      platform === 'linux' ? '--linux' : '--win',
      'dir',
      '--config',
      'electron-builder.yml',
      `--config.electronDist=${stubElectron(platform)}`,
      `--config.electronVersion=${version}`,
      `--config.directories.output=${out}`,
      '--publish',
      'never',
    ],
    { cwd: ROOT, stdio: 'pipe', env: { ...process.env, CI: 'true' } },
  );
  return join(out, platform === 'linux' ? 'linux-unpacked' : 'win-unpacked');
}

describe('electron-builder with a stub Electron', () => {
  it('packs a whole Linux app: shell, workers, renderer, the pinned feed, a Node-API SQLite', () => {
    expect(existsSync(join(ROOT, 'dist', 'electron', 'main.cjs')), 'run `npm run build` first').toBe(true);
    const dir = pack('linux');
    expect(check(dir, 'linux')).toEqual([]);
    expect(readFileSync(join(dir, 'resources', 'app-update.yml'), 'utf8')).toContain('url: https://actualizaciones.sello.example/sello/');

    // The check can fail: a binary tied to one Node's ABI, and a renderer left out, are both named.
    const broken = join(t.dir, 'broken');
    cpSync(dir, broken, { recursive: true });
    const binary = join(broken, 'resources', 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'prebuilds', 'linux-x64.node');
    writeFileSync(binary, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.from('node_register_module_v127')]));
    copyFileSync(join(ROOT, 'package.json'), join(broken, 'resources', 'app.asar'));
    const problems = check(broken, 'linux').join('\n');
    expect(problems).toMatch(/linux-x64\.node no es Node-API/);
    expect(problems).toMatch(/app\.asar no es un archivo asar/);
    expect(problems).toMatch(/app\.asar no tiene \/dist\/renderer\/index\.html/);
  }, 240_000);

  it('packs a whole Windows app, its SQLite the win32 Node-API binary', () => {
    const dir = pack('win32');
    // Windows' `dir` target has no app-update.yml: the NSIS target writes it (scripts/dist.mjs checks that one).
    expect(check(dir, 'win32', { feed: false })).toEqual([]);
    expect(existsSync(join(dir, 'Sello.exe'))).toBe(true);
  }, 240_000);
});
