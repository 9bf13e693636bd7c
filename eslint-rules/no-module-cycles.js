// A local ESLint rule for the server's modules (apps/server/src/modules/<base>/<area>/, `depth`
// folders deep, 1 unless set): an import from
// one module folder into another must not lead back, through any files of any modules, to the
// folder that makes it. Folders rather than files: two modules that lean on each other are one
// module, whichever files the imports happen to join. Type-only imports count too (they are
// dependencies all the same). Other files' imports are read from disk once per change of the file;
// the linted file's own come from the text being linted.
import fs from 'node:fs';
import path from 'node:path';

// An import or re-export statement at the start of a line, with its specifier; `[^'";]` keeps the
// match inside one statement.
const STATEMENT = /^(?:import|export)\b[^'";]*?\bfrom\s*(['"])([^'"\n]+)\1/gm;

/** The module folder (its path under `root`, `depth` folders) that `file` is in, or null outside one. */
function moduleOf(root, file, depth = 1) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > depth ? parts.slice(0, depth).join('/') : null;
}

/** file → { mtimeMs, modules }: the other module folders each file imports, shared by a lint run. */
const importsOfFile = new Map();

function modulesImportedBy(root, file, depth) {
  const { mtimeMs } = fs.statSync(file);
  const known = importsOfFile.get(`${depth}:${file}`);
  if (known && known.mtimeMs === mtimeMs) return known.modules;
  const own = moduleOf(root, file, depth);
  const modules = new Set();
  for (const [, , specifier] of fs.readFileSync(file, 'utf8').matchAll(STATEMENT)) {
    if (!specifier.startsWith('.')) continue;
    const target = moduleOf(root, path.resolve(path.dirname(file), specifier), depth);
    if (target && target !== own) modules.add(target);
  }
  importsOfFile.set(`${depth}:${file}`, { mtimeMs, modules });
  return modules;
}

/** module → the modules its files import, read from disk. */
function readModuleGraph(root, depth) {
  const graph = new Map();
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.[cm]?[jt]sx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const module = moduleOf(root, file, depth);
    if (!module) continue;
    const edges = graph.get(module) ?? new Set();
    for (const target of modulesImportedBy(root, file, depth)) edges.add(target);
    graph.set(module, edges);
  }
  return graph;
}

/**
 * The graph, read again at most every few seconds: a lint run sees files that do not change, and
 * listing and checking every module's files for each file linted was most of the rule's time.
 */
const FRESH_MS = 5000;
let recent = null;
function moduleGraph(root, depth) {
  if (recent === null || recent.root !== root || recent.depth !== depth || Date.now() - recent.at > FRESH_MS)
    recent = { root, depth, at: Date.now(), graph: readModuleGraph(root, depth) };
  return recent.graph;
}

/** The chain of modules from `start` to `goal` (both included), or null. */
function chainTo(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift();
    if (module === goal) {
      const chain = [];
      for (let step = goal; step !== null; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of graph.get(module) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, module);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noModuleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids an import from one module folder into another that leads back to the first.' },
    schema: [
      { type: 'object', properties: { root: { type: 'string' }, depth: { type: 'integer', minimum: 1 } }, required: ['root'], additionalProperties: false },
    ],
    messages: {
      cycle: 'Module cycle: {{chain}}. Reach the other module through a service that does not lead back, or move what both need down (lib/, db/, policies/).',
    },
  },
  create(context) {
    const root = path.resolve(context.options[0].root);
    const depth = context.options[0].depth ?? 1;
    const file = context.filename;
    const own = moduleOf(root, file, depth);
    if (!own) return {};
    let graph = null;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = moduleOf(root, path.resolve(path.dirname(file), specifier), depth);
      if (!target || target === own) return;
      graph ??= moduleGraph(root, depth);
      const chain = chainTo(graph, target, own);
      if (chain) context.report({ node: node.source, messageId: 'cycle', data: { chain: [own, ...chain].join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
