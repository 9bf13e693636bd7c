// What a schedule's page is told about the tracker list it was opened from (router location
// state), so its way back returns to the same tab and page.
export interface FromTracker {
  /** The list's `?…` (tab, period, page), passed to paths.trackerAt. */
  trackerSearch?: string;
}
