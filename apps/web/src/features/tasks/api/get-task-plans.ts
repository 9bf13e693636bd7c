// GET /services/workflow/api/v2/tasks/{taskId}/execution-plans?page&size=100&status: the plans
// of a task (group plans and members' own plans), filtered by status, with X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXECUTION_PLANS_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ExecutionPlan, PlanStatusFilter } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from './task-keys.ts';

export const fetchTaskPlans = (taskId: number, status: PlanStatusFilter, page: number, signal?: AbortSignal) =>
  api.list<ExecutionPlan>(`/v2/tasks/${taskId}/execution-plans`, {
    base: 'workflow',
    params: { page, size: EXECUTION_PLANS_PAGE_SIZE, status },
    signal,
  });

export function useTaskPlansQuery(taskId: number, status: PlanStatusFilter, page: number) {
  return useQuery({
    queryKey: planKeys.list(taskId, status, page),
    queryFn: ({ signal }) => fetchTaskPlans(taskId, status, page, signal),
    placeholderData: keepPreviousData,
  });
}
