import { describe, expect, it } from 'vitest';
import { DASHBOARD_LOADED, DASHBOARD_RANKED } from '@fieldops/shared/report-limits';
import type { DashboardReport } from '@fieldops/shared/reports';
import type { SessionBootstrap } from '@fieldops/shared/session';
import { dashboardQueryKey } from '../features/dashboard/api/get-dashboard.ts';
import type { BoardAnswers } from '../features/tickets/api/board-answers.ts';
import { ticketKeys } from '../features/tickets/api/ticket-keys.ts';
import { businessStatsQueryKey } from '../lib/reports/get-business-stats.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionQueryKey } from '../lib/session/use-session-query.ts';
import { seedFirstScreen, type FirstScreen } from './first-screen.ts';

const DASHBOARD = '/services/workflow/api/v1/report/business/2/dashboard';
// 22:30 in London is already the next day in Riyadh (UTC+3): last week there is 25 Feb – 3 Mar.
const NOW = new Date('2025-03-02T22:30:00Z');
const LAST_WEEK = { startDate: '2025-02-25', endDate: '2025-03-03' };

const bootstrap = (overrides: { mustChangePassword?: boolean; workspace?: null } = {}) =>
  ({
    account: { id: 1, username: 'noor', fullName: 'Noor Haddad', mustChangePassword: overrides.mustChangePassword ?? false },
    workspace:
      overrides.workspace === null
        ? null
        : {
            apiKey: 'key-2',
            member: { userId: 1, fullName: 'Noor Haddad', teams: [] },
            business: { id: 2, name: 'Noor Facility Services', timeZone: 'Asia/Riyadh', ownershipType: 'OWNER' },
            lookups: { projectTypes: [], teamTypes: [] },
            sites: { items: [], total: 0 },
            members: { items: [], total: 0 },
            teamMembers: {},
            managedProfile: false,
          },
    invitations: [],
  }) as unknown as SessionBootstrap;

const empty = { items: [], total: 0 };
const report = {
  stats: { projects: 3, sites: 5 },
  best: Object.fromEntries(DASHBOARD_RANKED.map((kind) => [kind, empty])),
  load: Object.fromEntries(DASHBOARD_LOADED.map((kind) => [kind, empty])),
  tags: empty,
} as unknown as DashboardReport;

const first = (url: string, session = bootstrap()): FirstScreen => ({ language: 'en', session, dashboard: { url, report } });

const column = (total: number) => ({ tickets: [], total });
const board: BoardAnswers = {
  size: 20,
  sort: 'updatedDate,desc',
  counts: { NEW: 3, IN_PROGRESS: 0, ON_HOLD: 0, RESOLVED: 0, CLOSED: 0 },
  columns: { NEW: column(3), IN_PROGRESS: column(0), ON_HOLD: column(0), RESOLVED: column(0), CLOSED: column(0) },
};
const boardScreen = (answers: BoardAnswers = board, session = bootstrap()): FirstScreen => ({ path: '/tickets', language: 'en', session, board: answers });

describe('the answers a page drawn on the server carries', () => {
  it("go into the cache under the session's and the dashboard's keys for today's default range in the business's zone", () => {
    const queryClient = createQueryClient();
    const session = seedFirstScreen(queryClient, first(`${DASHBOARD}?startDate=2025-02-25&endDate=2025-03-03`), NOW);
    expect(session?.business.id).toBe(2);
    expect(session?.apiKey).toBe('key-2');
    expect(queryClient.getQueryData(sessionQueryKey)).toBe(session);
    expect(queryClient.getQueryData(dashboardQueryKey(2, LAST_WEEK))).toBe(report);
    expect(queryClient.getQueryData(businessStatsQueryKey(2, LAST_WEEK))).toEqual({ projects: 3, sites: 5 });
  });

  it('are left alone when the day has turned since, or there is no business to show', () => {
    for (const answers of [
      // Drawn the day before in the zone.
      first(`${DASHBOARD}?startDate=2025-02-24&endDate=2025-03-02`),
      first(`${DASHBOARD}?startDate=2025-02-25&endDate=2025-03-03`, bootstrap({ workspace: null })),
      first(`${DASHBOARD}?startDate=2025-02-25&endDate=2025-03-03`, bootstrap({ mustChangePassword: true })),
    ]) {
      const queryClient = createQueryClient();
      expect(seedFirstScreen(queryClient, answers, NOW)).toBeNull();
      expect(queryClient.getQueryCache().getAll()).toEqual([]);
    }
  });

  it("put the ticket board's columns and counters under the keys the board reads without filters", () => {
    const queryClient = createQueryClient();
    const session = seedFirstScreen(queryClient, boardScreen(), NOW, '/tickets');
    expect(session?.business.id).toBe(2);
    expect(queryClient.getQueryData(sessionQueryKey)).toBe(session);
    expect(queryClient.getQueryData(ticketKeys.column('NEW', {}))).toEqual({ pages: [{ data: [], total: 3 }], pageParams: [0] });
    expect(queryClient.getQueryData(ticketKeys.countsOf({}))).toEqual(board.counts);
  });

  it('leave the board alone when it is taken over at another address, or its answers do not fit', () => {
    for (const [answers, at] of [
      [boardScreen(), '/'],
      [boardScreen(), '/tickets/5'],
      [{ ...boardScreen(), path: '/' }, '/'],
      [boardScreen({ ...board, size: 50 }), '/tickets'],
      [{ ...boardScreen(), board: undefined }, '/tickets'],
      [first(`${DASHBOARD}?startDate=2025-02-25&endDate=2025-03-03`), '/tickets'],
    ] as const) {
      const queryClient = createQueryClient();
      expect(seedFirstScreen(queryClient, answers, NOW, at)).toBeNull();
      expect(queryClient.getQueryCache().getAll()).toEqual([]);
    }
  });
});
