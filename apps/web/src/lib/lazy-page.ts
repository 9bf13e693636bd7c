// Code splitting with a head start: each page (and a few heavy parts of a page) is a chunk of its
// own, fetched when first drawn. `preload` starts the fetch early (the app calls it for every
// route matching the address, before it renders), so the shell and the page arrive together
// rather than one after the other; a part drawn after the first paint waits for its chunk before
// it is asked for, so drawing it never stops half-way to wait.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAppTexts } from './i18n/i18n.ts';
import type { FeatureTextPart } from './i18n/resources.ts';

export interface LazyPart<P extends object = object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  preload: () => Promise<unknown>;
  /** Whether the chunk has arrived (the component then draws without waiting). */
  isLoaded: () => boolean;
}

export type LazyPage = LazyPart;

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () => {
    // A failed fetch is tried again on the next call (React keeps a failed lazy component failed;
    // the error page's Retry then reloads the page).
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  // Once loaded, the part is handed over at once: a thenable that calls back synchronously, which
  // React's lazy takes as resolved. A page the server drew (app/first-screen.ts) is then taken
  // over in one pass, with no part of it shown waiting for its chunk.
  const component = (): Promise<{ default: ComponentType<P> }> => {
    const found = loaded;
    if (!found) return preload().then((component) => ({ default: component }));
    const resolved = { then: (done: (value: { default: ComponentType<P> }) => void) => done({ default: found }) };
    return resolved as unknown as Promise<{ default: ComponentType<P> }>;
  };
  return { Component: lazy(component), preload, isLoaded: () => loaded !== null };
}

export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyPage {
  return lazyPart(async () => (await load())[name]);
}

/**
 * A module that shows texts beyond sign-in's (and a feature's own, when named: see
 * i18n/resources.ts): it arrives with them.
 */
export const withAppTexts =
  <M>(load: () => Promise<M>, ...features: FeatureTextPart[]) =>
  async (): Promise<M> =>
    (await Promise.all([load(), loadAppTexts(...features)]))[0];
