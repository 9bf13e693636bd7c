// POST /api/v1/teams/{teamId}/transfer/projects/{projectId} {newProjectId}: moves a site from
// its project to another one.
import { useMutation } from '@tanstack/react-query';
import type { Site } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const transferSiteMutationKey = ['sites', 'transfer'] as const;

export const transferSite = ({ siteId, projectId, newProjectId }: { siteId: number; projectId: number; newProjectId: number }) =>
  api.post<Site>(`/v1/teams/${siteId}/transfer/projects/${projectId}`, { newProjectId });

export function useTransferSiteMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: transferSiteMutationKey, mutationFn: transferSite, onSuccess: refreshOrganisation });
}
