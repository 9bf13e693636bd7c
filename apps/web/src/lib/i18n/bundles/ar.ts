// The Arabic texts sign-in needs: the common file and the sign-in feature's, merged. The rest
// of the app's texts (bundles/ar-app.ts) arrive with the signed-in pages.
import { mergeAll, type TranslationTree } from '../resources.ts';

export const files = import.meta.glob<TranslationTree>(['../../../locales/ar.json', '../../../features/auth/locales/ar.json'], {
  eager: true,
  import: 'default',
});
export default mergeAll(files);
