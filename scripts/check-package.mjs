// Checks an unpacked desktop package (release/linux-unpacked, release/win-unpacked) the way the installers carry
// it: the shell, its workers, the preload and the renderer inside app.asar; the update feed pinned beside it; and
// better-sqlite3's binary for that platform, unpacked and built on Node-API (`napi_register_module_v1`, which
// Electron loads whatever its ABI). `node scripts/check-package.mjs DIR linux|win32 [--no-feed]`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What is wrong with the package in `dir` for `platform`; empty when it is whole. `feed: false` for Windows'
 * `dir` target, which electron-builder builds without app-update.yml (its NSIS target writes it).
 */
export function packageProblems(dir, platform, { feed = true } = {}) {
  const problems = [];
  const resources = join(dir, 'resources');
  const asar = join(resources, 'app.asar');
  if (!existsSync(asar)) return [`${asar} no existe`];
  let listing = '';
  try {
    listing = execFileSync(process.execPath, [join(ROOT, 'node_modules', '@electron', 'asar', 'bin', 'asar.js'), 'list', asar], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch {
    problems.push('app.asar no es un archivo asar que se pueda leer');
  }
  const inside = new Set(listing.split('\n').map((l) => l.trim().replace(/\\/g, '/')));
  for (const f of [
    '/dist/electron/main.cjs',
    '/dist/electron/preload.cjs',
    '/dist/electron/books-worker.cjs',
    '/dist/electron/pdf-worker.cjs',
    '/dist/renderer/index.html',
    '/package.json',
    '/node_modules/pdfkit/js/data/Helvetica.afm',
    '/node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  ])
    if (!inside.has(f)) problems.push(`app.asar no tiene ${f}`);
  for (const f of inside) if (f.startsWith('/test/') || f.startsWith('/main/') || f.endsWith('.map')) problems.push(`app.asar lleva ${f}`);
  if (![...inside].some((f) => /^\/dist\/renderer\/assets\/index-[\w-]+\.js$/.test(f)))
    problems.push('app.asar no tiene el programa del renderer');

  const feedFile = join(resources, 'app-update.yml');
  if (feed && (!existsSync(feedFile) || !readFileSync(feedFile, 'utf8').includes('url: https://actualizaciones.sello.example/sello/')))
    problems.push('app-update.yml no fija la dirección de las actualizaciones');

  const prebuilds = join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'prebuilds');
  const binaries = existsSync(prebuilds) ? readdirSync(prebuilds).filter((f) => f.endsWith('.node')) : [];
  // better-sqlite3 tries build/ first: a binary there would be loaded instead of the platform's prebuilt one.
  const built = join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'build');
  if (existsSync(built)) problems.push('better-sqlite3/build/ va en el paquete: se cargaría en vez del binario de la plataforma');
  // The npm package carries every platform's binary; the one this platform loads must be there and Node-API.
  const own = binaries.filter((f) => f.startsWith(`${platform}-`));
  if (!own.includes(`${platform}-x64.node`)) problems.push(`falta better-sqlite3 para ${platform}-x64 fuera de app.asar`);
  for (const f of own) {
    const bytes = readFileSync(join(prebuilds, f));
    if (!bytes.includes('napi_register_module_v1')) problems.push(`${f} no es Node-API: Electron no lo cargaría`);
    if (bytes.includes('node_register_module_v')) problems.push(`${f} está atado al ABI de una versión de Node`);
    const elf = bytes.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
    const pe = bytes.subarray(0, 2).toString('latin1') === 'MZ';
    if (platform === 'linux' ? !elf : !pe) problems.push(`${f} no es un binario de ${platform}`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dir, platform, flag] = process.argv.slice(2);
  if (!dir || (platform !== 'linux' && platform !== 'win32')) {
    console.error('uso: node scripts/check-package.mjs DIR linux|win32 [--no-feed]');
    process.exit(2);
  }
  const problems = packageProblems(dir, platform, { feed: flag !== '--no-feed' });
  for (const p of problems) console.error(`✗ ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log(`${dir}: paquete ${platform} completo`);
}
