import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachedFrom, staticSpecifiers } from './static-imports.ts';

const SRC = path.resolve(import.meta.dirname, '../src');

describe('what the first screens bring with them', () => {
  it('reads static imports and re-exports, not type-only ones or import()', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      'import {',
      '  c,',
      "} from '@fieldops/shared/c';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "import './f.css';",
      "// import { g } from './g.ts';",
      "const h = lazy(() => import('./h.tsx'));",
    ].join('\n');
    expect(staticSpecifiers(source)).toEqual(['./a.ts', '@fieldops/shared/c', './d.ts', './f.css']);
  });

  // The schema library is about 26 KB compressed and tens of milliseconds to set up on a phone:
  // the forms that check with it arrive when they open.
  it.each([
    ['the signed-in shell', 'app/signed-in-layout.tsx'],
    ['the ticket board', 'features/tickets/tickets-page.tsx'],
    ['the dashboard', 'features/dashboard/dashboard-page.tsx'],
  ])('%s does not bring the schema library', (_name, entry) => {
    const { files, packages } = reachedFrom(path.join(SRC, entry));
    expect(files.size).toBeGreaterThan(20);
    expect(packages.has('react')).toBe(true);
    expect(packages.has('zod')).toBe(false);
  });
});
