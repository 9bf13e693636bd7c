// The projects feature's query keys: the business's projects, one project, and a project's sites
// (kept under the sites' root, so a change to sites refreshes them too).
import { sharedKeys } from '../../../lib/query-keys.ts';

export const projectKeys = {
  all: sharedKeys.projects,
  list: (page: number, size: number) => [...sharedKeys.projects, 'list', { page, size }] as const,
  detail: (projectId: number) => [...sharedKeys.projects, 'detail', projectId] as const,
  sites: (projectId: number, page: number, size: number) => [...sharedKeys.sites, 'project', projectId, { page, size }] as const,
};
