// Vite configuration of the web app: React, the dev proxy to the API server, output in dist/ with
// brotli and gzip copies of every compressible file.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const API_SERVER = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|i18next|react-i18next|i18next-browser-languagedetector|dayjs)[\\/]/ },
          ],
        },
      },
    },
  },
});
