// The sites map of a business with 5,000 sites (SITES_MAP_SITES), in Chromium at a desktop size:
// the built app served by the compiled server (`npm run build` first) on a fresh embedded
// database. The time is from the start of navigation to /sites/map until every site is on the
// map (the clusters' counts and the single sites add up to them all), the median of a few loads
// in fresh browser contexts, each with its own cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { must } from '@fieldops/shared/must';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { startServer } from '../../apps/server/src/test/server-process.ts';
import { STORAGE_KEYS } from '../../packages/shared/src/limits.ts';
import { CHROME, missingForBrowserBench, WEB_ROOT } from './built-app.ts';

const SITES = Number(process.env.SITES_MAP_SITES ?? 5_000);
const LOADS = 3;
const GOAL_MS = 1_000;
const USERNAME = 'sites.map.owner';
const PASSWORD = 'bench-pass-1';
const DESKTOP = { width: 1366, height: 800 };

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};

/** A business of `SITES` sites spread over the Arabian Peninsula, in four projects, written set-based. */
async function seedSites(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  try {
    const db = database.db;
    const [owner] = await db
      .insert(users)
      .values({ username: USERNAME, email: `${USERNAME}@example.com`, fullName: 'Sites Owner', passwordHash: await hashPassword(PASSWORD), activated: true })
      .returning({ id: users.id });
    const business = await createBusinessFor(db, must(owner, 'an insert returns its row').id, { name: 'Five thousand sites' });
    const b = business.id;
    await db.execute(sql`insert into projects (business_id, name) select ${b}, 'Region ' || g from generate_series(1, 4) g`);
    await db.execute(sql`
      with p as (select id, row_number() over (order by id) - 1 as rn from projects where business_id = ${b})
      insert into teams (business_id, project_id, name, latitude, longitude, radius)
      select ${b}, p.id, 'Site ' || g, 17 + (g * 7919 % 1000) / 100.0, 39 + (g * 104729 % 1500) / 100.0, 150
      from generate_series(1, ${SITES}) g join p on p.rn = g % 4`);
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

/** Milliseconds from navigation until the map shows every site, or NaN when it did not within a minute. */
async function loadMap(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/sites/map`);
  try {
    const handle = await page.waitForFunction(
      (total) => {
        const { document, performance } = globalThis as unknown as {
          document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
          performance: { now(): number };
        };
        const marks = Array.from(document.querySelectorAll('.leaflet-marker-icon .fo-map-cluster'));
        if (marks.length === 0) return false;
        const shown = marks.reduce((sum, mark) => sum + (Number.parseInt(mark.textContent ?? '', 10) || 1), 0);
        return shown >= total ? performance.now() : false;
      },
      SITES,
      { timeout: 60_000, polling: 'raf' },
    );
    return (await handle.jsonValue()) as number;
  } catch {
    const shot = path.join(os.tmpdir(), `bench-sites-map-${Date.now()}.png`);
    await page.screenshot({ path: shot });
    console.log(`the sites map did not show every site (${page.url()}); screenshot ${shot}`);
    return NaN;
  }
}

export async function timeSitesMap(): Promise<void> {
  const missing = missingForBrowserBench();
  if (missing) {
    console.log(`sites map: ${missing}`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sites-map-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO: 'false', WEB_ROOT };
  // A first start makes the database; the sites are written while no server holds it.
  let server = await startServer(env, 180_000, { compiled: true });
  server.child.kill('SIGTERM');
  await server.exited;
  await seedSites(dataDir);
  server = await startServer(env, 180_000, { compiled: true });
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const res = await fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    });
    const token = ((await res.json()) as { id_token: string }).id_token;
    const account = (await (await fetch(`${server.url}/api/v1/account`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      businessIdentities: { apiKey: string }[];
    };
    const apiKey = must(account.businessIdentities[0], 'the owner has a business').apiKey;
    const times: number[] = [];
    for (let i = 0; i < LOADS; i += 1) {
      const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
      await context.addInitScript(
        (entries) => {
          const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
          for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
        },
        { [STORAGE_KEYS.token]: token, [STORAGE_KEYS.apiKey]: apiKey, [STORAGE_KEYS.language]: 'en' },
      );
      times.push(await loadMap(await context.newPage(), server.url));
      await context.close();
    }
    const median = quantile(times, 0.5);
    console.log(
      `sites map, ${SITES.toLocaleString('en')} sites, ${DESKTOP.width}×${DESKTOP.height}: every site shown ${median.toFixed(0)} ms after navigation, median of ${LOADS} ` +
        `(${times.map((t) => t.toFixed(0)).join(', ')}) (goal ≤ ${GOAL_MS} ms: ${median <= GOAL_MS ? 'met' : 'MISSED'})`,
    );
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
