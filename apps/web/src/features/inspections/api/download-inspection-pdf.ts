// GET /services/workflow/api/schedules/{id}/inspection/report.pdf?lang=en|ar: the report as a PDF
// drawn by the server. Its address is the link's; the click reads it with the session's
// credentials (a bare link carries none) and saves it under the name the server gives.
import { useMutation } from '@tanstack/react-query';
import type { ReportLanguage } from '@fieldops/shared/inspections';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { inspectionKeys } from './inspection-keys.ts';

const pdfPath = (scheduleId: number) => `/schedules/${scheduleId}/inspection/report.pdf`;

/** The report as a PDF in `language`. */
export const inspectionPdfUrl = (scheduleId: number, language: ReportLanguage) => buildUrl('workflow', pdfPath(scheduleId), { lang: language });

export async function downloadInspectionPdf(scheduleId: number, language: ReportLanguage): Promise<void> {
  const file = await api.file(pdfPath(scheduleId), { base: 'workflow', params: { lang: language } });
  saveFile(file.blob, file.fileName ?? `inspection-${scheduleId}-${language}.pdf`);
}

export function useDownloadInspectionPdfMutation(scheduleId: number) {
  return useMutation({
    mutationKey: [...inspectionKeys.report(scheduleId), 'pdf'],
    mutationFn: (language: ReportLanguage) => downloadInspectionPdf(scheduleId, language),
  });
}
