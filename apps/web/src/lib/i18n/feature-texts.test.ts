// A feature whose texts arrive with its own pages (resources.ts, FEATURE_TEXT_PARTS) must be
// shown only there: no code outside its folder may name one of its texts, nor draw one of its
// components, or another page would show a key where the text should be. The few app pages that
// draw a feature's parts (DRAWN_BY) are fetched with its texts, as its own pages are.
import { describe, expect, it } from 'vitest';
import { FEATURE_TEXT_PARTS, flattenKeys, type TranslationTree } from './resources.ts';

const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const locales = import.meta.glob<TranslationTree>('../../**/locales/en.json', { eager: true, import: 'default' });

/** The pages outside a feature that draw its parts. */
const DRAWN_BY: Partial<Record<string, string[]>> = {
  tracker: ['../../app/kiosk-pages.tsx'],
  profile: ['../../app/choose-password-page.tsx'],
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The top-level keys of every other translation file: a feature's own are those no other file has. */
function topKeysElsewhere(path: string): Set<string> {
  return new Set(
    Object.entries(locales)
      .filter(([other]) => other !== path)
      .flatMap(([, tree]) => Object.keys(tree)),
  );
}

/** How code names a feature's texts: its own top-level keys as `key.…`, and any text it adds to a shared key by its full key or its last part. */
function namesOf(part: string): RegExp[] {
  const path = `../../features/${part}/locales/en.json`;
  const tree = locales[path];
  if (!tree) throw new Error(`no texts for ${part}`);
  const shared = topKeysElsewhere(path);
  return Object.keys(tree).flatMap((top) => {
    if (!shared.has(top)) return [new RegExp(`['"\`]${escape(top)}\\.`)];
    return Object.keys(flattenKeys(tree[top] as TranslationTree)).flatMap((rest) => [
      new RegExp(`['"\`]${escape(`${top}.${rest}`)}['"\`]`),
      new RegExp(`['"\`]${escape(rest)}['"\`]`),
    ]);
  });
}

describe('texts that arrive with their feature’s pages', () => {
  it('finds the sources it reads', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources)).toContain('../../app/routes.tsx');
  });

  const inside = (part: string, path: string) => path.startsWith(`../../features/${part}/`) || (DRAWN_BY[part] ?? []).includes(path);

  it.each(FEATURE_TEXT_PARTS)('are named only inside features/%s', (part) => {
    const names = namesOf(part);
    expect(names.length).toBeGreaterThan(0);
    const outside = Object.entries(sources).filter(([path]) => !inside(part, path));
    const found = outside.flatMap(([path, text]) => names.filter((name) => name.test(text)).map((name) => `${path}: ${name.source}`));
    expect(found).toEqual([]);
  });

  it.each(FEATURE_TEXT_PARTS)('come with every page that draws features/%s, which nothing else draws', (part) => {
    const from = new RegExp(`from ['"][./]*features/${escape(part)}/(?!api/)`);
    const importers = Object.entries(sources)
      .filter(([path, text]) => !inside(part, path) && from.test(text))
      .map(([path]) => path);
    expect(importers).toEqual([]);
    // Every page that draws them is fetched with the feature's texts: `withAppTexts(() => import(…), 'part')`.
    const drawers = [`../features/${part}/`, ...(DRAWN_BY[part] ?? []).map((path) => `./${path.split('/').pop()}`)];
    const loads = Object.values(sources).flatMap((text) => [...text.matchAll(/import\('([^']+)'\)(\)?, '([\w-]+)')?/g)]);
    const pages = loads.filter(([, target]) => drawers.some((drawer) => target!.startsWith(drawer)));
    expect(pages.length).toBeGreaterThan(0);
    for (const [page, , , texts] of pages) expect(texts, page).toBe(part);
  });
});
