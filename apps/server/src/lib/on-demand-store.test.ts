import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it, vi } from 'vitest';
import { OnDemandStore } from './on-demand-store.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a store switched on only while work holds it', () => {
  it("gives the work's store to everything the work starts, until the work is done", async () => {
    const store = new OnDemandStore<{ name: string }>();
    let finish = () => {};
    const done = new Promise<void>((resolve) => (finish = resolve));
    const seen: (string | undefined)[] = [];
    store.run({ name: 'first' }, done, () => {
      void (async () => {
        await tick();
        seen.push(store.getStore()?.name);
        await tick();
        await tick();
        seen.push(store.getStore()?.name);
      })();
    });
    await tick();
    expect(store.users).toBe(1);
    finish();
    await tick();
    await tick();
    // Once its work is over, what it left running sees no store and the store is off.
    expect(seen).toEqual(['first', undefined]);
    expect(store.users).toBe(0);
    expect(store.getStore()).toBeUndefined();
  });

  it('stays on while another work holds it, and comes back on for the next', async () => {
    const store = new OnDemandStore<string>();
    let endFirst = () => {};
    let endSecond = () => {};
    const first = new Promise<void>((resolve) => (endFirst = resolve));
    const second = new Promise<void>((resolve) => (endSecond = resolve));
    const readLater = (name: string) =>
      store.run(name, name === 'a' ? first : second, () =>
        tick()
          .then(() => tick())
          .then(() => store.getStore()),
      );
    const a = readLater('a');
    const b = readLater('b');
    endFirst();
    expect(await a).toBe('a');
    expect(await b).toBe('b');
    expect(store.users).toBe(1);
    endSecond();
    await tick();
    expect(store.users).toBe(0);
    const again = new Promise<void>((resolve) => setTimeout(resolve, 5));
    expect(await store.run('c', again, () => tick().then(() => store.getStore()))).toBe('c');
    await again;
    await tick();
    expect(store.users).toBe(0);
  });

  it('a work that failed lets the store go too', async () => {
    const store = new OnDemandStore<string>();
    const failed = Promise.reject(new Error('the change failed'));
    store.run('x', failed, () => undefined);
    await failed.catch(() => undefined);
    await tick();
    expect(store.users).toBe(0);
  });

  it('is switched off (its async hooks with it) only when the last work holding it is over', async () => {
    const disable = vi.spyOn(AsyncLocalStorage.prototype, 'disable');
    const store = new OnDemandStore<string>();
    let endFirst = () => {};
    let endSecond = () => {};
    store.run('a', new Promise<void>((resolve) => (endFirst = resolve)), () => undefined);
    store.run('b', new Promise<void>((resolve) => (endSecond = resolve)), () => undefined);
    endFirst();
    await tick();
    expect(disable).not.toHaveBeenCalled();
    endSecond();
    await tick();
    expect(disable).toHaveBeenCalledTimes(1);
    disable.mockRestore();
  });
});
