// A local ESLint rule reporting an import that leads back, through other files, to the file that
// makes it. Only imports that run when a module loads count: type-only imports are erased and a
// dynamic `import()` runs later, so neither can leave a module half-initialised. Other files'
// imports are read from disk (once, again when the file changes); the linted file's own come
// from the text being linted.
import fs from 'node:fs';
import path from 'node:path';
import { isRelative, resolveRelative, visitImportSources } from './import-sources.js';

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx', '/index.js'];

/** The file a resolved specifier loads, or null when there is none (an asset, a missing file). */
function existingFile(target) {
  for (const extension of EXTENSIONS) {
    const candidate = target + extension;
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

// An import or re-export statement at the start of a line (as the formatter writes them): its
// clause, when it has one, and its specifier. The clause holds no quote, `;`, `=` or parenthesis
// and never runs into the next statement, so a declaration is never read as one.
const STATEMENT = /^(?:(?:import|export)\b((?:(?!\n(?:import|export)\b)[^;'"`=()])*?)\bfrom\s*|import\s*)(['"])([^'"\n]+)\2/gm;

/** `type X`, `type { X }`, or braces naming only types: TypeScript erases the statement. */
function typeOnly(clause) {
  const text = clause.trim();
  if (/^type\s/.test(text)) return true;
  const names = /^\{([\s\S]*)\}$/
    .exec(text)?.[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names !== undefined && names.length > 0 && names.every((name) => /^type\s/.test(name));
}

/**
 * The relative specifiers a module evaluates when it loads. A scan rather than a parse: parsing
 * every file again made this rule a quarter of the web's lint time, and the scan finds the same
 * imports as TypeScript's parser on every file of the repository.
 */
function loadedSpecifiers(text) {
  const specifiers = [];
  for (const [, clause, , specifier] of text.matchAll(STATEMENT)) {
    if ((clause === undefined || !typeOnly(clause)) && isRelative(specifier)) specifiers.push(specifier);
  }
  return specifiers;
}

/** file → { mtimeMs, dependencies }: shared by every file of one lint run. */
const graph = new Map();

function dependenciesOf(file) {
  const { mtimeMs } = fs.statSync(file);
  const known = graph.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.dependencies;
  const dependencies = loadedSpecifiers(fs.readFileSync(file, 'utf8')).flatMap((specifier) => existingFile(resolveRelative(file, specifier)) ?? []);
  graph.set(file, { mtimeMs, dependencies });
  return dependencies;
}

/**
 * The chain of files from `start` back to `goal` (both included), or null. Depth first, each file
 * once; `deadEnds` holds files already known not to lead to `goal`, and gains this search's files
 * when it finds nothing.
 */
function pathBack(start, goal, deadEnds) {
  const visited = new Set();
  const search = (file) => {
    if (file === goal) return [goal];
    if (visited.has(file) || deadEnds.has(file)) return null;
    visited.add(file);
    for (const next of dependenciesOf(file)) {
      const rest = search(next);
      if (rest) return [file, ...rest];
    }
    return null;
  };
  const chain = search(start);
  if (!chain) for (const file of visited) deadEnds.add(file);
  return chain;
}

export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids an import that leads back to the importing file.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both sides need into a module of its own.' },
  },
  create(context) {
    const file = context.filename;
    const deadEnds = new Set();
    return visitImportSources(({ node, specifier, typeOnly, dynamic }) => {
      if (typeOnly || dynamic || !isRelative(specifier)) return;
      const target = existingFile(resolveRelative(file, specifier));
      if (!target) return;
      const chain = pathBack(target, file, deadEnds);
      if (!chain) return;
      const names = [file, ...chain].map((step) => path.relative(path.dirname(file), step));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    });
  },
};
