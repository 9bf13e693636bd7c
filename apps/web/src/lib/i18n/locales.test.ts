import { describe, expect, it } from 'vitest';
import { MSG, NETWORK_ERROR, STATUS_MESSAGES, UNEXPECTED_ERROR } from '@fieldops/shared/messages';
import arApp, { files as arAppFiles } from './bundles/ar-app.ts';
import arSignIn, { files as arSignInFiles } from './bundles/ar.ts';
import enApp, { files as enAppFiles } from './bundles/en-app.ts';
import enSignIn, { files as enSignInFiles } from './bundles/en.ts';
import { deepMerge, FEATURE_TEXT_PARTS, featureFiles, flattenKeys, mergeAll, type TranslationTree } from './resources.ts';

/** Every translation file under src, named as the bundles name them ("../../../features/…"). */
const allFiles = Object.fromEntries(
  Object.entries(import.meta.glob<TranslationTree>('../../**/locales/*.json', { eager: true, import: 'default' })).map(([path, tree]) => [
    path.replace(/^\.\.\/\.\.\//, '../../../'),
    tree,
  ]),
);
const featureFilesOf = (language: 'en' | 'ar') =>
  Object.fromEntries(
    FEATURE_TEXT_PARTS.map((part) => {
      const path = `../../../features/${part}/locales/${language}.json`;
      return [path, allFiles[path] ?? {}];
    }),
  );

const enFiles = { ...enSignInFiles, ...enAppFiles, ...featureFilesOf('en') };
const arFiles = { ...arSignInFiles, ...arAppFiles, ...featureFilesOf('ar') };
const translations = {
  en: deepMerge(deepMerge(enSignIn, enApp), mergeAll(featureFilesOf('en'))),
  ar: deepMerge(deepMerge(arSignIn, arApp), mergeAll(featureFilesOf('ar'))),
};

const arabicLetter = /[\u0600-\u06FF]/;

describe('translation files', () => {
  it('finds the common file and the feature files', () => {
    const paths = Object.keys(enFiles);
    expect(paths).toContain('../../../locales/en.json');
    expect(paths).toContain('../../../features/auth/locales/en.json');
    expect(paths).toContain('../../../features/tasks/locales/en.json');
  });

  it("keeps sign-in texts in the first part, a page-bound feature's in its own, and every other file in the second", () => {
    expect(Object.keys(enSignInFiles).sort()).toEqual(['../../../features/auth/locales/en.json', '../../../locales/en.json']);
    expect(Object.keys(enAppFiles)).not.toContain('../../../locales/en.json');
    expect(Object.keys(enAppFiles)).not.toContain('../../../features/auth/locales/en.json');
    expect(Object.keys(enAppFiles).length).toBeGreaterThan(5);
    expect(Object.keys(arAppFiles).length).toBe(Object.keys(enAppFiles).length);
    for (const part of FEATURE_TEXT_PARTS) {
      expect(Object.keys(enAppFiles), part).not.toContain(`../../../features/${part}/locales/en.json`);
      expect(Object.keys(arAppFiles), part).not.toContain(`../../../features/${part}/locales/ar.json`);
    }
    // Every file is in exactly one part.
    const parts = [...Object.keys(enSignInFiles), ...Object.keys(enAppFiles), ...Object.keys(featureFilesOf('en'))].sort();
    expect(parts).toEqual(
      Object.keys(allFiles)
        .filter((path) => path.endsWith('/en.json'))
        .sort(),
    );
  });

  it("fetches each page-bound feature's texts alone, in both languages", () => {
    const fetched = Object.keys(featureFiles).sort();
    expect(fetched).toEqual(FEATURE_TEXT_PARTS.flatMap((part) => [`../../features/${part}/locales/ar.json`, `../../features/${part}/locales/en.json`]).sort());
  });

  it('has an ar.json beside every en.json, with exactly the same keys', () => {
    const arPaths = Object.keys(arFiles);
    for (const [enPath, enTree] of Object.entries(enFiles)) {
      const arPath = enPath.replace(/en\.json$/, 'ar.json');
      expect(arPaths, `missing ${arPath}`).toContain(arPath);
      expect(Object.keys(flattenKeys(arFiles[arPath])).sort(), arPath).toEqual(Object.keys(flattenKeys(enTree)).sort());
    }
    expect(arPaths.length).toBe(Object.keys(enFiles).length);
  });

  it('never defines the same key in two files (merging would hide one)', () => {
    const owner = new Map<string, string>();
    for (const [path, tree] of Object.entries(enFiles)) {
      for (const key of Object.keys(flattenKeys(tree))) {
        expect(owner.get(key), `${key} is in ${owner.get(key)} and ${path}`).toBeUndefined();
        owner.set(key, path);
      }
    }
  });

  it('has no empty texts, and Arabic texts are written in Arabic', () => {
    const en = flattenKeys(translations.en);
    const ar = flattenKeys(translations.ar);
    // Names, and patterns made only of other texts, that stay as they are in both languages.
    const sameInBoth = new Set(['app.name', 'language.en', 'language.ar', 'apiTokens.scope']);
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
      expect(ar[key]?.trim(), key).not.toBe('');
      if (!sameInBoth.has(key)) expect(arabicLetter.test(ar[key]), `${key}: ${ar[key]}`).toBe(true);
    }
  });

  it('keeps the same interpolation variables in both languages', () => {
    const en = flattenKeys(translations.en);
    const ar = flattenKeys(translations.ar);
    const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en)) expect(variables(ar[key]), key).toEqual(variables(en[key]));
  });

  it('holds every specification message of the shared package in "messages"', () => {
    const messages = Object.values(flattenKeys(translations.en)).filter(Boolean);
    const english = new Set(
      Object.entries(flattenKeys(translations.en))
        .filter(([key]) => key.startsWith('messages.'))
        .map(([, text]) => text),
    );
    expect(messages.length).toBeGreaterThan(0);
    const spec = [...Object.values(MSG), ...Object.values(STATUS_MESSAGES), UNEXPECTED_ERROR, NETWORK_ERROR];
    for (const text of spec) expect(english.has(text), text).toBe(true);
  });
});

describe('names of controls with visible text', () => {
  // A control that shows `x` and is named by `xOf` or `xFor` ("Fire ticket", "Fire ticket from
  // Omar Haddad – Lobby floor"): its name holds the words shown, so speech input can say them and
  // a screen reader says what is seen (WCAG 2.5.3). The keys named here label something that shows
  // no such text: an icon-only button, a progress bar, a rank.
  const NO_VISIBLE_TEXT = new Set([
    'performance.standing.rankOf',
    'siteMembership.pending.cancelOf',
    'taskRunner.submit.uploadingOf',
    'tasks.actions.moveUpOf',
    'tasks.actions.moveDownOf',
  ]);

  it.each(['en', 'ar'] as const)('hold the text they show, in %s', (language) => {
    const flat = flattenKeys(translations[language]);
    const pairs = Object.keys(flat).filter((key) => /(Of|For)$/.test(key) && flat[key.replace(/(Of|For)$/, '')] !== undefined);
    expect(pairs.length).toBeGreaterThan(5);
    const missing = pairs
      .filter((key) => !NO_VISIBLE_TEXT.has(key))
      .filter((key) => !flat[key]!.toLowerCase().includes(flat[key.replace(/(Of|For)$/, '')]!.toLowerCase()))
      .map((key) => `${key}: "${flat[key]}" does not hold "${flat[key.replace(/(Of|For)$/, '')]}"`);
    expect(missing).toEqual([]);
  });
});
