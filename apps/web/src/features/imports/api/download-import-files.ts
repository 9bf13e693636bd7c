// The import's workbooks, read with the session's credentials and saved under the server's name:
// GET /api/v1/imports/template?kind&language (the columns to fill, headed in English or Arabic)
// and GET /api/v1/imports/{id}/result (each row's outcome, once the import is done).
import { useMutation } from '@tanstack/react-query';
import type { ImportKind } from '@fieldops/shared/imports';
import { api } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { saveFile } from '../../../lib/save-file.ts';

export async function downloadImportTemplate({ kind, language }: { kind: ImportKind; language: Language }): Promise<void> {
  const file = await api.file('/v1/imports/template', { params: { kind, language } });
  saveFile(file.blob, file.fileName ?? `${kind.toLowerCase()}-template-${language}.xlsx`);
}

export async function downloadImportResult(importId: number): Promise<void> {
  const file = await api.file(`/v1/imports/${importId}/result`);
  saveFile(file.blob, file.fileName ?? `import-${importId}-result.xlsx`);
}

export function useDownloadImportTemplateMutation() {
  return useMutation({ mutationKey: ['imports', 'template'], mutationFn: downloadImportTemplate });
}

export function useDownloadImportResultMutation() {
  return useMutation({ mutationKey: ['imports', 'result'], mutationFn: downloadImportResult });
}
