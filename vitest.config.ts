import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core (the default keeps a core free for the main process, which has
    // little to do here: on two cores it would run one file at a time).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
          // Migrates one database for the run; each test file starts from a copy of it.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Test files share a worker's loaded modules (each still gets its own app and database,
          // see test-app.ts): a fresh process per file, loading and warming up the app and PGlite
          // again, cost more than most files' tests.
          isolate: false,
          // The test object store (s3rver) signs its listings' continuation tokens with DES, which
          // OpenSSL 3 keeps in its legacy provider: a listing past 1,000 objects fails without it.
          execArgv: ['--openssl-legacy-provider'],
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'lint-rules',
          environment: 'node',
          include: ['eslint-rules/**/*.test.js'],
          // The first lint loads the repository's whole ESLint configuration.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
