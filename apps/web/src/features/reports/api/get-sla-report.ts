// GET /services/helpdesk/api/v1/report/sla with the reports' dates (business time zone),
// projects and sites: the SLA figures in all and per category, priority, site and project, and
// the newest breaches.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SlaReport } from '@fieldops/shared/sla-report';
import { api } from '../../../lib/api-client.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

export type SlaFilters = Pick<SubmissionFilters, 'startDate' | 'endDate' | 'projects' | 'sites'>;

export const SLA_REPORT_PATH = '/v1/report/sla';

export const slaReportKey = (filters: SlaFilters) => ['reports', 'sla', filters] as const;

export const fetchSlaReport = (filters: SlaFilters, signal?: AbortSignal) =>
  api.get<SlaReport>(SLA_REPORT_PATH, {
    base: 'helpdesk',
    params: {
      startDate: filters.startDate ?? undefined,
      endDate: filters.endDate ?? undefined,
      projects: filters.projects.length ? filters.projects.join(',') : undefined,
      teams: filters.sites.length ? filters.sites.join(',') : undefined,
    },
    signal,
  });

export function useSlaReportQuery(filters: SlaFilters) {
  return useQuery({ queryKey: slaReportKey(filters), queryFn: ({ signal }) => fetchSlaReport(filters, signal), placeholderData: keepPreviousData });
}
