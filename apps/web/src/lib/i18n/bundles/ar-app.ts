// The Arabic texts of the signed-in pages: one file per feature and component, merged, but
// for the features whose texts come with their own pages. The
// common and sign-in texts are in bundles/ar.ts.
import { mergeAll, type TranslationTree } from '../resources.ts';

export const files = import.meta.glob<TranslationTree>(
  [
    '../../../**/locales/ar.json',
    '!../../../locales/ar.json',
    '!../../../features/auth/locales/ar.json',
    // Each of these arrives with its own pages (resources.ts, FEATURE_TEXT_PARTS).
    '!../../../features/{imports,inspections,members,photo-reviews,profile,projects,reports,sites,system,tasks,tickets,tracker}/locales/ar.json',
  ],
  { eager: true, import: 'default' },
);
export default mergeAll(files);
