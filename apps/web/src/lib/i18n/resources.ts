// Builds the single translation namespace by deep-merging every locales/en.json and
// locales/ar.json under src (common strings plus one file per feature).
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

export const enFiles = import.meta.glob<TranslationTree>('../../**/locales/en.json', {
  eager: true,
  import: 'default',
});
export const arFiles = import.meta.glob<TranslationTree>('../../**/locales/ar.json', {
  eager: true,
  import: 'default',
});

const isTree = (value: unknown): value is TranslationTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function deepMerge(target: TranslationTree, source: TranslationTree): TranslationTree {
  const result: TranslationTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = result[key];
    result[key] = isTree(existing) && isTree(value) ? deepMerge(existing, value) : value;
  }
  return result;
}

const mergeAll = (files: Record<string, TranslationTree>) =>
  Object.keys(files)
    .sort()
    .reduce<TranslationTree>((merged, path) => deepMerge(merged, files[path]), {});

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

export const translations = {
  en: mergeAll(enFiles),
  ar: mergeAll(arFiles),
};
