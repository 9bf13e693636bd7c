// GET /api/v1/projects?page=0&size=500: every project of the business, for pickers and filters.
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Project } from '@fieldops/shared/organisation';
import { api } from '../../api-client.ts';
import { sharedKeys } from '../../query-keys.ts';

export const allProjectsQueryKey = [...sharedKeys.projects, 'all'] as const;

export const fetchAllProjects = (signal?: AbortSignal) => api.list<Project>('/v1/projects', { params: { page: 0, size: MAX_PAGE_SIZE }, signal });

export function useAllProjectsQuery(enabled = true) {
  return useQuery({ queryKey: allProjectsQueryKey, queryFn: ({ signal }) => fetchAllProjects(signal), enabled });
}
