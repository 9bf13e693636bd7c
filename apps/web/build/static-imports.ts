// What a module brings with it before it can run: every file and package it reaches through
// static imports, across the app and the shared package. `import type` and `export type` bring
// nothing; `import()` is a chunk fetched later, and is not followed. Used by the tests that keep
// the schema library (and other weight) out of the first screens.
import fs from 'node:fs';
import path from 'node:path';

const SHARED = path.resolve(import.meta.dirname, '../../../packages/shared/src');

/** Each static import or re-export's module specifier, from a TypeScript source. */
export function staticSpecifiers(source: string): string[] {
  const found: string[] = [];
  // Comments could hold an example import: they go first.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of code.matchAll(statement)) {
    const [, , typeOnly, specifier] = match;
    if (!typeOnly && specifier) found.push(specifier);
  }
  return found;
}

function resolve(from: string, specifier: string): { file: string } | { pkg: string } {
  if (specifier.startsWith('.')) return { file: path.resolve(path.dirname(from), specifier) };
  if (specifier.startsWith('@fieldops/shared/')) return { file: path.join(SHARED, `${specifier.slice('@fieldops/shared/'.length)}.ts`) };
  const parts = specifier.split('/');
  return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier) };
}

/** The files and packages `entry` reaches through static imports (packages are not entered). */
export function reachedFrom(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [path.resolve(entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    // Styles and assets are files too, but bring no further imports.
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of staticSpecifiers(fs.readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier);
      if ('pkg' in target) packages.add(target.pkg);
      else pending.push(target.file);
    }
  }
  return { files, packages };
}
