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
    // The books screen is the station's own (renderer/src/books), with the libraries the station's main chunk
    // carries here in the page's: they go apart, so no chunk is one the browser waits long for.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
