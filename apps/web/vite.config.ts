// Vite configuration of the web app: React, the dev proxy to the API server, output in dist/ with
// brotli and gzip copies of every compressible file and the page language worked out up front.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { languagePreload } from './build/language-preload.ts';
import { precompress } from './build/precompress.ts';

const API_SERVER = 'http://localhost:8080';
/** Mantine and what its components are built on. */
const UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks|dates|notifications|store)|@floating-ui|@tabler|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|react-number-format|react-textarea-autosize|get-nonce|detect-node-es|react-transition-group)[\\/]/;

export default defineConfig({
  plugins: [react(), languagePreload(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: true },
      '/services': { target: API_SERVER, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // The interface library and the app's shared code are each cut in two: what the first
        // screen needs, and the rest in one file the signed-in pages share. A page then arrives in
        // a dozen files rather than fifty (each costs a round trip on a phone's network), while
        // sign-in carries none of the rest (measured by `npm run bench -- first-load`).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|i18next|react-i18next|i18next-browser-languagedetector|dayjs)[\\/]/, priority: 30 },
            { name: 'ui', test: UI_LIBRARIES, tags: ['$initial'], priority: 20 },
            { name: 'ui-more', test: UI_LIBRARIES, priority: 10 },
            { name: 'app', test: /apps[\\/]web[\\/]src[\\/]/, tags: ['$initial'], priority: 6 },
            { name: 'app-shared', test: /apps[\\/]web[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 2, priority: 5 },
          ],
        },
      },
    },
  },
});
