// GET /api/v1/projects/{projectId}/teams?page&size: one page of a project's sites.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Site } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from './project-keys.ts';

export const fetchProjectSites = (projectId: number, page: number, size = DEFAULT_PAGE_SIZE, signal?: AbortSignal) =>
  api.list<Site>(`/v1/projects/${projectId}/teams`, { params: { page, size }, signal });

export function useProjectSitesQuery(projectId: number, page: number, size = DEFAULT_PAGE_SIZE) {
  return useQuery({
    queryKey: projectKeys.sites(projectId, page, size),
    queryFn: ({ signal }) => fetchProjectSites(projectId, page, size, signal),
    placeholderData: keepPreviousData,
  });
}
