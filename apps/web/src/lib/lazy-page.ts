// Route-level code splitting: each page is a chunk of its own, fetched when its route first
// matches. `preload` starts the fetch early (the app calls it for every route matching the
// address, before it renders), so the shell and the page arrive together rather than one after
// the other.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
}

export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyPage {
  let loading: Promise<M> | null = null;
  let loaded: M | null = null;
  const preload = () => {
    // A failed fetch is tried again on the next call (React keeps a failed lazy component failed;
    // the error page's Retry then reloads the page).
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  // Once loaded, the page is handed over at once: a thenable that calls back synchronously, which
  // React's lazy takes as resolved. A page the server drew (app/first-screen.ts) is then taken
  // over in one pass, with no part of it shown waiting for its chunk.
  const component = (): Promise<{ default: ComponentType }> => {
    const module = loaded;
    if (!module) return preload().then((found) => ({ default: found[name] }));
    const resolved = { then: (done: (value: { default: ComponentType }) => void) => done({ default: module[name] }) };
    return resolved as unknown as Promise<{ default: ComponentType }>;
  };
  return { Component: lazy(component), preload };
}
