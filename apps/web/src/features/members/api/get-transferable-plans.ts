// GET /services/workflow/api/v1/execution-plans/teams/{teamId}/users/{userId}: the execution
// plans a member has in a site, which a transfer can carry to the new site. Each is shown by its
// task's name in the current language and its working hours.
import { useQuery } from '@tanstack/react-query';
import type { ExecutionPlan } from '@fieldops/shared/schedules';
import { api } from '../../../lib/api-client.ts';

export interface TransferablePlan {
  id: number;
  /** The task the plan schedules, in the current language. */
  name: string;
  /** "HH:mm" in the business's time zone. */
  startTime: string;
  endTime: string;
}

/** Every execution-plan query starts with this; a transfer changes plans shown elsewhere too. */
export const EXECUTION_PLANS_KEY = ['execution-plans'] as const;

export const transferablePlansQueryKey = (teamId: number, userId: number) =>
  [...EXECUTION_PLANS_KEY, 'team', teamId, 'user', userId] as const;

export const fetchTransferablePlans = (teamId: number, userId: number, signal?: AbortSignal) =>
  api.get<ExecutionPlan[]>(`/v1/execution-plans/teams/${teamId}/users/${userId}`, { base: 'workflow', signal });

export function useTransferablePlansQuery(teamId: number | null, userId: number) {
  return useQuery({
    queryKey: transferablePlansQueryKey(teamId ?? 0, userId),
    queryFn: ({ signal }) => fetchTransferablePlans(teamId ?? 0, userId, signal),
    enabled: teamId !== null,
  });
}
