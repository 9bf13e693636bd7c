// POST /api/v1/jobs/{id}/retry (204): a failed job goes back on the queue; the list is read again
// (the job leaves it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { systemKeys } from './system-keys.ts';

export const retryJobMutationKey = [...systemKeys.failedJobs, 'retry'] as const;

export const retryJob = (id: string) => api.post<null>(`/v1/jobs/${encodeURIComponent(id)}/retry`);

export function useRetryJobMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: retryJobMutationKey,
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemKeys.failedJobs }),
  });
}
