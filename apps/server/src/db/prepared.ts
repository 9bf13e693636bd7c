// Statements built once: the SQL of a hot query is put together by Drizzle the first time its
// shape (which filters, which order) is asked for, and reused after with new values. On
// PostgreSQL it is also a named prepared statement, parsed and planned once per connection. The
// embedded database is one session that every pooled connection shares, where one connection's
// statement name would clash with another's: there the text is reused, unnamed.
//
// A statement that selects flat fields (each a column or an expression under its own key, as
// every hot list does) also gets a row mapper of its own, made once: Drizzle's general one works
// out each field's decoder and path again for every value of every row.
import { createHash } from 'node:crypto';
import { Column, is, SQL, Subquery } from 'drizzle-orm';
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
  const mapper = flatRowMapper((statement as { fields?: unknown }).fields);
  if (mapper && !(statement as { customResultMapper?: unknown }).customResultMapper) Object.assign(statement as object, { customResultMapper: mapper });
  statements.set(key, statement);
  return statement;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface OrderedField {
  path: string[];
  field: unknown;
}

type WithDecoder = { decoder: Decoder };

/** The decoder Drizzle's own row mapping uses for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

/**
 * The rows of a select whose fields are all flat, as Drizzle maps them (each value through its
 * field's decoder, null as null, keys in the select's order), by a function made for the select's
 * keys; null for any other shape (a nested object, a table's columns under its name), which
 * Drizzle's mapping keeps. db/prepared.test.ts compares the two.
 */
export function flatRowMapper(fields: unknown): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  if (!Array.isArray(fields) || fields.length === 0) return null;
  const ordered = fields as OrderedField[];
  if (!ordered.every(({ path }) => Array.isArray(path) && path.length === 1 && typeof path[0] === 'string' && path[0] !== '__proto__')) return null;
  const keys = ordered.map(({ path }) => path[0]!);
  if (new Set(keys).size !== keys.length) return null;
  const decoders = ordered.map(({ field }) => decoderOf(field));
  const literal = keys.map((key, i) => `${JSON.stringify(key)}: r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`).join(',\n');
  const make = new Function(
    'd',
    `return function (rows) {
      const out = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        out[i] = {${literal}};
      }
      return out;
    };`,
  ) as (decoders: Decoder[]) => (rows: unknown[][]) => Record<string, unknown>[];
  return make(decoders);
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
