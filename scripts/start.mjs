// `npm start` (and scripts/app.sh): the desktop app when Electron's binary is here or can be fetched now (a short
// try, as `npm ci` skips it); otherwise one line saying why, and `sello serve` for the browser.
/* global fetch, AbortSignal */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const extraArgs = process.argv.slice(2);
const electronDir = () => dirname(require.resolve('electron/package.json'));
/** How long the binary's download may take once the mirror answered (about 100 MB). */
const DOWNLOAD_MS = Number(process.env.SELLO_ELECTRON_DOWNLOAD_MS ?? 300_000);

function electronBinary() {
  try {
    const dir = electronDir();
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

/** Electron's binary, fetched now if the mirror answers within 5 s; else why not, in words. */
async function fetchElectron() {
  if (process.env.SELLO_BROWSER === '1') return { why: 'SELLO_BROWSER=1 pide el navegador' };
  let version;
  try {
    version = JSON.parse(readFileSync(join(electronDir(), 'package.json'), 'utf8')).version;
  } catch {
    return { why: 'el paquete electron no está instalado' };
  }
  const mirror = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/';
  try {
    const res = await fetch(`${mirror}v${version}/SHASUMS256.txt`, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    if (!res.ok) return { why: `${new URL(mirror).host} no tiene Electron ${version} (HTTP ${res.status})` };
  } catch {
    return { why: `${new URL(mirror).host} no responde` };
  }
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const r = spawnSync(process.execPath, [join(electronDir(), 'install.js')], { env, stdio: 'ignore', timeout: DOWNLOAD_MS });
  const bin = electronBinary();
  return bin ? { bin } : { why: r.error ? 'la descarga no terminó a tiempo' : 'la descarga falló' };
}

const run = (cmd, args) => {
  const child = spawn(cmd, args, { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
};

const installed = electronBinary();
const found = installed ? { bin: installed } : await fetchElectron();
if (found.bin) {
  run(found.bin, ['.', ...extraArgs]);
} else {
  console.log(`Sin la aplicación de escritorio (Electron: ${found.why}): Sello se abre en el navegador, en la dirección de abajo.`);
  run(process.execPath, [
    join('node_modules', 'tsx', 'dist', 'cli.mjs'),
    'main/cli/main.ts',
    'serve',
    ...(extraArgs.length ? extraArgs : ['--demo']),
  ]);
}
