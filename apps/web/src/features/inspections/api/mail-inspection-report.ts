// POST /services/workflow/api/schedules/{id}/inspection/mail: the report as a PDF to these
// addresses, in this language. Answered 202: the e-mail is sent in the background.
import { useMutation } from '@tanstack/react-query';
import type { InspectionMailRequest } from '@fieldops/shared/inspections';
import { api } from '../../../lib/api-client.ts';
import { inspectionKeys } from './inspection-keys.ts';

export const mailInspectionReport = (scheduleId: number, body: InspectionMailRequest) =>
  api.post<unknown>(`/schedules/${scheduleId}/inspection/mail`, body, { base: 'workflow' });

export function useMailInspectionReportMutation(scheduleId: number) {
  return useMutation({
    mutationKey: [...inspectionKeys.report(scheduleId), 'mail'],
    mutationFn: (body: InspectionMailRequest) => mailInspectionReport(scheduleId, body),
  });
}
