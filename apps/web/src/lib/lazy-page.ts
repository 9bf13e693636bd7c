// Route-level code splitting: a page module is fetched the first time its route renders.
import { lazy, type ComponentType } from 'react';

export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
