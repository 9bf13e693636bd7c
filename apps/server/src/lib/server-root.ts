// Where the server's own files are (its migrations, the web app beside it), found the same way
// from the TypeScript sources (src/…) and from the compiled bundle (dist/server.js): the nearest
// folder above this module that holds the server's package.json.
import fs from 'node:fs';
import path from 'node:path';

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'drizzle'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`The server's folder (with package.json and drizzle/) was not found above ${from}.`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
