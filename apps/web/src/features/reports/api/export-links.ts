// GET /services/workflow/api/v1/report/export-links (the links of exports, newest first: every one
// of the business for owners and admins, one's own for others) and DELETE …/{id} (revokes one:
// the files it names no longer open from the exported file).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportLink } from '@fieldops/shared/reports';
import { api } from '../../../lib/api-client.ts';
import { EXPORT_LINKS_PATH } from './create-export-links.ts';
import { reportKeys } from './report-keys.ts';

export const EXPORT_LINKS_PAGE_SIZE = 10;

export function useExportLinksQuery(page: number) {
  return useQuery({
    queryKey: reportKeys.exportLinksPage(page),
    queryFn: ({ signal }) => api.list<ExportLink>(EXPORT_LINKS_PATH, { base: 'workflow', params: { page, size: EXPORT_LINKS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    // An export made since the list was read is in it when it is opened again.
    refetchOnMount: 'always',
  });
}

export const revokeExportLinkMutationKey = ['reports', 'export-links', 'revoke'] as const;

export function useRevokeExportLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: revokeExportLinkMutationKey,
    mutationFn: (id: number) => api.delete(`${EXPORT_LINKS_PATH}/${id}`, { base: 'workflow' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.exportLinks }),
  });
}
