// Runs the benchmarks in this folder: every `*.ts` file next to this one that exports `run()`.
// `npm run bench -- members` runs only the named ones.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const wanted = process.argv.slice(2);
const names = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

if (names.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}
for (const name of names) {
  const bench: { run?: () => Promise<void> } = await import(pathToFileURL(path.join(import.meta.dirname, `${name}.ts`)).href);
  if (typeof bench.run !== 'function') continue;
  console.log(`\n### ${name}`);
  await bench.run();
}
