import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import type { CoverRequest, OpenSchedule } from '@fieldops/shared/pool';
import { problem, renderWithSession, stubFetch, fakeSession } from '../../../test/session.tsx';
import { CoverRequestsPanel } from './cover-requests-panel.tsx';
import { OpenPool } from './open-pool.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const W = '/services/workflow/api';
const open: OpenSchedule = {
  id: 41,
  planId: 9,
  taskId: 5,
  taskNameEn: 'Night round',
  taskNameAr: 'جولة ليلية',
  teamId: 1,
  teamName: 'Tower A',
  start: '2026-11-29T06:00:00Z',
  end: '2026-11-29T14:00:00Z',
  deadline: '2026-11-29T14:00:00Z',
  status: 'pending',
  canTake: true,
};
const request = (extra: Partial<CoverRequest> = {}): CoverRequest => ({
  id: 3,
  scheduleId: 41,
  teamId: 1,
  teamName: 'Tower A',
  taskNameEn: 'Night round',
  taskNameAr: null,
  start: '2026-11-29T06:00:00Z',
  deadline: '2026-11-29T14:00:00Z',
  requester: { id: 12, fullName: 'Omar Haddad' },
  reason: 'Called away',
  status: 'OPEN',
  cover: null,
  decidedBy: null,
  createdAt: '2026-11-29T07:00:00Z',
  decidedAt: null,
  ...extra,
});

describe('open for your site', () => {
  it('takes a pooled schedule, and says so when someone else took it first', async () => {
    let taken = false;
    const calls = stubFetch(({ method, path }) => {
      if (path === `${W}/v1/schedules/pool`) return Response.json(taken ? [] : [open]);
      if (method === 'POST' && path === `${W}/v1/schedules/41/take`) {
        taken = true;
        return problem(409, MSG.scheduleTaken);
      }
      return undefined;
    });
    vi.stubGlobal('fetch', calls.fetchMock);
    const user = userEvent.setup();
    renderWithSession(<OpenPool />);
    const region = await screen.findByRole('region', { name: 'Open for your site' });
    expect(region).toHaveTextContent('Night round');
    await user.click(screen.getByRole('button', { name: 'Take Night round' }));
    expect(await screen.findByText(MSG.scheduleTaken)).toBeInTheDocument();
    expect(calls.calls.some((c) => c.method === 'POST' && c.path === `${W}/v1/schedules/41/take`)).toBe(true);
    // Fetched again after the refusal, it is gone.
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Open for your site' })).not.toBeInTheDocument());
  });
  it('shows a manager what nobody has taken yet, without a Take button', async () => {
    const calls = stubFetch(({ path }) => (path === `${W}/v1/schedules/pool` ? Response.json([{ ...open, canTake: false }]) : undefined));
    vi.stubGlobal('fetch', calls.fetchMock);
    renderWithSession(<OpenPool />);
    const region = await screen.findByRole('region', { name: 'Open for your site' });
    expect(region).toHaveTextContent('Night round');
    expect(region).toHaveTextContent('Not taken yet');
    expect(region).toHaveTextContent('A member of the site takes it.');
    expect(screen.queryByRole('button', { name: 'Take Night round' })).not.toBeInTheDocument();
  });
});

describe('cover requests', () => {
  it("accepts a colleague's request", async () => {
    const calls = stubFetch(({ method, path }) => {
      if (path === `${W}/v1/cover-requests`) return Response.json([request()]);
      if (method === 'POST' && path === `${W}/v1/cover-requests/3/accept`) return Response.json(request({ status: 'ACCEPTED' }));
      return undefined;
    });
    vi.stubGlobal('fetch', calls.fetchMock);
    const user = userEvent.setup();
    renderWithSession(<CoverRequestsPanel />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('Omar Haddad asks for cover')).toBeInTheDocument();
    expect(screen.getByText('Reason: Called away')).toBeInTheDocument();
    // A plain member has no Assign.
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cover Night round for Omar Haddad' }));
    expect(await screen.findByText('Night round is yours now')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${W}/v1/cover-requests/3/accept`]);
  });

  it('lets a manager of the site assign a colleague', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (path === `${W}/v1/cover-requests`) return Response.json([request()]);
      if (path === '/api/v2/teams/1/members')
        return Response.json(
          [12, 14].map((userId) => ({
            userId,
            username: `u${userId}`,
            name: userId === 12 ? 'Omar Haddad' : 'Lina Faris',
            email: '',
            authority: 'MEMBER',
            position: null,
            teamId: 1,
            businessId: 2,
            active: true,
          })),
          { headers: { 'X-Total-Count': '2' } },
        );
      if (method === 'POST' && path === `${W}/v1/cover-requests/3/assign`) return Response.json(request({ status: 'ASSIGNED' }));
      return undefined;
    });
    vi.stubGlobal('fetch', calls.fetchMock);
    const user = userEvent.setup();
    renderWithSession(<CoverRequestsPanel />);
    await user.click(await screen.findByRole('combobox', { name: 'Colleague who covers' }));
    // The requester is not offered.
    expect(screen.queryByRole('option', { name: 'Omar Haddad' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Lina Faris' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('The schedule was assigned')).toBeInTheDocument();
    expect(calls.calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 14 });
  });
});
