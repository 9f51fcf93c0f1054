// Packaging smoke test: electron-builder assembles the app (app.asar with the shell and the renderer) using
// a stub Electron folder, since no Electron binary can be downloaded on these machines.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/core';
import { ROOT } from '../support/serve-process';

describe('electron-builder', () => {
  it('packs the shell and the renderer into app.asar', () => {
    expect(existsSync(join(ROOT, 'dist', 'electron', 'main.cjs')), 'run `npm run build` first').toBe(true);
    expect(existsSync(join(ROOT, 'dist', 'renderer', 'index.html')), 'run `npm run build` first').toBe(true);
    const t = tempDir('sello-pack-');
    const stub = join(t.dir, 'electron-stub');
    mkdirSync(stub);
    writeFileSync(join(stub, 'electron'), '#!/bin/sh\necho stub\n');
    chmodSync(join(stub, 'electron'), 0o755);
    const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string })
      .version;
    writeFileSync(join(stub, 'version'), `v${version}`);
    for (const f of ['LICENSE', 'LICENSES.chromium.html']) writeFileSync(join(stub, f), '');
    const out = join(t.dir, 'release');
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'electron-builder', 'cli.js'),
        '--linux',
        'dir',
        '--config',
        'electron-builder.yml',
        `--config.electronDist=${stub}`,
        `--config.electronVersion=${version}`,
        '--config.npmRebuild=false',
        `--config.directories.output=${out}`,
        '--publish',
        'never',
      ],
      { cwd: ROOT, stdio: 'pipe', env: { ...process.env, CI: 'true' } },
    );
    const asar = join(out, 'linux-unpacked', 'resources', 'app.asar');
    expect(existsSync(asar)).toBe(true);
    const listing = execFileSync(process.execPath, [join(ROOT, 'node_modules', '@electron', 'asar', 'bin', 'asar.js'), 'list', asar], {
      encoding: 'utf8',
    });
    for (const f of [
      '/dist/electron/main.cjs',
      '/dist/electron/preload.cjs',
      '/dist/electron/books-worker.cjs',
      '/dist/electron/pdf-worker.cjs',
      '/dist/renderer/index.html',
      '/package.json',
    ])
      expect(listing).toContain(f);
    expect(listing).toContain('/node_modules/better-sqlite3');
    // Loaded at run time from node_modules (they read files beside themselves).
    expect(listing).toContain('/node_modules/pdfkit/js/data');
    expect(listing).toContain('/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
    expect(listing).not.toContain('/test/');
    // The update feed is pinned inside the package (decision 0035): electron-updater reads it from here.
    expect(readFileSync(join(out, 'linux-unpacked', 'resources', 'app-update.yml'), 'utf8')).toContain(
      'url: https://actualizaciones.sello.example/sello/',
    );
    t.cleanup();
  }, 180_000);
});
