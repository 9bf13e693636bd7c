// A local ESLint rule keeping imports flowing one way between folders. Each zone names the files
// it governs (`target`) and the folders they may not import (`from`). Relative imports are resolved
// against the importing file, so `../../tickets/api/get-ticket.ts` is caught wherever it is
// written from. A target ending in `/*` makes each sub-folder its own zone; when a `from` entry is
// that same pattern, it means every sub-folder but the file's own (features/<x> may not import
// features/<y>). Package imports are not checked: they can only reach what a package exports.
import path from 'node:path';
import { isRelative, resolveRelative, visitImportSources } from './import-sources.js';

const toPosix = (file) => file.split(path.sep).join('/');

/**
 * Whether `file` (relative to the root, posix) is in `pattern`: null when not; else the sub-folder
 * it is in for a `dir/*` pattern, '' for a plain folder.
 */
function folderOf(pattern, file) {
  if (pattern.endsWith('/*')) {
    const dir = pattern.slice(0, -1);
    return file.startsWith(dir) && file.length > dir.length ? file.slice(dir.length).split('/')[0] : null;
  }
  return file === pattern || file.startsWith(`${pattern}/`) ? '' : null;
}

const zoneSchema = {
  type: 'object',
  properties: {
    target: { type: 'string' },
    from: { type: 'array', items: { type: 'string' }, minItems: 1 },
    message: { type: 'string' },
  },
  required: ['target', 'from'],
  additionalProperties: false,
};

export const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports from the folders a zone may not reach, relative imports included.' },
    schema: [
      {
        type: 'object',
        properties: {
          /** The folder zone paths are relative to (the working directory when left out). */
          root: { type: 'string' },
          zones: { type: 'array', items: zoneSchema },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: "'{{specifier}}' reaches {{reached}}. {{why}}" },
  },
  create(context) {
    const { zones, root = context.cwd } = context.options[0];
    const file = toPosix(path.relative(root, context.filename));
    const governing = zones.flatMap((zone) => {
      const own = folderOf(zone.target, file);
      return own === null ? [] : [{ zone, own }];
    });
    if (governing.length === 0) return {};

    return visitImportSources(({ node, specifier }) => {
      if (!isRelative(specifier)) return;
      const reached = toPosix(path.relative(root, resolveRelative(context.filename, specifier)));
      for (const { zone, own } of governing) {
        for (const from of zone.from) {
          const folder = folderOf(from, reached);
          if (folder === null || (from === zone.target && folder === own)) continue;
          const where = folder ? `${from.slice(0, -1)}${folder}` : from;
          context.report({ node, messageId: 'forbidden', data: { specifier, reached: where, why: zone.message ?? `${zone.target} may not import it.` } });
          return;
        }
      }
    });
  },
};
