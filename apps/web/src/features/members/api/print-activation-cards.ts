// POST /api/v1/users/activation-cards: the activation cards of some pending members (or of all of
// them) as a PDF to print. Printing gives each a new key, so the keys held before stop working:
// the cached keys of those members are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { memberKeys } from './member-keys.ts';

export async function printActivationCards(userIds?: number[]): Promise<void> {
  const file = await api.postForFile('/v1/users/activation-cards', userIds ? { userIds } : {});
  saveFile(file.blob, file.fileName ?? 'activation-cards.pdf');
}

export function usePrintActivationCardsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['members', 'activation-cards'],
    mutationFn: printActivationCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
