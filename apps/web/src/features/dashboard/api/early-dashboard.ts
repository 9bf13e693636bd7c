// On `/`, index.html's first script (build/language-preload.ts) asks for the dashboard's one call
// with the default range while the app's code is still on the way, from the hint the dashboard
// left on this device: where the call goes and the business's time zone, which fixes "today".
// The answer waits under this global until the dashboard takes it, only if it asks for that very
// address. Kept free of imports: the build reads it.
export const EARLY_DASHBOARD_GLOBAL = '__fieldopsDashboard';
/** The default range's first day from today: last week, today-6 to today (DATE_PRESET_OFFSETS in the shared report-limits; language-preload.test.ts holds the two together). */
export const EARLY_DASHBOARD_FIRST_DAY = -6;

export interface DashboardHint {
  /** The call's address without its query: /services/workflow/api/v1/report/business/{id}/dashboard. */
  path: string;
  zone: string;
}

export interface EarlyDashboard {
  url: string;
  response: Promise<Response | null>;
}
