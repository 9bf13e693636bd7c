// The no-import-cycles rule on a few files written to a scratch folder: the rule reads the other
// files of a chain from disk, so they have to exist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noImportCycles } from './no-import-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const files = {
  // a.ts → b.ts → c.tsx → a.ts
  'a.ts': "import { b } from './b.ts';\nexport const a = b;",
  'b.ts': "import {\n  c,\n  type C,\n} from './c.tsx';\nexport const b: C = c;",
  'c.tsx': "import { a } from './a.ts';\nexport type C = () => number;\nexport const c: C = () => a;",
  // Cycles only through erased or deferred imports.
  'types.ts': "import type { Uses } from './uses-types.ts';\nexport type Types = Uses;",
  'uses-types.ts': "import type { Types } from './types.ts';\nexport type Uses = Types;",
  'lazy.ts': "export const lazy = () => import('./loads-lazy.ts');",
  'loads-lazy.ts': "import { lazy } from './lazy.ts';\nexport const loads = lazy;",
  'named-types.ts': "import {\n  type One,\n  type Two,\n} from './mixed.ts';\nexport interface Named { one: One; two: Two }\nexport const named = 1;",
  'mixed.ts': "import { type Named, named } from './named-types.ts';\nexport type One = Named;\nexport type Two = number;\nexport const mixed = named;",
  'side-effect.ts': "import './side-effect-back.ts';",
  'side-effect-back.ts': "import './side-effect.ts';",
  'plain.ts': "import { leaf } from './leaf.ts';\nexport const plain = leaf;",
  'leaf.ts': 'export const leaf = 1;',
};
for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), code);
const at = (name) => path.join(dir, name);

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('no-import-cycles', noImportCycles, {
  valid: [
    { code: files['plain.ts'], filename: at('plain.ts') },
    { code: files['types.ts'], filename: at('types.ts') },
    { code: "import { type Uses } from './uses-types.ts';\nexport type Types = Uses;", filename: at('types.ts') },
    { code: files['mixed.ts'], filename: at('mixed.ts') },
    { code: files['lazy.ts'], filename: at('lazy.ts') },
    { code: files['loads-lazy.ts'], filename: at('loads-lazy.ts') },
    // An asset or a missing file ends the chain.
    { code: "import url from './font.ttf?url';\nimport { x } from './missing.ts';", filename: at('leaf.ts') },
  ],
  invalid: [
    {
      code: files['a.ts'],
      filename: at('a.ts'),
      errors: [{ message: 'Import cycle: a.ts → b.ts → c.tsx → a.ts. Move what both sides need into a module of its own.' }],
    },
    {
      // The linted text counts, not what is on disk: here c.tsx re-exports a.ts.
      code: "export { a } from './a.ts';",
      filename: at('c.tsx'),
      errors: [{ message: 'Import cycle: c.tsx → a.ts → b.ts → c.tsx. Move what both sides need into a module of its own.' }],
    },
    {
      code: files['side-effect-back.ts'],
      filename: at('side-effect-back.ts'),
      errors: [{ message: 'Import cycle: side-effect-back.ts → side-effect.ts → side-effect-back.ts. Move what both sides need into a module of its own.' }],
    },
  ],
});
