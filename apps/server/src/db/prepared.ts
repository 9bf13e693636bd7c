// Statements built once: the SQL of a hot query is put together by Drizzle the first time its
// shape (which filters, which order) is asked for, and reused after with new values. On
// PostgreSQL it is also a named prepared statement, parsed and planned once per connection. The
// embedded database is one session that every pooled connection shares, where one connection's
// statement name would clash with another's: there the text is reused, unnamed.
//
// A statement that selects flat fields (each a column or an expression under its own key, as
// every hot list does) also gets a row mapper of its own, made once: Drizzle's general one works
// out each field's decoder and path again for every value of every row.
//
// Such a statement, and a raw one, is run by a lean `execute` of its own: the values go straight
// into the driver's query, without Drizzle's cache and tracing layers (neither is used here) and
// the type-parser lookups it rebuilds for every field of every answer. It fills placeholders,
// parses values and wraps a driver error exactly as Drizzle does.
import { createHash } from 'node:crypto';
import { Column, is, Param, Placeholder, SQL, Subquery } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { actualDb } from './request-db.ts';

const kinds = new WeakMap<Db, 'postgres' | 'pglite'>();
const built = new WeakMap<Db, Map<string, unknown>>();

/** Called once by openDatabase: whether statements may be named on this database. */
export function registerDatabaseKind(db: Db, kind: 'postgres' | 'pglite') {
  kinds.set(db, kind);
}

/** Whether `handle` is (a transaction of) the embedded database, one session however many connections. */
export const isEmbedded = (handle: Db) => kinds.get(actualDb(handle)) === 'pglite';

/**
 * The prepared form of the query `build` makes for `key` (a name for its shape). The query takes
 * its values through `sql.placeholder(...)`; `execute({ ... })` runs it.
 */
export function prepared<P>(handle: Db, key: string, build: () => { prepare(name: string): P }): P {
  // A statement belongs to the connection it was built on: a request's transaction has its own.
  const db = actualDb(handle);
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = new Map()));
  const known = statements.get(key);
  if (known) return known as P;
  const name = kinds.get(db) === 'postgres' ? `q_${createHash('sha1').update(key).digest('hex').slice(0, 16)}` : '';
  const statement = build().prepare(name);
  const mapper = flatRowMapper((statement as { fields?: unknown }).fields);
  if (mapper && !(statement as { customResultMapper?: unknown }).customResultMapper) Object.assign(statement as object, { customResultMapper: mapper });
  installLeanExecute(statement);
  statements.set(key, statement);
  return statement;
}

/** What a node-postgres prepared statement of Drizzle holds (drizzle-orm/node-postgres/session.js). */
interface DriverStatement {
  client?: { query(config: object, values: unknown[]): Promise<{ rows: unknown[] }> };
  params?: unknown[];
  queryConfig?: { name?: string; text: string };
  fields?: unknown;
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** Types whose text Drizzle keeps as it comes (its own decoders read it): timestamps, dates, intervals and their arrays. */
const KEPT_AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
/** The same choice of parser as Drizzle's node-postgres statements make, without a new function each time. */
const driverTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    KEPT_AS_TEXT.has(typeId) ? asText : (pg.types.getTypeParser as (id: number, format?: string) => unknown)(typeId, format),
};

type Step = { name: string; encoder?: { mapToDriverValue(value: unknown): unknown } } | { value: unknown };

/** Drizzle's fillPlaceholders, with each parameter's kind worked out once instead of on every call. */
function placeholderFiller(params: readonly unknown[]): (values: Record<string, unknown>) => unknown[] {
  const steps: Step[] = params.map((param) => {
    if (is(param, Placeholder)) return { name: param.name };
    if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder };
    return { value: param };
  });
  return (values) => {
    const out = new Array<unknown>(steps.length);
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if ('value' in step) {
        out[i] = step.value;
        continue;
      }
      if (!(step.name in values)) throw new Error(`No value for placeholder "${step.name}" was provided`);
      out[i] = step.encoder ? step.encoder.mapToDriverValue(values[step.name]) : values[step.name];
    }
    return out;
  };
}

/**
 * Replaces the statement's `execute` with one that calls the driver directly, when the statement
 * is one whose rows come back as they are (a raw statement) or through its own flat mapper. A
 * nested selection, or a driver this does not know, keeps Drizzle's.
 */
function installLeanExecute(statement: unknown) {
  const s = statement as DriverStatement;
  const { client, params, queryConfig, customResultMapper: mapper } = s;
  if (!client || typeof client.query !== 'function' || !Array.isArray(params) || !queryConfig) return;
  if (s.fields && !mapper) return;
  const { name, text } = queryConfig;
  const config = mapper ? { name, text, rowMode: 'array', types: driverTypes } : { name, text, types: driverTypes };
  const fill = placeholderFiller(params);
  s.execute = async (values = {}) => {
    const filled = fill(values);
    let result: { rows: unknown[] };
    try {
      result = await client.query(config, filled);
    } catch (err) {
      throw new DrizzleQueryError(text, filled, err as Error);
    }
    return mapper ? mapper(result.rows as unknown[][]) : result;
  };
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

/**
 * Whether `count` statements may run side by side on this database now: it is a pool (not a
 * transaction's one connection) with that many connections free and no request waiting for one.
 */
export function hasRoomFor(db: Db, count: number): boolean {
  const pool = (actualDb(db) as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return false;
  const free = pool.idleCount + ((pool.options.max ?? 10) - pool.totalCount);
  return pool.waitingCount === 0 && free >= count;
}

/**
 * Two reads of one answer (a page and its total, a page's sites and ranks): side by side while
 * the pool has room, so a lone user waits for the slower of the two rather than both; one after
 * the other once it is busy, where holding two connections a request answers fewer requests a
 * second (`npm run bench -- request-path`).
 */
export async function readBoth<A, B>(db: Db, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  if (hasRoomFor(db, 2)) return Promise.all([first(), second()]);
  const a = await first();
  return [a, await second()];
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
