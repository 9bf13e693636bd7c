// GET /services/workflow/api/v1/tasks/templates?searchKey&page=0&size=100&sort=id,desc: the
// library's templates and the business's own.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TEMPLATES_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Template } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './task-keys.ts';

export const fetchTemplates = (searchKey: string, signal?: AbortSignal) =>
  api.list<Template>('/v1/tasks/templates', {
    base: 'workflow',
    params: { searchKey: searchKey.trim() || undefined, page: 0, size: TEMPLATES_PAGE_SIZE, sort: 'id,desc' },
    signal,
  });

export function useTemplatesQuery(searchKey: string) {
  const key = searchKey.trim();
  return useQuery({
    queryKey: templateKeys.list(key),
    queryFn: ({ signal }) => fetchTemplates(key, signal),
    placeholderData: keepPreviousData,
  });
}
