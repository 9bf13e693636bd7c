// The Arabic texts of the signed-in pages: one file per feature and component, merged. The
// common and sign-in texts are in bundles/ar.ts.
import { mergeAll, type TranslationTree } from '../resources.ts';

export const files = import.meta.glob<TranslationTree>(
  ['../../../**/locales/ar.json', '!../../../locales/ar.json', '!../../../features/auth/locales/ar.json'],
  { eager: true, import: 'default' },
);
export default mergeAll(files);
