import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { list, problem, renderWithSession, stubFetch, type StubCall } from '../../../test/session.tsx';
import { omar } from '../test/fixtures.ts';
import { MemberTransferTab } from './member-transfer-tab.tsx';
import { checkSites } from './transfer-wizard.ts';
import { makeSite } from '../../../test/organisation.ts';

const site = (id: number, name: string) => makeSite(id, name);

const PLANS = '/services/workflow/api/v1/execution-plans';

/** A member's plan in Tower A, as the workflow service sends it. */
const memberPlan = (id: number, taskNameEn: string, taskNameAr: string, startTime: string, endTime: string) => ({
  id,
  parent: 20,
  groupId: 20,
  taskId: id * 10,
  taskNameEn,
  taskNameAr,
  teamId: 1,
  teamName: 'Tower A',
  projectId: 1,
  userId: 3,
  count: 1,
  scheduleType: 'DAILY',
  startDate: '2025-03-01',
  endDate: '2025-06-30',
  startTime,
  endTime,
  deadlineAfter: 2,
  deadlineUnit: 'HOURS',
  duration: null,
  days: [],
  months: [],
  paused: false,
  status: 'ACTIVE',
  assignedMembers: [{ id: 3, fullName: 'Omar Haddad', avatar: null }],
});

function stubServer(transfer: () => Response, plans: unknown[] = [], other?: (call: StubCall) => Response | undefined) {
  const stub = stubFetch((call) => {
    const { method, path } = call;
    if (path === '/api/v1/teams') return list([site(1, 'Tower A'), site(2, 'Tower B')]);
    if (method === 'GET' && path === `${PLANS}/teams/1/users/3`) return Response.json(plans);
    if (method === 'POST' && path === '/api/v1/teams/1/users/3/transfer') return transfer();
    return other?.(call);
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('checkSites', () => {
  it('needs both sites, and two different ones', () => {
    expect(checkSites(null, null)).toEqual({ from: MSG.required, to: MSG.required });
    expect(checkSites('1', '1')).toEqual({ to: MSG.sameSite });
    expect(checkSites('1', '2')).toEqual({});
  });
});

describe('transfer wizard', () => {
  it('goes from the sites to the plans to the follow-up, transferring without plans', async () => {
    const calls = stubServer(() => Response.json({ userId: 3, teamId: 2 }));
    const user = userEvent.setup();
    renderWithSession(<MemberTransferTab member={omar} />, { route: '/members/3?tab=transfer' });

    // The member's only site is chosen; the target is required.
    expect(screen.getByRole('combobox', { name: /Source site/ })).toHaveValue('Tower A');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Target site/ }));
    await user.click(await screen.findByRole('option', { name: 'Tower B' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Move Omar Haddad from Tower A to Tower B.')).toBeInTheDocument();
    expect(screen.getByText(/There are no execution plans for this member in Tower A yet/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Transfer without plans' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Carry chosen plans to the new site' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Transfer member' }));
    expect(await screen.findByText('The member was transferred without execution plans, so there is no schedule to edit.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ executionPlanIds: [], toTeamId: 2 });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it("shows 'Transfer failed, please try again' and stays on the plans step when the server fails", async () => {
    stubServer(() => new Response('', { status: 500 }));
    const user = userEvent.setup();
    renderWithSession(<MemberTransferTab member={omar} />, { route: '/members/3?tab=transfer&from=1' });
    await user.click(screen.getByRole('combobox', { name: /Target site/ }));
    await user.click(await screen.findByRole('option', { name: 'Tower B' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Transfer member' }));
    await vi.waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('Transfer failed, please try again'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Transfer member' })).toBeInTheDocument();
  });

  it("prefers the server's own text, such as a member already in the target site", async () => {
    stubServer(() => problem(409, MSG.memberAlreadyInSite));
    const user = userEvent.setup();
    renderWithSession(<MemberTransferTab member={omar} />, { route: '/members/3?tab=transfer' });
    await user.click(screen.getByRole('combobox', { name: /Target site/ }));
    await user.click(await screen.findByRole('option', { name: 'Tower B' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Transfer member' }));
    await vi.waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(MSG.memberAlreadyInSite))).toBe(true));
  });
  it('lists the plans with their task and hours, carries the chosen ones, and edits their hours with the v1 call', async () => {
    const calls = stubServer(
      () => Response.json({ userId: 3, teamId: 2 }),
      [memberPlan(31, 'Lobby inspection', 'فحص الردهة', '08:00', '16:00'), memberPlan(32, 'Night round', 'الجولة الليلية', '18:00', '24:00')],
      ({ method, path }) =>
        method === 'PUT' && path === `${PLANS}/31` ? Response.json(memberPlan(31, 'Lobby inspection', 'فحص الردهة', '09:00', '16:00')) : undefined,
    );
    const user = userEvent.setup();
    renderWithSession(<MemberTransferTab member={omar} />, { route: '/members/3?tab=transfer' });
    await user.click(screen.getByRole('combobox', { name: /Target site/ }));
    await user.click(await screen.findByRole('option', { name: 'Tower B' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('radio', { name: 'Carry chosen plans to the new site' }));
    const lobby = await screen.findByRole('checkbox', { name: 'Lobby inspection — hours: 8:00 AM–4:00 PM' });
    expect(screen.getByRole('checkbox', { name: 'Night round — hours: 6:00 PM–12:00 AM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer member' })).toBeDisabled();
    await user.click(lobby);
    await user.click(screen.getByRole('button', { name: 'Transfer member' }));

    expect(await screen.findByText('Omar Haddad was transferred with their plans. Do you want to edit their schedule for these plans?')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ executionPlanIds: [31], toTeamId: 2 });

    await user.click(screen.getByRole('button', { name: 'Edit schedule' }));
    const row = screen.getByRole('row', { name: /Lobby inspection/ });
    await user.click(within(row).getByRole('combobox', { name: 'Start' }));
    await user.click(await screen.findByRole('option', { name: '9:00 AM' }));
    // Each range is one unbreakable piece (no-break spaces, the dash joined); only the arrow can wrap.
    const range = (text: string) => text.replace(/ /g, '\u00A0').replace('–', '\u2060–\u2060');
    expect(within(row).getByText(`${range('8:00 AM–4:00 PM')} → ${range('9:00 AM–4:00 PM')}`, { normalizer: (text) => text })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText('Schedules updated successfully')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`${PLANS}/31`);
    expect(put?.body).toEqual({ startTime: '09:00', endTime: '16:00' });
  });
});
