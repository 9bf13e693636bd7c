// GET /services/workflow/api/v2/tasks/{taskId}/execution-plans/{groupId}/children?page=0&size=100:
// the per-member plans of a group plan, loaded when the group is expanded.
import { useQuery } from '@tanstack/react-query';
import { EXECUTION_PLANS_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from './task-keys.ts';

export const fetchPlanChildren = (taskId: number, groupId: number, signal?: AbortSignal) =>
  api.list<ExecutionPlan>(`/v2/tasks/${taskId}/execution-plans/${groupId}/children`, {
    base: 'workflow',
    params: { page: 0, size: EXECUTION_PLANS_PAGE_SIZE },
    signal,
  });

export function usePlanChildrenQuery(taskId: number, groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: planKeys.children(taskId, groupId),
    queryFn: ({ signal }) => fetchPlanChildren(taskId, groupId, signal),
    enabled,
  });
}
