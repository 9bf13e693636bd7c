// Compiles the server to plain JavaScript for production (`npm start`) in dist/ (bundle-server.ts),
// and archives an empty embedded database cluster once per PGlite version (src/db/empty-cluster.ts).
import path from 'node:path';
import { writeEmptyCluster } from '../src/db/empty-cluster.ts';
import { bundleServer } from './bundle-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const metafile = await bundleServer(path.join(root, 'dist'));
const bytes = Object.entries(metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `${path.relative(root, file)} ${(output.bytes / 1024).toFixed(0)} KiB`);
console.log(`server compiled: ${bytes.join(', ')}`);
if (await writeEmptyCluster()) console.log('an empty embedded database cluster archived for new data directories');
