// GET /api/shared/inspections/{token}: the report a shared link opens, read without a sign-in. An
// unknown, expired or revoked link answers 404. Its files and logo are addresses of the link.
import { useQuery } from '@tanstack/react-query';
import type { InspectionReport, ReportLanguage } from '@fieldops/shared/inspections';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { inspectionKeys } from './inspection-keys.ts';

const sharedPath = (token: string) => `/shared/inspections/${encodeURIComponent(token)}`;

export const fetchSharedInspection = (token: string, signal?: AbortSignal) => api.get<InspectionReport>(sharedPath(token), { signal });

export function useSharedInspectionQuery(token: string) {
  return useQuery({
    queryKey: inspectionKeys.shared(token),
    queryFn: ({ signal }) => fetchSharedInspection(token, signal),
  });
}

/** The shared report as a PDF in `language`. */
export const sharedInspectionPdfUrl = (token: string, language: ReportLanguage) => buildUrl('main', `${sharedPath(token)}/report.pdf`, { lang: language });
