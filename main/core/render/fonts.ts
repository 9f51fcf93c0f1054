// DejaVu Sans, shipped by the dejavu-fonts-ttf npm package and embedded in every PDF, so the output is the
// same on every machine and covers Spanish (á é í ó ú ü ñ ¿ ¡).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// ESM under tsx, CommonJS in the Electron bundle: resolve the package either way.
const resolver: NodeJS.Require = typeof require === 'function' ? require : createRequire(import.meta.url);
const dir = join(dirname(resolver.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const FONTS = {
  regular: join(dir, 'DejaVuSans.ttf'),
  bold: join(dir, 'DejaVuSans-Bold.ttf'),
  mono: join(dir, 'DejaVuSansMono.ttf'),
} as const;
