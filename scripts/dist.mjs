// `npm run dist`: the installers into release/ (Windows NSIS, Linux AppImage and deb), then each package checked
// (scripts/check-package.mjs). electron-builder downloads Electron for each platform and its own tools (fpm,
// appimagetool, NSIS) from github.com: where that cannot be reached it says so in one line and stops, since
// nothing here can stand in for them. `npm test` packs and checks both platforms with a stub Electron instead.
/* global fetch, AbortSignal */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageProblems } from './check-package.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'));
const mirror = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/';

async function reachable(url) {
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(5000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

if (
  !(await reachable(`${mirror}v${version}/SHASUMS256.txt`)) ||
  !(await reachable('https://github.com/electron-userland/electron-builder-binaries/releases'))
) {
  console.error(
    'npm run dist: github.com no responde en 5 s, y de ahí salen Electron y las herramientas de los instaladores (fpm, appimagetool, NSIS). ' +
      'Constrúyalos en una máquina con acceso; aquí `npm test` arma y revisa los paquetes de Linux y Windows con un Electron de prueba.',
  );
  process.exit(2);
}

const built = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules', 'electron-builder', 'cli.js'), '--linux', 'AppImage', 'deb', '--win', 'nsis', '--x64', '--publish', 'never'],
  { cwd: ROOT, stdio: 'inherit' },
);
if (built.status !== 0) process.exit(built.status ?? 1);

const release = join(ROOT, 'release');
const problems = [
  ...packageProblems(join(release, 'linux-unpacked'), 'linux').map((p) => `linux: ${p}`),
  ...packageProblems(join(release, 'win-unpacked'), 'win32').map((p) => `windows: ${p}`),
];
const files = existsSync(release) ? readdirSync(release) : [];
for (const [what, re] of [
  ['el instalador de Windows', /\.exe$/],
  ['el AppImage', /\.AppImage$/],
  ['el paquete deb', /\.deb$/],
])
  if (!files.some((f) => re.test(f))) problems.push(`falta ${what} en release/`);
for (const p of problems) console.error(`✗ ${p}`);
if (problems.length > 0) process.exit(1);
console.log(`Instaladores en release/: ${files.filter((f) => /\.(exe|AppImage|deb)$/.test(f)).join(', ')}`);
