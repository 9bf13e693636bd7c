import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importZones } from './eslint-rules/import-zones.js';
import { noImportCycles } from './eslint-rules/no-import-cycles.js';
import { noModuleCycles } from './eslint-rules/no-module-cycles.js';

const localRules = { rules: { 'import-zones': importZones, 'no-import-cycles': noImportCycles } };
const WEB_FLOW = 'The web flows one way: app → features → components → lib → shared.';
const SEPARATE_FEATURES = 'Features do not import from each other: shared code moves down to components/, lib/ or packages/shared.';
// Tests and their helpers: what each package's tsconfig.json excludes and its tsconfig.test.json adds back.
const TEST_FILES = [
  'apps/server/src/**/*.test.ts',
  'apps/server/src/test/**/*.ts',
  'apps/server/src/**/*-test-kit.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/web/src/test/**/*.{ts,tsx}',
  'apps/web/src/features/*/test/**/*.ts',
  'apps/web/src/**/*-fixtures.ts',
  'apps/web/src/**/*-test-kit.ts',
  'packages/shared/src/**/*.test.ts',
  'packages/shared/src/testing/**/*.ts',
];
const TEST_PROJECTS = ['./apps/server/tsconfig.test.json', './apps/web/tsconfig.test.json', './packages/shared/tsconfig.test.json'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Policies sit below the modules (docs/ARCHITECTURE.md): they read tables, never a module.
    files: ['apps/server/src/policies/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'Policies do not import modules.' }] }],
    },
  },
  {
    // Server modules (modules/<base>/<area>/) reach one another only through their services, never another module's
    // repository (relative paths included), and no chain of imports leads from a module folder
    // back to itself (docs/ARCHITECTURE.md). A module's own `./x.repository.ts` is its business.
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'server-modules': { rules: { 'no-module-cycles': noModuleCycles } } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./[^./][^/]*|\\.\\./\\.\\./[^./][^/]*/[^./][^/]*|(\\.\\./)+modules/[^/]+(/[^./][^/]*)?)/[^/]+\\.repository(\\.[cm]?[jt]s)?$',
              message: 'Another module is reached through its service (*.service.ts), never its repository.',
            },
          ],
        },
      ],
      'server-modules/no-module-cycles': ['error', { root: `${import.meta.dirname}/apps/server/src/modules`, depth: 2 }],
    },
  },
  {
    // The web flows one way, app → features → components → lib → shared, and features stay apart
    // (docs/ARCHITECTURE.md). Zones are folders; relative imports are resolved, so a path that
    // climbs out of a feature with `../..` is caught too.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/shared/**/*.ts'],
    plugins: { local: localRules },
    rules: {
      'local/import-zones': [
        'error',
        {
          root: import.meta.dirname,
          zones: [
            { target: 'apps/web/src/features/*', from: ['apps/web/src/features/*'], message: SEPARATE_FEATURES },
            { target: 'apps/web/src/features/*', from: ['apps/web/src/app'], message: WEB_FLOW },
            { target: 'apps/web/src/components', from: ['apps/web/src/features', 'apps/web/src/app'], message: WEB_FLOW },
            { target: 'apps/web/src/lib', from: ['apps/web/src/components', 'apps/web/src/features', 'apps/web/src/app'], message: WEB_FLOW },
            { target: 'packages/shared', from: ['apps'], message: 'The shared contract imports nothing from the apps.' },
          ],
        },
      ],
    },
  },
  {
    // Rules that read the types: a promise is awaited, returned, or marked `void` on purpose, and
    // never handed to a place that ignores it (an event handler that expects nothing back, an if).
    files: ['apps/server/src/**/*.ts', 'apps/server/scripts/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The project service finds a file through the tsconfig.json beside it, which holds the product
    // code only; the tests read their types through the package's tsconfig.test.json instead.
    files: TEST_FILES,
    languageOptions: { parserOptions: { projectService: false, project: TEST_PROJECTS, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // A module loaded before the one it imports has finished loading sees its exports undefined.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { local: localRules },
    rules: { 'local/no-import-cycles': 'error' },
  },
  {
    // Server state belongs to each feature's api/ folder (docs/ARCHITECTURE.md): its key factories
    // name the keys and its mutation hooks refresh what they change, so screens do neither.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/features/*/components/**/*.{ts,tsx}', 'apps/web/src/features/*/*.tsx'],
    ignores: ['apps/web/src/components/*/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Query keys come from the key factories of an api/ folder.' },
        { selector: "ImportSpecifier[imported.name='useQueryClient']", message: 'Mutation hooks in an api/ folder refresh what they change.' },
      ],
    },
  },
);
