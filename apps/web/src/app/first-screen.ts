// A signed-in visitor's `/` can arrive drawn by the server (apps/server/src/plugins/first-screen.ts
// with entry-server.tsx): the dashboard as it will look, shown before any of the app's code has
// arrived. The page then carries the two answers it was drawn from, the session and the
// dashboard's one call, and the app starts from them, drawing the same screen over the server's
// markup instead of asking again. Kept on both sides: the server seeds its cache the same way.
import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey, dashboardUrl, seedDashboardParts } from '../features/dashboard/api/get-dashboard.ts';
import { safeTimeZone, zonedDay } from '../lib/business-time.ts';
import { DEFAULT_DATE_PRESET, presetRange } from '../lib/reports/date-presets.ts';
import { sessionFromBootstrap } from '../lib/session/load-session.ts';
import { sessionQueryKey } from '../lib/session/use-session-query.ts';
import type { Session } from '../lib/session/types.ts';
import type { FirstScreen } from './first-screen-answers.ts';

export type { FirstScreen };

/**
 * Puts the answers in the cache under the keys the session and the dashboard read, as if they
 * had asked themselves. Null, with nothing put, when they do not fit: no business to show, or
 * the dashboard's default range is no longer the one asked for (a day has turned in the zone).
 */
export function seedFirstScreen(queryClient: QueryClient, first: FirstScreen, now: Date = new Date()): Session | null {
  const workspace = first.session.workspace;
  if (!workspace || first.session.account.mustChangePassword) return null;
  const range = presetRange(DEFAULT_DATE_PRESET, zonedDay(now, safeTimeZone(workspace.business.timeZone)));
  if (dashboardUrl(workspace.business.id, range) !== first.dashboard.url) return null;
  const session = sessionFromBootstrap(queryClient, first.session);
  queryClient.setQueryData(sessionQueryKey, session);
  queryClient.setQueryData(dashboardQueryKey(workspace.business.id, range), first.dashboard.report);
  seedDashboardParts(queryClient, workspace.business.id, range, range, first.dashboard.report);
  return session;
}
