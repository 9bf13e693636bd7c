// GET /services/workflow/api/v1/tasks/templates/{templateId}: one template with its actions.
import { useQuery } from '@tanstack/react-query';
import type { TemplateDetail } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './task-keys.ts';

export const fetchTemplate = (templateId: number, signal?: AbortSignal) =>
  api.get<TemplateDetail>(`/v1/tasks/templates/${templateId}`, { base: 'workflow', signal });

export function useTemplateQuery(templateId: number | null) {
  return useQuery({
    queryKey: templateKeys.detail(templateId ?? 0),
    queryFn: ({ signal }) => fetchTemplate(templateId ?? 0, signal),
    enabled: templateId !== null,
  });
}
