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
  const preload = () => {
    // A failed fetch is tried again on the next call (React keeps a failed lazy component failed;
    // the error page's Retry then reloads the page).
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return { Component: lazy(async () => ({ default: (await preload())[name] })), preload };
}
