// The single translation namespace of a language, built by deep-merging its locales/<lang>.json
// files under src (common strings plus one file per feature). Each language comes in parts
// (bundles/): what sign-in shows; the texts every signed-in page may show (the shell, the shared
// components, and the features other parts of the app draw from); and, one file each, the texts
// of a feature that only its own pages show, fetched with those pages. A page carries only the
// texts of the language it is shown in.
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

/**
 * The features whose texts arrive with their own pages. Nothing outside a feature's folder may
 * show its texts (locales.test.ts checks the keys); bundles/*-app.ts leave these files out, and
 * `featureFiles` fetches each alone.
 */
export const FEATURE_TEXT_PARTS = [
  'imports',
  'inspections',
  'members',
  'photo-reviews',
  'profile',
  'projects',
  'reports',
  'sites',
  'system',
  'tasks',
  'tickets',
  'tracker',
] as const;
export type FeatureTextPart = (typeof FEATURE_TEXT_PARTS)[number];

/** Sign-in's texts, those of every signed-in page, or a feature's own. */
export type TextPart = 'sign-in' | 'app' | FeatureTextPart;

const bundles: Record<'sign-in' | 'app', Record<Language, () => Promise<{ default: TranslationTree }>>> = {
  'sign-in': { en: () => import('./bundles/en.ts'), ar: () => import('./bundles/ar.ts') },
  app: { en: () => import('./bundles/en-app.ts'), ar: () => import('./bundles/ar-app.ts') },
};

export const featureFiles = import.meta.glob<TranslationTree>(
  '../../features/{imports,inspections,members,photo-reviews,profile,projects,reports,sites,system,tasks,tickets,tracker}/locales/*.json',
  { import: 'default' },
);

export async function loadTranslations(language: Language, part: TextPart): Promise<TranslationTree> {
  if (part === 'sign-in' || part === 'app') return (await bundles[part][language]()).default;
  const load = featureFiles[`../../features/${part}/locales/${language}.json`];
  if (!load) throw new Error(`No ${language} texts for ${part}`);
  return load();
}
