// GET /api/v1/projects/{id}: one project with its type and counts.
import { useQuery } from '@tanstack/react-query';
import type { Project } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { projectKeys } from './project-keys.ts';

export const fetchProject = (projectId: number, signal?: AbortSignal) => api.get<Project>(`/v1/projects/${projectId}`, { signal });

export function useProjectQuery(projectId: number) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }) => fetchProject(projectId, signal),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
}
