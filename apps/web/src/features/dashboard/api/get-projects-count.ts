// GET /api/v1/projects/all/business?page=0&size=1: only X-Total-Count is read, for the count.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const projectsCountQueryKey = (businessId: number) => ['projects', 'count', businessId] as const;

export async function fetchProjectsCount(signal?: AbortSignal): Promise<number> {
  const { total } = await api.list<unknown>('/v1/projects/all/business', { params: { page: 0, size: 1 }, signal });
  return total;
}

export function useProjectsCountQuery(businessId: number) {
  return useQuery({
    queryKey: projectsCountQueryKey(businessId),
    queryFn: ({ signal }) => fetchProjectsCount(signal),
    // The count is optional on the dashboard: a failure hides it rather than retrying.
    retry: false,
  });
}
