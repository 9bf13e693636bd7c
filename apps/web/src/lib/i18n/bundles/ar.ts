// Every Arabic text of the app: the common file and one file per feature and component, merged.
import { mergeAll, type TranslationTree } from '../resources.ts';

export const files = import.meta.glob<TranslationTree>('../../../**/locales/ar.json', { eager: true, import: 'default' });
export default mergeAll(files);
