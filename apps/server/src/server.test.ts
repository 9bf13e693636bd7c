// The entry (server.ts) starts the embedded database's thread before the rest of the server
// loads, so that PGlite starts beside that loading. It only can while what the entry imports
// statically stays light: one import of the app, the database client or a route from the entry's
// own graph, and the whole server loads first again. This reads the compiled server the test run
// built (global-setup.ts) as `npm run build` does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { must } from '@fieldops/shared/must';
import { COMPILED_TEST_SERVER } from './test/server-process.ts';

/** The specifiers of a compiled module's static imports and re-exports (esbuild's ES module output). */
function staticImports(code: string) {
  const found: string[] = [];
  for (const match of code.matchAll(/^(?:import|export)\s[^'"`;]*?\sfrom\s*["']([^"']+)["'];|^import\s*["']([^"']+)["'];/gm)) {
    found.push(must(match[1] ?? match[2], 'an import names its module'));
  }
  return found;
}

/** The packages (and Node.js built-ins) a compiled module loads before it runs, through every file it imports statically. */
function loadedBeforeRunning(entry: string) {
  const packages = new Set<string>();
  const files = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) pending.push(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  }
  return { packages: [...packages].sort(), files: [...files].map((file) => path.basename(file)) };
}

describe('the server entry', () => {
  const entry = process.env[COMPILED_TEST_SERVER];

  it.runIf(entry)('loads only its configuration and the embedded database before starting the database', () => {
    const { packages, files } = loadedBeforeRunning(must(entry, 'the test run compiled the server'));
    expect(packages.filter((name) => !name.startsWith('node:'))).toEqual(['zod']);
    expect(files.some((file) => file.startsWith('serve-'))).toBe(false);
    // The rest of the server is one dynamic import away.
    expect(fs.readFileSync(must(entry, 'compiled'), 'utf8')).toMatch(/await import\("\.\/serve-[\w-]+\.js"\)/);
  });

  it('reads the imports of esbuild output', () => {
    const code = [
      "import { createRequire as __createRequire } from 'node:module'; const require = 1;",
      'import {',
      '  loadConfig,',
      '  startEmbedded',
      '} from "./chunk-A.js";',
      'import "./chunk-B.js";',
      'import fs from "node:fs";',
      'export { x } from "./chunk-C.js";',
      'const { serve } = await import("./serve-D.js");',
      '  const text = "import y from \\"nowhere\\"";',
    ].join('\n');
    expect(staticImports(code)).toEqual(['node:module', './chunk-A.js', './chunk-B.js', 'node:fs', './chunk-C.js']);
  });
});
