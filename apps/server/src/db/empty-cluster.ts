// A new embedded data directory starts from an archive of an empty database cluster, made once by
// `npm run build` (scripts/bundle.ts), instead of by PGlite's own initdb. Creating a cluster takes
// PGlite some 600 MB of memory that the process would keep for its life (WebAssembly memory only
// grows); loading the archive takes about a second and half the memory. The archive is kept beside
// the installed PGlite, named by its version: without one (a start through tsx before any build,
// another PGlite since), the cluster is created as before.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The installed PGlite's folder and version. */
function installedPglite(): { dir: string; version: string } {
  for (let dir = path.dirname(require.resolve('@electric-sql/pglite')); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === '@electric-sql/pglite' && version) return { dir, version };
  }
  throw new Error('The installed @electric-sql/pglite has no package.json');
}

/** Where the archive of the installed PGlite's empty cluster is kept: node_modules/.cache/fieldops. */
export function emptyClusterFile(): string {
  const { dir, version } = installedPglite();
  return path.join(dir, '..', '..', '.cache', 'fieldops', `empty-cluster-pglite-${version}.tar.gz`);
}

/** The archive, when it has been made; undefined otherwise. */
export function readEmptyCluster(file = emptyClusterFile()): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Makes the archive unless it is there; answers whether it made it. */
export async function writeEmptyCluster(file = emptyClusterFile()): Promise<boolean> {
  if (fs.existsSync(file)) return false;
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  try {
    const dump = await db.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written beside and renamed: a start at the same time never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await db.close();
  }
  return true;
}
