// The embedded database behind the PostgreSQL protocol (db/embedded.ts): several connections on
// PGlite's one session behave as connections to PostgreSQL do for what the app relies on.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client.ts';
import { startEmbedded, type EmbeddedDatabase } from './embedded.ts';

describe('the embedded database over the PostgreSQL protocol', () => {
  let embedded: EmbeddedDatabase;
  const clients: pg.Client[] = [];

  async function connect() {
    const client = new pg.Client(embedded.connection);
    client.on('error', () => {});
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    embedded = await startEmbedded({ dataDir: null });
    const client = await connect();
    await client.query('CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL)');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await embedded.close();
  });

  it("never runs another connection's statement inside a transaction; that one waits for the commit", async () => {
    const [writer, reader] = [await connect(), await connect()];
    await writer.query('BEGIN');
    await writer.query("INSERT INTO things (name) VALUES ('in a transaction')");
    let read = false;
    const counted = reader.query<{ n: number }>('SELECT count(*)::int AS n FROM things').then((r) => {
      read = true;
      return r.rows[0].n;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read).toBe(false);
    await writer.query('COMMIT');
    expect(await counted).toBe(1);
  });

  it('rolls back the transaction of a client that vanished in its middle', async () => {
    const doomed = await connect();
    await doomed.query('BEGIN');
    await doomed.query("INSERT INTO things (name) VALUES ('never committed')");
    (doomed as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const other = await connect();
    const { rows } = await other.query<{ n: number }>("SELECT count(*)::int AS n FROM things WHERE name = 'never committed'");
    expect(rows[0].n).toBe(0);
  });

  it("keeps one client's settings (psql's SET, pg_dump's set_config) from the others", async () => {
    const [operator, app] = [await connect(), await connect()];
    await operator.query("SET search_path = ''");
    await operator.query("SELECT pg_catalog.set_config('search_path', '', false)");
    const { rows } = await app.query<{ n: number }>('SELECT count(*)::int AS n FROM things');
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('delivers a notification committed on one connection to the listeners on the others', async () => {
    const [listener, sender] = [await connect(), await connect()];
    await listener.query('LISTEN things_changed');
    const heard = new Promise<string>((resolve) => listener.on('notification', (n) => resolve(n.payload ?? '')));
    await sender.query('BEGIN');
    await sender.query("SELECT pg_notify('things_changed', 'hello')");
    await sender.query('COMMIT');
    expect(await heard).toBe('hello');
  });

  it('answers queries from many connections at once, each with its own result', async () => {
    const pool = new pg.Pool({ ...embedded.connection, max: 6 });
    try {
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => pool.query<{ v: number }>('SELECT $1::int * 2 AS v', [i]).then((r) => r.rows[0].v)),
      );
      expect(results).toEqual(Array.from({ length: 60 }, (_, i) => i * 2));
    } finally {
      await pool.end();
    }
  });
});

describe('a database thread started before the database is opened (server.ts)', () => {
  it('is the one the database opens, migrates and closes', async () => {
    const thread = await startEmbedded({ dataDir: null });
    const early = new pg.Client(thread.connection);
    await early.connect();
    await early.query("CREATE TABLE marker (note text); INSERT INTO marker VALUES ('made before opening')");
    await early.end();

    const database = await openDatabase({ pgliteDir: null, started: Promise.resolve(thread) });
    try {
      const marker = rowsOf<{ note: string }>(await database.db.execute('SELECT note FROM marker'));
      expect(marker).toEqual([{ note: 'made before opening' }]);
      const migrated = rowsOf<{ n: number }>(await database.db.execute('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'));
      expect(migrated[0]?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    const late = new pg.Client(thread.connection);
    late.on('error', () => {});
    await expect(late.connect()).rejects.toThrow();
  });
});
