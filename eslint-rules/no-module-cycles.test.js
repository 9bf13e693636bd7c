// The no-module-cycles rule on module folders written to a scratch directory: the rule reads the
// other modules' files from disk, so they have to exist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noModuleCycles } from './no-module-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-cycles-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const files = {
  // tasks → actions → tags → tasks, each through a different file of its module.
  'tasks/tasks.service.ts': "import { listActions } from '../actions/actions.service.ts';\nexport const tasks = listActions;",
  'tasks/tasks.repository.ts': 'export const findTask = 1;',
  'actions/actions.service.ts': "import { findTask } from './actions.repository.ts';\nexport const listActions = findTask;",
  'actions/actions.repository.ts': "import type { Tag } from '../tags/tag-types.ts';\nexport const findTask = 1;\nexport type T = Tag;",
  'tags/tag-types.ts': "import { tasks } from '../tasks/tasks.service.ts';\nexport type Tag = typeof tasks;",
  // reports → nothing; projects → reports only.
  'reports/reports.service.ts': 'export const ranks = 1;',
  'projects/projects.service.ts':
    "import { ranks } from '../reports/reports.service.ts';\nimport { x } from './projects.repository.ts';\nexport const p = ranks + x;",
  'projects/projects.repository.ts': "import { sql } from 'drizzle-orm';\nexport const x = sql;",
};
for (const [name, code] of Object.entries(files)) {
  fs.mkdirSync(path.join(root, path.dirname(name)), { recursive: true });
  fs.writeFileSync(path.join(root, name), code);
}
const at = (name) => path.join(root, name);
const options = [{ root }];

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('no-module-cycles', noModuleCycles, {
  valid: [
    { code: files['projects/projects.service.ts'], filename: at('projects/projects.service.ts'), options },
    { code: files['actions/actions.service.ts'], filename: at('actions/actions.service.ts'), options },
    // A file outside the modules' folder is not the rule's business.
    { code: "import { tasks } from './modules/tasks/tasks.service.ts';", filename: path.join(path.dirname(root), 'seed.ts'), options },
  ],
  invalid: [
    {
      code: files['tasks/tasks.service.ts'],
      filename: at('tasks/tasks.service.ts'),
      options,
      errors: [{ messageId: 'cycle', data: { chain: 'tasks → actions → tags → tasks' } }],
    },
    {
      // Type-only imports are dependencies too.
      code: files['actions/actions.repository.ts'],
      filename: at('actions/actions.repository.ts'),
      options,
      errors: [{ messageId: 'cycle', data: { chain: 'actions → tags → tasks → actions' } }],
    },
    {
      // The linted text counts: reports importing projects would close projects → reports.
      code: "export { p } from '../projects/projects.service.ts';",
      filename: at('reports/reports.service.ts'),
      options,
      errors: [{ messageId: 'cycle', data: { chain: 'reports → projects → reports' } }],
    },
  ],
});

// Modules grouped by base (modules/<base>/<area>/): each area is a module of its own, and a cycle
// across bases is found as one within a base.
const grouped = {
  'main/members/members.service.ts': "import { feed } from '../../workflow/feed/feed.service.ts';\nexport const members = feed;",
  'workflow/feed/feed.service.ts': "import { plans } from '../plans/plans.service.ts';\nexport const feed = plans;",
  'workflow/plans/plans.service.ts': 'export const plans = 1;',
};
const groupedRoot = path.join(root, 'grouped');
for (const [name, code] of Object.entries(grouped)) {
  fs.mkdirSync(path.join(groupedRoot, path.dirname(name)), { recursive: true });
  fs.writeFileSync(path.join(groupedRoot, name), code);
}
const inGroup = (name) => path.join(groupedRoot, name);
const groupedOptions = [{ root: groupedRoot, depth: 2 }];

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('no-module-cycles (depth 2)', noModuleCycles, {
  valid: [
    // Two areas of one base are two modules: plans importing nothing is fine, feed → plans is fine.
    { code: grouped['workflow/feed/feed.service.ts'], filename: inGroup('workflow/feed/feed.service.ts'), options: groupedOptions },
    { code: grouped['main/members/members.service.ts'], filename: inGroup('main/members/members.service.ts'), options: groupedOptions },
  ],
  invalid: [
    {
      code: "import { members } from '../../main/members/members.service.ts';\nexport const plans = members;",
      filename: inGroup('workflow/plans/plans.service.ts'),
      options: groupedOptions,
      errors: [{ messageId: 'cycle', data: { chain: 'workflow/plans → main/members → workflow/feed → workflow/plans' } }],
    },
  ],
});
