// `npm start`: the desktop app when an Electron binary is present; otherwise `sello serve` for the browser.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const extraArgs = process.argv.slice(2);

function electronBinary() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

const bin = electronBinary();
const run = (cmd, args) => {
  const child = spawn(cmd, args, { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
};

if (bin) {
  run(bin, ['.', ...extraArgs]);
} else {
  console.log('Electron no está instalado en esta máquina: se abre Sello en el navegador con `sello serve`.');
  console.log('Abra la dirección que aparece abajo y entre con una de las personas de la demostración que se listan.');
  run(process.execPath, [
    join('node_modules', 'tsx', 'dist', 'cli.mjs'),
    'main/core/cli/main.ts',
    'serve',
    ...(extraArgs.length ? extraArgs : ['--demo']),
  ]);
}
