// The English texts of the signed-in pages: one file per feature and component, merged. The
// common and sign-in texts are in bundles/en.ts.
import { mergeAll, type TranslationTree } from '../resources.ts';

export const files = import.meta.glob<TranslationTree>(
  ['../../../**/locales/en.json', '!../../../locales/en.json', '!../../../features/auth/locales/en.json'],
  { eager: true, import: 'default' },
);
export default mergeAll(files);
