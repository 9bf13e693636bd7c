// The import-zones rule on its own (how zones and relative paths are read), then the repository's
// own zones through its ESLint configuration: the web's app → features → components → lib →
// shared flow, features kept apart, and the shared package kept free of the apps.
import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importZones } from './import-zones.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = '/repo';
const options = [
  {
    root,
    zones: [
      { target: 'src/features/*', from: ['src/features/*', 'src/app'], message: 'Features stay apart.' },
      { target: 'src/lib', from: ['src/components', 'src/features'] },
    ],
  },
];
const at = (file) => path.join(root, file);

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('import-zones', importZones, {
  valid: [
    { code: "import { a } from './api/get-a.ts';", filename: at('src/features/tasks/tasks-page.tsx'), options },
    { code: "import { a } from '../../lib/a.ts';", filename: at('src/features/tasks/tasks-page.tsx'), options },
    { code: "import { a } from '../../tasks/components/a.tsx';", filename: at('src/features/tasks/api/get-a.ts'), options },
    { code: "import { paths } from '../../lib/paths.ts';", filename: at('src/app/shell/nav.ts'), options },
    { code: "import { a } from '@fieldops/shared/a';", filename: at('src/lib/a.ts'), options },
    // A folder whose name only begins like a forbidden one.
    { code: "import { a } from '../components-extra/a.ts';", filename: at('src/lib/a.ts'), options },
  ],
  invalid: [
    {
      code: "import { getTicket } from '../../tickets/api/get-ticket.ts';",
      filename: at('src/features/tasks/components/flagged.tsx'),
      options,
      errors: [{ message: "'../../tickets/api/get-ticket.ts' reaches src/features/tickets. Features stay apart." }],
    },
    {
      code: "import { routes } from '../../app/routes.tsx';",
      filename: at('src/features/tasks/tasks-page.tsx'),
      options,
      errors: [{ message: "'../../app/routes.tsx' reaches src/app. Features stay apart." }],
    },
    {
      code: "import type { Ticket } from '../features/tickets/types.ts';",
      filename: at('src/lib/a.ts'),
      options,
      errors: [{ message: "'../features/tickets/types.ts' reaches src/features. src/lib may not import it." }],
    },
    {
      code: "export { Card } from '../components/card.tsx';\nexport * from '../features/x/y.ts';",
      filename: at('src/lib/a.ts'),
      options,
      errors: [{ messageId: 'forbidden' }, { messageId: 'forbidden' }],
    },
    {
      code: "const page = () => import('../features/x/page.tsx');\ntype T = import('../components/t.ts').T;",
      filename: at('src/lib/a.ts'),
      options,
      errors: [{ messageId: 'forbidden' }, { messageId: 'forbidden' }],
    },
    {
      code: "import url from '../components/font.ttf?url';",
      filename: at('src/lib/a.ts'),
      options,
      errors: [{ messageId: 'forbidden' }],
    },
  ],
});

describe("the repository's zones", () => {
  const repo = path.resolve(import.meta.dirname, '..');
  // The files linted here exist only as text, so the rules that read types (which need the file
  // in a TypeScript project) are left out; the zones need no types.
  const eslint = new ESLint({
    cwd: repo,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
  const zoneErrors = async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
    return result.messages.filter((message) => message.ruleId === 'local/import-zones').map((message) => message.message);
  };

  it('keeps features apart, relative paths included', async () => {
    expect(await zoneErrors('apps/web/src/features/tasks/components/x.tsx', "export { a } from '../../tickets/api/get-ticket.ts';")).toEqual([
      "'../../tickets/api/get-ticket.ts' reaches apps/web/src/features/tickets. Features do not import from each other: shared code moves down to components/, lib/ or packages/shared.",
    ]);
    expect(await zoneErrors('apps/web/src/features/tasks/components/x.tsx', "export { a } from '../api/get-task.ts';")).toEqual([]);
  });

  it('lets features use what is below them, never the app', async () => {
    const file = 'apps/web/src/features/tasks/x.tsx';
    expect(await zoneErrors(file, "export { a } from '../../components/empty-state.tsx';\nexport { b } from '../../lib/paths.ts';")).toEqual([]);
    expect(await zoneErrors(file, "export { a } from '../../app/routes.tsx';")).toHaveLength(1);
  });

  it('keeps components and lib below the features', async () => {
    expect(await zoneErrors('apps/web/src/components/x.tsx', "export { a } from '../features/tasks/api/get-task.ts';")).toHaveLength(1);
    expect(await zoneErrors('apps/web/src/components/x.tsx', "export { a } from '../app/routes.tsx';")).toHaveLength(1);
    expect(await zoneErrors('apps/web/src/components/x.tsx', "export { a } from '../lib/paths.ts';")).toEqual([]);
    for (const upward of ['../components/empty-state.tsx', '../features/tasks/api/get-task.ts', '../app/routes.tsx']) {
      expect(await zoneErrors('apps/web/src/lib/x.ts', `export { a } from '${upward}';`)).toHaveLength(1);
    }
  });

  it('keeps the shared package free of the apps', async () => {
    expect(await zoneErrors('packages/shared/src/x.ts', "export { a } from '../../../apps/web/src/lib/paths.ts';")).toHaveLength(1);
    expect(await zoneErrors('packages/shared/src/x.ts', "export { a } from './enums.ts';")).toEqual([]);
  });
});
