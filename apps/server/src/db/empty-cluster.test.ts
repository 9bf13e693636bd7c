// A new embedded data directory made from the build's archive of an empty cluster
// (db/empty-cluster.ts) is a working database that the app migrates and keeps like any other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client.ts';
import { startEmbedded } from './embedded.ts';
import { emptyClusterFile, readEmptyCluster, writeEmptyCluster } from './empty-cluster.ts';

describe('the archive of an empty cluster', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'empty-cluster-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is named by the installed PGlite and kept under node_modules/.cache', () => {
    expect(emptyClusterFile()).toMatch(/node_modules[/\\]\.cache[/\\]fieldops[/\\]empty-cluster-pglite-\d+\.\d+\.\d+\.tar\.gz$/);
  });

  it('is made once, and a new data directory made from it is migrated, written and opened again', async () => {
    const file = path.join(dir, 'archive', 'cluster.tar.gz');
    expect(readEmptyCluster(file)).toBeUndefined();
    expect(await writeEmptyCluster(file)).toBe(true);
    expect(await writeEmptyCluster(file)).toBe(false);

    const archive = readEmptyCluster(file);
    expect(archive?.size).toBe(fs.statSync(file).size);
    const dataDir = path.join(dir, 'pg');
    const first = await openDatabase({ pgliteDir: dataDir, started: startEmbedded({ dataDir, loadDataDir: archive }) });
    try {
      // Migrated: the app's tables are there.
      expect(rowsOf<{ n: number }>(await first.db.execute('SELECT count(*)::int AS n FROM industries'))).toHaveLength(1);
      await first.db.execute("CREATE TABLE kept (word text); INSERT INTO kept VALUES ('محفوظ')");
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ pgliteDir: dataDir });
    try {
      expect(rowsOf<{ word: string }>(await again.db.execute('SELECT word FROM kept'))).toEqual([{ word: 'محفوظ' }]);
    } finally {
      await again.close();
    }
    // Every migration runs on the new directory: on a busy machine that is well over the default.
  }, 90_000);
});
