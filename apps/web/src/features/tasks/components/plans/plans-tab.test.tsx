import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { fakeSession, list, renderWithSession, stubFetch } from '../../../../test/session.tsx';
import { childPlan, makePlan } from './plan-fixtures.ts';
import { PlansTab } from './plans-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a store shared by every render; each test starts without them.
  notifications.clean();
});

const PLANS = '/services/workflow/api/v2/tasks/5/execution-plans';

function stubPlans(plans: () => ExecutionPlan[], children: ExecutionPlan[] = []) {
  const stub = stubFetch(({ method, path }) => {
    if (method === 'GET' && path === PLANS) return list(plans());
    if (method === 'GET' && path === `${PLANS}/12/children`) return list(children);
    if (method === 'PUT' && path.endsWith('/switch-status')) return Response.json({ ...makePlan(12), paused: true, status: 'PAUSED' });
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const weekly = () => makePlan(12, { scheduleType: 'WEEKLY', days: [2, 0], endDate: '2025-06-30', deadlineAfter: 1, deadlineUnit: 'DAYS' });

describe('plans tab', () => {
  it('lists the plans in words and sends the status filter, kept in the address', async () => {
    const calls = stubPlans(() => [weekly()]);
    const user = userEvent.setup();
    const { router } = renderWithSession(<PlansTab taskId={5} />, { route: '/tasks/5?tab=plans' });

    const card = await screen.findByRole('article', { name: 'Weekly plan at Tower A' });
    expect(within(card).getByText('Sun, Tue')).toBeInTheDocument();
    expect(within(card).getByText('Mar 1, 2025 – Jun 30, 2025')).toBeInTheDocument();
    expect(within(card).getByText('9:00 AM – 5:00 PM')).toBeInTheDocument();
    expect(within(card).getByText('1 day after the start')).toBeInTheDocument();
    expect(within(card).getByText('30 minutes')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Members: 2')).toBeInTheDocument();
    expect(calls[0].search.get('status')).toBe('ALL');
    expect(calls[0].search.get('size')).toBe('100');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Running' }));
    await vi.waitFor(() => expect(calls.at(-1)?.search.get('status')).toBe('RUNNING'));
    expect(router.state.location.search).toContain('planStatus=RUNNING');
    // What the status means is said beside the filter.
    expect(screen.getByText('Within its dates, with a schedule open right now.')).toBeInTheDocument();
  });

  it('reads the status filter from the address', async () => {
    const calls = stubPlans(() => []);
    renderWithSession(<PlansTab taskId={5} />, { route: '/tasks/5?tab=plans&planStatus=COMPLETED' });
    expect(await screen.findByText('No plans with this status')).toBeInTheDocument();
    expect(calls[0].search.get('status')).toBe('COMPLETED');
  });

  it("loads a group's members' plans when it is expanded", async () => {
    const calls = stubPlans(
      () => [makePlan(12)],
      [childPlan(13, 12, { id: 3, fullName: 'Omar Haddad' }), childPlan(14, 12, { id: 4, fullName: 'Lina Faris' }, { paused: true, status: 'PAUSED' })],
    );
    const user = userEvent.setup();
    renderWithSession(<PlansTab taskId={5} />, { route: '/tasks/5?tab=plans' });
    const card = await screen.findByRole('article', { name: 'Daily plan at Tower A' });
    expect(calls.some((call) => call.path.endsWith('/children'))).toBe(false);

    await user.click(within(card).getByRole('button', { name: "Members' plans" }));
    const children = await within(card).findByRole('list', { name: "Members' plans" });
    const lina = within(children).getByRole('listitem', { name: 'Lina Faris' });
    expect(within(lina).getByText('Paused')).toBeInTheDocument();
    expect(within(lina).getByRole('button', { name: 'Resume the plan of Lina Faris' })).toBeInTheDocument();
    const call = calls.find((item) => item.path === `${PLANS}/12/children`);
    expect(call?.search.get('page')).toBe('0');
    expect(call?.search.get('size')).toBe('100');
  });

  it("pauses a plan after a confirmation, says 'Execution Plan Paused Successfully' and refreshes the list", async () => {
    let paused = false;
    const calls = stubPlans(() => [makePlan(12, paused ? { paused: true, status: 'PAUSED' } : {})]);
    const user = userEvent.setup();
    renderWithSession(<PlansTab taskId={5} />, { route: '/tasks/5?tab=plans' });
    const card = await screen.findByRole('article', { name: 'Daily plan at Tower A' });
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause plan' });
    paused = true;
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));

    expect(await screen.findByText(MSG.planPaused)).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/services/workflow/api/v1/execution-plans/12/switch-status');
    expect(put?.body).toEqual({ paused: true });
    expect(await within(card).findByText('Paused')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('offers a new plan from the empty state, and hides every change from a member', async () => {
    stubPlans(() => []);
    const view = renderWithSession(<PlansTab taskId={5} />, { route: '/tasks/5?tab=plans' });
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New plan' }).length).toBeGreaterThan(0);
    view.unmount();

    stubPlans(() => [makePlan(12)]);
    renderWithSession(<PlansTab taskId={5} />, { route: '/tasks/5?tab=plans', session: fakeSession({ role: 'MEMBER' }) });
    const card = await screen.findByRole('article', { name: 'Daily plan at Tower A' });
    expect(screen.queryByRole('button', { name: 'New plan' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });
});
