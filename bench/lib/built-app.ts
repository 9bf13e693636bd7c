// What the browser benchmarks (first-load, interaction) need: the built app and Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { COMPILED_SERVER } from '../../apps/server/src/test/server-process.ts';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** BENCH_WEB_ROOT measures another build of the web app (a copy of dist/ with dist-server/ beside it). */
export const WEB_ROOT = path.resolve(process.env.BENCH_WEB_ROOT ?? path.join(import.meta.dirname, '../../apps/web/dist'));

/** Why the built app cannot be measured in Chromium here, or null when it can. */
export function missingForBrowserBench(): string | null {
  if (!fs.existsSync(COMPILED_SERVER) || !fs.existsSync(path.join(WEB_ROOT, 'index.html'))) return 'The built app is missing: run `npm run build` first.';
  if (!fs.existsSync(CHROME)) return `Chromium is missing at ${CHROME} (set CHROME_PATH).`;
  return null;
}
