// On a PostgreSQL server the app's connections run without just-in-time compilation: a query the
// planner overestimates (a month grid over a few members) is not compiled for a second first.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('connections to a PostgreSQL server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compile no query just in time, however costly its plan looks', async () => {
    const [setting] = rowsOf<{ jit: string }>(await t.app.db.execute(sql`show jit`));
    expect(setting?.jit).toBe('off');
    // Estimated far above jit_above_cost (two generic series of a thousand rows, crossed), run in a moment.
    const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await t.app.db.execute(
        sql`explain (analyze, format json) select count(*) from generate_series(1, (select 3)) a cross join generate_series(1, (select 3)) b cross join generate_series(1, (select 3)) c`,
      ),
    );
    const text = JSON.stringify(plan?.['QUERY PLAN']);
    expect(JSON.parse(text)[0]['Plan']['Total Cost']).toBeGreaterThan(100_000);
    expect(text).not.toContain('"JIT"');
  });
});
