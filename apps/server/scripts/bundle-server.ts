// The server compiled to plain JavaScript: one ES module for the server and one for the embedded
// database's worker thread, in `outdir`. The packages in node_modules stay outside the bundle and
// load as they are; the workspace's own TypeScript (this server and @fieldops/shared) is compiled
// in. `npm run build` writes dist/ with it (bundle.ts), and the tests that start the server as a
// process run a copy made once per test run (src/test/global-setup.ts). An `outdir` anywhere
// under this package works: the server finds its migrations by walking up to its package.json.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export async function bundleServer(outdir: string): Promise<Metafile> {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@fieldops/'));
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    // The worker sits beside the server: db/embedded.ts starts `./embedded-worker.js` next to itself.
    entryPoints: { server: 'src/server.ts', 'embedded-worker': 'src/db/embedded-worker.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Modules imported on demand (the S3 driver, the server past its entry) become chunks of their
    // own, loaded when needed. They sit beside the entries: the chunk that holds db/embedded.ts
    // finds the worker as `./embedded-worker.js` next to itself.
    splitting: true,
    chunkNames: '[name]-[hash]',
    target: 'node20',
    // Sub-paths of the packages (drizzle-orm/pg-core, …) are external as well.
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // Modules bundled from CommonJS call `require`; ES modules have none of their own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return result.metafile;
}
