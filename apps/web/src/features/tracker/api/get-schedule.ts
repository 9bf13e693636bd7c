// GET /services/workflow/api/schedules/{id}?eagerLoad=true: one schedule with its task's
// ordered actions, the site's area, the answers so far and whether the caller may answer now.
// When the server cannot be reached, the member's own schedule comes from the copy on the device
// (lib/offline/device-copy.ts), with `copiedAt` saying from when, and whether it may be answered
// judged on the device.
import { useQuery } from '@tanstack/react-query';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { canAnswerOffline, readScheduleCopy } from '../../../lib/offline/device-copy.ts';
import { trackerKeys } from './tracker-keys.ts';

/** The schedule, and when it comes from the device, the time of that copy (ISO). */
export type RunnerSchedule = ScheduleDetail & { copiedAt?: string };

export const fetchSchedule = (id: number, signal?: AbortSignal) =>
  api.get<ScheduleDetail>(`/schedules/${id}`, { base: 'workflow', params: { eagerLoad: true }, signal });

interface Owner {
  userId: number;
  businessId: number;
}

export async function fetchScheduleOrCopy(id: number, owner: Owner, signal?: AbortSignal): Promise<RunnerSchedule> {
  try {
    return await fetchSchedule(id, signal);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    const copy = await readScheduleCopy(id, owner.userId, owner.businessId).catch(() => null);
    if (!copy) throw error;
    return { ...copy.detail, canAnswer: canAnswerOffline(copy.detail, owner.userId), copiedAt: copy.savedAt };
  }
}

export function useScheduleQuery(id: number, owner: Owner, enabled = true) {
  return useQuery({
    queryKey: trackerKeys.detail(id),
    queryFn: ({ signal }) => fetchScheduleOrCopy(id, owner, signal),
    enabled,
    // Asked even when the browser says it is offline: the device's copy answers then.
    networkMode: 'always',
  });
}
