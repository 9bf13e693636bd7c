import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The journeys run against the built app served by the compiled server (`npm run build` first) on a fresh embedded
// database (with its demo business), in the system Chromium.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = path.join(os.tmpdir(), `fieldops-e2e-${PORT}`);
// Runs given a port of their own (CI runs two halves side by side, `--shard`) keep their results
// apart: each run empties its output folder when it starts.
const RUN = process.env.E2E_PORT ? `/${PORT}` : '';
// The journeys' SMTP server (e2e/mail-catcher.ts), and the page that lists what it received.
export const SMTP_PORT = PORT + 1;
export const MAIL_PORT = PORT + 2;
// The map tiles' server: e2e/maps.spec.ts starts it on 127.0.0.1 while it runs; other journeys'
// maps draw without tiles, as they would offline.
export const TILE_PORT = PORT + 3;
// The OpenID Connect provider e2e/sso.spec.ts starts on 127.0.0.1 while it runs.
export const OIDC_PORT = PORT + 10;

export default defineConfig({
  testDir: './e2e',
  outputDir: `./test-results/e2e${RUN}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: `playwright-report${RUN}`, open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'on',
    // Recording a trace costs every journey; CI retries a failed one once, with a trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Each journey opens a fresh browser, where the service worker would fetch every file of the
    // app again; installable.spec.ts tests it, in a profile of its own.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: `node --import tsx e2e/mail-catcher.ts`,
      url: `http://127.0.0.1:${MAIL_PORT}/health`,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_PORT: String(MAIL_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${DATA_DIR} && npm run serve --silent`,
      url: `http://localhost:${PORT}/api/health`,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        APP_URL: `http://localhost:${PORT}`,
        MAP_TILE_URL: `http://127.0.0.1:${TILE_PORT}/tiles/{z}/{x}/{y}.png`,
        // e2e/sso.spec.ts signs in through an OpenID Connect provider it starts on 127.0.0.1 (http).
        SSO_ALLOW_INSECURE_ISSUERS: 'true',
        // e2e/webhooks.spec.ts registers a webhook to a receiver it starts on 127.0.0.1.
        WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true',
        ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
