// POST /api/v1/users/activation-cards {importId}: a PDF of the activation cards of the members an
// import created who have not activated yet. Printing gives each a new key, so cached member data
// is read again. With none pending the server answers 404 'No member is waiting to activate…'.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export async function printImportCards(importId: number): Promise<void> {
  const file = await api.postForFile('/v1/users/activation-cards', { importId });
  saveFile(file.blob, file.fileName ?? 'activation-cards.pdf');
}

export function usePrintImportCardsMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: ['imports', 'activation-cards'], mutationFn: printImportCards, onSuccess: refreshOrganisation });
}
