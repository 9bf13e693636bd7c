// Vite configuration of the web app: React, the dev proxy to the API server, output in dist/ with
// brotli and gzip copies of every compressible file and the page language worked out up front.
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { languagePreload } from './build/language-preload.ts';
import { precompress } from './build/precompress.ts';

const API_SERVER = 'http://localhost:8080';
/** Mantine and what its components are built on. */
const UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks|dates|notifications|store)|@floating-ui|@tabler|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|react-number-format|react-textarea-autosize|get-nonce|detect-node-es|react-transition-group)[\\/]/;

/** The server's build (`vite build --ssr`) draws first screens: no service worker, no copies. */
const serverBuild: UserConfig = {
  plugins: [
    react(),
    {
      name: 'fieldops-no-service-worker',
      resolveId: (id: string) => (id === 'virtual:pwa-register' ? '\0no-service-worker' : null),
      load: (id: string) => (id === '\0no-service-worker' ? 'export const registerSW = () => () => Promise.resolve();' : null),
    },
  ],
  // One file set with its libraries, so the API server needs nothing of the web app's packages.
  ssr: { noExternal: true },
  publicDir: false,
  build: { outDir: 'dist-server', emptyOutDir: true },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));

const browserBuild: UserConfig = {
  plugins: [
    react(),
    languagePreload(),
    precompress(),
    // The service worker (src/sw.ts, registered by lib/pwa/app-update.ts): every file of the app
    // is kept on the device, and any address that is not the API opens index.html from there, so
    // the app opens without a network; it also sends the outbox by Background Sync. A new version
    // waits for the person to reload into it. The web app manifests are
    // public/manifest-<language>.webmanifest, linked by index.html's first script.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      includeAssets: ['favicon.svg', 'icons/*.png', 'manifest-*.webmanifest'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ttf,webmanifest}'],
        // The PDF export's worker (over a megabyte) is fetched when a report is exported, online.
        globIgnores: ['**/pdf.worker-*.js'],
        // The Arabic fonts are kept too, so the app reads the same offline in both languages.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
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
        // Sign-in carries React, i18next and what of the interface library and the app its screen
        // needs; the query cache and dates come with the pages after it. Of the rest, what at least
        // ten chunks share is one file (interface library) and what six share another (the app's
        // components and helpers); what fewer share stays with its pages, so a page does not carry code only
        // others use, except where that would make files of a few hundred bytes: the icons are one
        // file, and so are the app's small shared modules. Each file costs a phone a request (on
        // HTTP/1.1, six at a time), so the dashboard arrives in about 20 files, under 300 KB
        // gzipped (measured by `npm run bench -- first-load`).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 30 },
            // The list virtualiser stays with the one page that draws long lists (the ticket board).
            { name: 'data', test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|dayjs)[\\/]/, priority: 30 },
            { name: 'ui', test: UI_LIBRARIES, tags: ['$initial'], priority: 20 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 15 },
            // The maps' library and the app's pieces built on it: one file, fetched only by the pages
            // that draw a map (their components import it lazily), never with sign-in or the dashboard.
            {
              name: 'maps',
              test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet|supercluster|kdbush)[\\/]|apps[\\/]web[\\/]src[\\/]components[\\/]map[\\/](picker-map|sites-cluster-map|leaflet-parts)\.tsx|apps[\\/]web[\\/]src[\\/]components[\\/]map[\\/]map\.css/,
              // What the map's pieces import from the app (the picker's field rules) stays with the form.
              includeDependenciesRecursively: false,
              priority: 25,
            },
            // The number field and its formatter are for forms: out of the file the dashboard loads.
            {
              name: 'number-input',
              test: /node_modules[\\/](react-number-format[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/]NumberInput[\\/])/,
              includeDependenciesRecursively: false,
              priority: 12,
            },
            { name: 'ui-more', test: UI_LIBRARIES, minShareCount: 10, priority: 10 },
            { name: 'app', test: /apps[\\/]web[\\/]src[\\/]/, tags: ['$initial'], priority: 6 },
            { name: 'app-shared', test: /apps[\\/]web[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 6, priority: 5 },
            { name: 'app-small', test: /apps[\\/]web[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 2, maxModuleSize: 2500, priority: 4 },
          ],
        },
      },
    },
  },
};
