// Route-level code splitting: a route's module is fetched when the route first matches. The
// router loads every matched route's module at once, so the shell and the page arrive together.
import type { ComponentType } from 'react';

export function lazyRoute<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] });
}
