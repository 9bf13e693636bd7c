// The database handle the app hands out (`app.db`): the pool, except inside a change sent with an
// Idempotency-Key (plugins/idempotency.ts), which runs in one transaction from its claim to its
// stored answer. Inside such a request every query made through this handle, wherever the handle
// was taken (a route, a service, a helper built at start), goes into that transaction: its reads
// see what it wrote, and on the embedded database, one session that a transaction holds, a query
// on another connection would wait for the transaction that waits for it.
import { OnDemandStore } from '../lib/on-demand-store.ts';
import type { Db } from './client.ts';

/** The transaction a keyed request runs in; null before it begins and once it has ended. */
export interface RequestTransaction {
  tx: Db | null;
}

// Switched on only while a keyed change runs: the reads in between pay nothing for it.
const scopes = new OnDemandStore<RequestTransaction>();
const targets = new WeakMap<Db, () => Db>();

export function requestScopedDb(pool: Db): Db {
  const current = () => scopes.getStore()?.tx ?? pool;
  const handle = new Proxy(pool, {
    get(_pool, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  targets.set(handle, current);
  return handle;
}

/** What `db` stands for right now: the request's transaction, the pool, or `db` itself when it is neither handle. */
export const actualDb = (db: Db): Db => targets.get(db)?.() ?? db;

/** Runs `work` (and everything it starts) with `scope` as its request's transaction, until `ended` settles (the transaction's end). */
export const inRequestTransaction = <T>(scope: RequestTransaction, ended: Promise<unknown>, work: () => T): T => scopes.run(scope, ended, work);
