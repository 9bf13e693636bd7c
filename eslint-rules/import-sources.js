// What the local import rules share: every place a file names another module (imports, re-exports,
// dynamic imports, `import('…')` types), and where a relative one lands on disk. The web has no
// path aliases, so a relative specifier is the only way one of its folders reaches another.
import path from 'node:path';

/**
 * @typedef {object} ImportSource
 * @property {object} node the specifier's literal, where a problem is reported
 * @property {string} specifier as written
 * @property {boolean} typeOnly erased by TypeScript (`import type`, or every name imported is a type)
 * @property {boolean} dynamic `import('…')`, evaluated only when called
 */

/** Whether `specifier` names a file of this repository rather than a package. */
export const isRelative = (specifier) => specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';

/** The absolute path `specifier` names from `file`, without a bundler suffix such as `?url`. */
export function resolveRelative(file, specifier) {
  return path.resolve(path.dirname(file), specifier.replace(/[?#].*$/, ''));
}

const allTypes = (specifiers, kindKey) => specifiers.length > 0 && specifiers.every((specifier) => specifier[kindKey] === 'type');

/**
 * A visitor calling `onSource` for each module named in the file.
 * @param {(source: ImportSource) => void} onSource
 */
export function visitImportSources(onSource) {
  const literal = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : null);
  const emit = (node, source, typeOnly, dynamic) => {
    const specifier = literal(source);
    if (specifier !== null) onSource({ node: source, specifier, typeOnly, dynamic });
  };
  return {
    ImportDeclaration: (node) => emit(node, node.source, node.importKind === 'type' || allTypes(node.specifiers, 'importKind'), false),
    ExportNamedDeclaration: (node) => node.source && emit(node, node.source, node.exportKind === 'type' || allTypes(node.specifiers, 'exportKind'), false),
    ExportAllDeclaration: (node) => emit(node, node.source, node.exportKind === 'type', false),
    ImportExpression: (node) => emit(node, node.source, false, true),
    TSImportType: (node) => emit(node, node.source ?? node.argument?.literal, true, false),
  };
}
