// The single translation namespace of a language, built by deep-merging its locales/<lang>.json
// files under src (common strings plus one file per feature). Each language comes in two chunks
// (bundles/): what sign-in shows, and the rest of the app's texts, fetched with the signed-in
// pages. A page carries only the texts of the language it is shown in.
import type { Language } from './language.ts';

export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

const isTree = (value: unknown): value is TranslationTree => typeof value === 'object' && value !== null && !Array.isArray(value);

export function deepMerge(target: TranslationTree, source: TranslationTree): TranslationTree {
  const result: TranslationTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = result[key];
    result[key] = isTree(existing) && isTree(value) ? deepMerge(existing, value) : value;
  }
  return result;
}

export const mergeAll = (files: Record<string, TranslationTree>) =>
  Object.keys(files)
    .sort()
    .reduce<TranslationTree>((merged, path) => deepMerge(merged, files[path] ?? {}), {});

/** Flattens a tree into dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
export function flattenKeys(tree: TranslationTree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) Object.assign(flat, flattenKeys(value, path));
    else flat[path] = value;
  }
  return flat;
}

/** Sign-in's texts, or every other page's. */
export type TextPart = 'sign-in' | 'app';

const bundles: Record<TextPart, Record<Language, () => Promise<{ default: TranslationTree }>>> = {
  'sign-in': { en: () => import('./bundles/en.ts'), ar: () => import('./bundles/ar.ts') },
  app: { en: () => import('./bundles/en-app.ts'), ar: () => import('./bundles/ar-app.ts') },
};

export async function loadTranslations(language: Language, part: TextPart): Promise<TranslationTree> {
  return (await bundles[part][language]()).default;
}
