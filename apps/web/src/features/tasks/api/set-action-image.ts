// PUT /services/workflow/api/v1/actions/{id}/image: an instruction's picture, as the multipart
// field "file" (JPEG, PNG or WebP under 5MB); it replaces the one it had.
import { useMutation } from '@tanstack/react-query';
import type { Action } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const setActionImageMutationKey = ['actions', 'image', 'set'] as const;

export function actionImageFormData(file: File): FormData {
  const data = new FormData();
  data.append('file', file);
  return data;
}

export const setActionImage = ({ actionId, file }: { actionId: number; file: File }) =>
  api.put<Action>(`/v1/actions/${actionId}/image`, actionImageFormData(file), { base: 'workflow' });

/** The task is loaded again by the caller (useActionsRefresh), once after the whole save. */
export function useSetActionImageMutation() {
  return useMutation({ mutationKey: setActionImageMutationKey, mutationFn: setActionImage });
}
