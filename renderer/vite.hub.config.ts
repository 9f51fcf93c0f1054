// The head office hub's screens (renderer/hub): a second build beside the station's, into dist/hub, served by
// `sello hub` at /hub/ (main/hub/http-static.ts). Same rules as the station's: no inline scripts or styles.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./hub', import.meta.url)),
  base: '/hub/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/hub', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
