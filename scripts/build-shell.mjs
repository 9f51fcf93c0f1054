// Bundles the Electron main process and the preload (a sandboxed preload can only require 'electron').
// Native modules and packages that read files beside themselves (pdfkit's data, the DejaVu fonts, the
// updater's app-update.yml) stay external.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  external: ['electron', 'electron-updater', 'better-sqlite3', 'pdfkit', 'dejavu-fonts-ttf'],
  sourcemap: true,
  logLevel: 'warning',
  // The update key's public half, pinned into the app (main/electron/release-pins.ts); empty: updates off.
  define: {
    __SELLO_UPDATE_PUBLIC_KEY__: JSON.stringify(process.env.SELLO_UPDATE_PUBLIC_KEY ?? ''),
    // The core's few `createRequire(import.meta.url)` (run under tsx as ESM) get this bundle's own address.
    'import.meta.url': '__sello_import_meta_url',
  },
};
// Not for the preload: a sandboxed preload may require 'electron' alone, and needs no address of its own.
const withUrl = { banner: { js: "const __sello_import_meta_url = require('node:url').pathToFileURL(__filename).href;" } };
await build({ ...common, ...withUrl, entryPoints: ['main/electron/main.ts'], format: 'cjs', outfile: 'dist/electron/main.cjs' });
await build({ ...common, entryPoints: ['preload/index.ts'], format: 'cjs', outfile: 'dist/electron/preload.cjs' });
// The worker threads (decision 0045), started by the main process from beside it.
await build({
  ...common,
  ...withUrl,
  entryPoints: ['main/core/books/books-worker.ts'],
  format: 'cjs',
  outfile: 'dist/electron/books-worker.cjs',
});
await build({
  ...common,
  ...withUrl,
  entryPoints: ['main/core/render/pdf-worker.ts'],
  format: 'cjs',
  outfile: 'dist/electron/pdf-worker.cjs',
});
console.log('shell built in dist/electron');
