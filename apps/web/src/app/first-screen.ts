// A signed-in visitor's `/` or `/tickets` can arrive drawn by the server
// (apps/server/src/plugins/first-screen.ts with entry-server.tsx): the dashboard or the ticket
// board as it will look, shown before any of the app's code has arrived. The page then carries
// the answers it was drawn from, the session and the page's calls, and the app starts from them,
// drawing the same screen over the server's markup instead of asking again. Kept on both sides:
// the server seeds its cache the same way.
import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey, dashboardUrl, seedDashboardParts } from '../features/dashboard/api/get-dashboard.ts';
import { boardAnswersFit, seedBoardAnswers } from '../features/tickets/api/board-answers.ts';
import { safeTimeZone, zonedDay } from '../lib/business-time.ts';
import { DEFAULT_DATE_PRESET, presetRange } from '../lib/reports/date-presets.ts';
import { sessionFromBootstrap } from '../lib/session/load-session.ts';
import { sessionQueryKey } from '../lib/session/use-session-query.ts';
import type { Session } from '../lib/session/types.ts';
import type { FirstScreen } from './first-screen-answers.ts';

export type { FirstScreen };

/** The page the answers were drawn for. */
export const drawnPathOf = (first: FirstScreen): string => first.path ?? '/';

/** The page being drawn: in the browser its address; on the server, the one the answers are for. */
const currentPath = (first: FirstScreen) => (typeof window === 'undefined' ? drawnPathOf(first) : window.location.pathname);

/**
 * Puts the answers in the cache under the keys the session and the page read, as if they had
 * asked themselves. Null, with nothing put, when they do not fit: drawn for another address than
 * `at` (the page being taken over), no business to show, the page's answers missing or asked for
 * otherwise than the page asks (the dashboard: its default range is no longer the one asked for,
 * a day has turned in the zone; the board: another page size or order).
 */
export function seedFirstScreen(queryClient: QueryClient, first: FirstScreen, now: Date = new Date(), at: string = currentPath(first)): Session | null {
  const workspace = first.session.workspace;
  if (!workspace || first.session.account.mustChangePassword || drawnPathOf(first) !== at) return null;
  const seedPage = pageSeeder(first, workspace.business, now);
  if (!seedPage) return null;
  const session = sessionFromBootstrap(queryClient, first.session);
  queryClient.setQueryData(sessionQueryKey, session);
  seedPage(queryClient);
  return session;
}

/** What puts the page's own answers in the cache, once they are known to fit; null if they do not. */
function pageSeeder(first: FirstScreen, business: { id: number; timeZone: string }, now: Date): ((queryClient: QueryClient) => void) | null {
  const { dashboard, board } = first;
  if (drawnPathOf(first) === '/tickets') {
    if (!board || !boardAnswersFit(board)) return null;
    return (queryClient) => seedBoardAnswers(queryClient, board);
  }
  if (drawnPathOf(first) !== '/' || !dashboard) return null;
  const range = presetRange(DEFAULT_DATE_PRESET, zonedDay(now, safeTimeZone(business.timeZone)));
  if (dashboardUrl(business.id, range) !== dashboard.url) return null;
  return (queryClient) => {
    queryClient.setQueryData(dashboardQueryKey(business.id, range), dashboard.report);
    seedDashboardParts(queryClient, business.id, range, range, dashboard.report);
  };
}
