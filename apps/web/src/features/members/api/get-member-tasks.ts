// GET /services/workflow/api/v1/users/{userId}/tasks-by-project: the tasks a member is scheduled
// for, grouped by project, with their plans and how the last 30 days' schedules went.
import { useQuery } from '@tanstack/react-query';
import type { MemberProjectTasks } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from './member-keys.ts';

export const fetchMemberTasks = (userId: number, signal?: AbortSignal) =>
  api.get<MemberProjectTasks[]>(`/v1/users/${userId}/tasks-by-project`, { base: 'workflow', signal });

export function useMemberTasksQuery(userId: number) {
  return useQuery({
    queryKey: memberKeys.tasks(userId),
    queryFn: ({ signal }) => fetchMemberTasks(userId, signal),
  });
}
