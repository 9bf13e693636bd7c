// POST /services/workflow/api/v1/schedules/{id}/take: a pooled schedule becomes the caller's. A
// colleague who took it first makes this a 409 ("Someone else took this schedule"); either way the
// schedules are fetched again, so the list shows who has it now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TakenSchedule } from '@fieldops/shared/pool';
import { api } from '../../../lib/api-client.ts';
import { trackerKeys } from './tracker-keys.ts';

export const takeSchedule = (id: number) => api.post<TakenSchedule>(`/v1/schedules/${id}/take`, undefined, { base: 'workflow' });

export function useTakeScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeSchedule,
    // Not awaited: the taken item leaves the list once refetched, after the caller's own callbacks ran.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trackerKeys.schedules });
    },
  });
}
