// Addresses of the tracker's screens, and of the task page a draft row opens.
export const TRACKER_PATH = '/tracker';
export const schedulePath = (scheduleId: number) => `${TRACKER_PATH}/${scheduleId}`;
export const taskPagePath = (taskId: number) => `/tasks/${taskId}`;

/** The tracker list a schedule was opened from, so "back" returns to the same tab and page. */
export interface FromTracker {
  trackerSearch?: string;
}
