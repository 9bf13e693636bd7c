// A request-scoped store (AsyncLocalStorage) that is switched on only while some work uses it.
// On Node.js 20 a store that has been used once makes every promise and every async resource of
// the process carry it for ever after (async hooks on each of them), whether or not anything reads
// it: list reads that never look at it ran about 7 % slower for it. Here the
// store is switched off again whenever no work that entered it is left, and the next `run` switches
// it on; reads served meanwhile cost what they would without it.
import { AsyncLocalStorage } from 'node:async_hooks';

export class OnDemandStore<T> {
  readonly #storage = new AsyncLocalStorage<T>();
  #users = 0;

  /** The store of the work this code runs for, if it entered one and that work is not over. */
  getStore(): T | undefined {
    return this.#storage.getStore();
  }

  /**
   * Runs `work` (and everything it starts) with `store`, until `done` settles; then, when no other
   * work holds the store, it is switched off and what runs after sees none.
   */
  run<R>(store: T, done: Promise<unknown>, work: () => R): R {
    this.#users++;
    const leave = () => {
      this.#users--;
      if (this.#users === 0) this.#storage.disable();
    };
    done.then(leave, leave);
    return this.#storage.run(store, work);
  }

  /** How many works hold the store now (0: it is off). */
  get users(): number {
    return this.#users;
  }
}
