// Statements built once: the SQL of a hot query is put together by Drizzle the first time its
// shape (which filters, which order) is asked for, and reused after with new values. On
// PostgreSQL it is also a named prepared statement, parsed and planned once per connection. The
// embedded database is one session that every pooled connection shares, where one connection's
// statement name would clash with another's: there the text is reused, unnamed.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const kinds = new WeakMap<Db, 'postgres' | 'pglite'>();
const built = new WeakMap<Db, Map<string, unknown>>();

/** Called once by openDatabase: whether statements may be named on this database. */
export function registerDatabaseKind(db: Db, kind: 'postgres' | 'pglite') {
  kinds.set(db, kind);
}

/**
 * The prepared form of the query `build` makes for `key` (a name for its shape). The query takes
 * its values through `sql.placeholder(...)`; `execute({ ... })` runs it.
 */
export function prepared<P>(db: Db, key: string, build: () => { prepare(name: string): P }): P {
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = new Map()));
  const known = statements.get(key);
  if (known) return known as P;
  const name = kinds.get(db) === 'postgres' ? `q_${createHash('sha1').update(key).digest('hex').slice(0, 16)}` : '';
  const statement = build().prepare(name);
  statements.set(key, statement);
  return statement;
}

const dialect = new PgDialect();

/**
 * A raw SQL statement (one `db.execute` would run) built once for `key`; its values are
 * `sql.placeholder(...)`s filled by `execute({ ... })`, which answers `{ rows }`.
 */
export function preparedSql(db: Db, key: string, build: () => SQL) {
  return prepared(db, key, () => ({
    prepare: (name: string) => db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name || undefined, false),
  }));
}
