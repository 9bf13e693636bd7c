// GET /services/workflow/api/v1/report/tags/kpi: tags by answered actions in the range.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TagKpi } from '@fieldops/shared/reports';
import { api } from '../api-client.ts';
import { filterParams, reportsRootKey, type ReportFilter } from './report-filter.ts';

export const tagsKpiQueryKey = (filter: ReportFilter, size: number) => [...reportsRootKey, 'tags', filter, size] as const;

export const fetchTagsKpi = (filter: ReportFilter, size: number, signal?: AbortSignal) =>
  api.list<TagKpi>('/v1/report/tags/kpi', { base: 'workflow', params: { ...filterParams(filter), page: 0, size }, signal });

export function useTagsKpiQuery(filter: ReportFilter, size: number, enabled = true) {
  return useQuery({
    queryKey: tagsKpiQueryKey(filter, size),
    queryFn: ({ signal }) => fetchTagsKpi(filter, size, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
