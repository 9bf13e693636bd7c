// GET /services/workflow/api/v1/execution-plans/teams/{teamId}/users/{userId}: the execution
// plans a member has in a site, which a transfer can carry to the new site. Each is shown by its
// task's name in the current language and its working hours.
import { useQuery } from '@tanstack/react-query';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from './member-keys.ts';

export interface TransferablePlan {
  id: number;
  /** The task the plan schedules, in the current language. */
  name: string;
  /** "HH:mm" in the business's time zone. */
  startTime: string;
  endTime: string;
}

export const fetchTransferablePlans = (teamId: number, userId: number, signal?: AbortSignal) =>
  api.get<ExecutionPlan[]>(`/v1/execution-plans/teams/${teamId}/users/${userId}`, { base: 'workflow', signal });

export function useTransferablePlansQuery(teamId: number | null, userId: number) {
  return useQuery({
    queryKey: memberKeys.transferablePlans(teamId ?? 0, userId),
    queryFn: ({ signal }) => fetchTransferablePlans(teamId ?? 0, userId, signal),
    enabled: teamId !== null,
  });
}
