// GET /api/v1/projects/all/business?page&size: one page of the business's projects, with the
// total from X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Project } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from './project-keys.ts';

export const fetchProjects = (page: number, size = DEFAULT_PAGE_SIZE, signal?: AbortSignal) =>
  api.list<Project>('/v1/projects/all/business', { params: { page, size }, signal });

export function useProjectsQuery(page: number, size = DEFAULT_PAGE_SIZE) {
  return useQuery({
    queryKey: projectKeys.list(page, size),
    queryFn: ({ signal }) => fetchProjects(page, size, signal),
    placeholderData: keepPreviousData,
  });
}
