import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { MSG } from '@fieldops/shared/messages';
import { pickCalendarDay } from '../../../../test/calendar.ts';
import { list, problem, renderWithSession, stubFetch } from '../../../../test/session.tsx';
import { PlanForm, todayIn } from './plan-form.tsx';
import { makePlan, planSite, siteMember } from './plan-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a store shared by every render; each test starts without them.
  notifications.clean();
});

const CREATE = '/services/workflow/api/v1/execution-plans/assignType/GROUP/create';

function stubServer(create: () => Response = () => Response.json(makePlan(30), { status: 201 })) {
  const stub = stubFetch(({ method, path }) => {
    if (path === '/api/v1/teams') return list([planSite(1, 'Tower A'), planSite(2, 'Tower B')]);
    if (path === '/api/v2/teams/1/members') return list([siteMember(3, 'Omar Haddad'), siteMember(4, 'Lina Faris')]);
    if (method === 'POST' && path === CREATE) return create();
    if (method === 'PUT' && path.startsWith('/services/workflow/api/v2/execution-plans/')) return Response.json({ ...makePlan(12), children: [] });
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

async function chooseMembers(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /^Site/ }));
  await user.click(await screen.findByRole('option', { name: 'Tower A' }));
  await user.click(screen.getByRole('combobox', { name: /^Members/ }));
  await user.click(await screen.findByRole('option', { name: 'Omar Haddad' }));
}

/** The last day of the shown month is never before today, the earliest end the form allows. */
async function chooseEndDate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText(/^End date/));
  // The end of next month: after the plan's first day whatever today is (on a month's last day,
  // the first day may be in the next month already). The picker steps forward until it shows it.
  const last = dayjs().add(1, 'month').endOf('month');
  await pickCalendarDay(user, last.format('D MMMM YYYY'), 3);
  return last.format('YYYY-MM-DD');
}

describe('plan form', () => {
  it('asks for a user, a day, a month and a date before sending anything', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByLabelText('Custom'));
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByText(MSG.selectUser)).toBeInTheDocument();
    expect(screen.getByText(MSG.selectDay)).toBeInTheDocument();
    expect(screen.getByText(MSG.selectMonth)).toBeInTheDocument();
    expect(screen.getByText(MSG.selectDate)).toBeInTheDocument();
    expect(screen.getByText(MSG.required)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('hides the end date for a plan that runs once', async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByLabelText(/^End date/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Once'));
    expect(screen.queryByLabelText(/^End date/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Date/)).toBeInTheDocument();
  });

  it.each([
    ['Once', { scheduleType: 'ONCE', days: [], months: [] }],
    ['Daily', { scheduleType: 'DAILY', days: [], months: [] }],
    ['Weekly', { scheduleType: 'WEEKLY', days: [1, 3], months: [] }],
    ['Custom', { scheduleType: 'CUSTOM', days: [1, 3], months: [1, 6] }],
  ] as const)('sends a %s plan for the chosen members of the site', async (label, expected) => {
    const calls = stubServer();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={onSaved} onCancel={vi.fn()} />);
    await chooseMembers(user);
    await user.click(screen.getByLabelText(label));
    const endDate = label === 'Once' ? null : await chooseEndDate(user);
    if (expected.days.length) {
      await user.click(screen.getByLabelText('Mon'));
      await user.click(screen.getByLabelText('Wed'));
    }
    if (expected.months.length) {
      await user.click(screen.getByLabelText('Jun'));
      await user.click(screen.getByLabelText('Jan'));
    }
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(CREATE);
    expect(post?.body).toEqual({
      ...expected,
      taskId: 5,
      teamId: 1,
      userIds: [3],
      startDate: todayIn('Asia/Riyadh'),
      endDate,
      startTime: '09:00',
      endTime: '17:00',
      deadlineAfter: 8,
      deadlineUnit: 'HOURS',
      graceMinutes: 0,
      duration: null,
      repeatEvery: 1,
      monthWeeks: [],
      exceptionDates: [],
      skipHolidays: false,
      pooled: false,
    });
    expect(await screen.findByText(MSG.planCreated)).toBeInTheDocument();
  });

  it('sends a plan for a pool of the whole site without naming anyone', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={onSaved} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: /^A pool/ }));
    await user.click(screen.getByRole('combobox', { name: /^Site/ }));
    await user.click(await screen.findByRole('option', { name: 'Tower A' }));
    expect(screen.getByRole('combobox', { name: /^Pool members/ })).not.toBeRequired();
    await user.click(screen.getByLabelText('Once'));
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ teamId: 1, userIds: [], pooled: true, scheduleType: 'ONCE' });
  });

  it("shows the server's own message when it refuses the plan", async () => {
    stubServer(() => problem(400, MSG.planUsersNotInSite));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={onSaved} onCancel={vi.fn()} />);
    await chooseMembers(user);
    await user.click(screen.getByLabelText('Once'));
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText(MSG.planUsersNotInSite)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('changes the schedule of an existing plan with the full schedule update, keeping its members', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    const plan = makePlan(12, { scheduleType: 'WEEKLY', endDate: '2025-06-30', days: [0], startTime: '08:15', endTime: '12:00' });
    renderWithSession(<PlanForm taskId={5} plan={plan} onSaved={onSaved} onCancel={vi.fn()} />);
    expect(screen.getByLabelText('Sun')).toBeChecked();
    await user.click(screen.getByLabelText('Fri'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/services/workflow/api/v2/execution-plans/12');
    expect(put?.body).toEqual({
      scheduleType: 'WEEKLY',
      startDate: '2025-03-01',
      endDate: '2025-06-30',
      startTime: '08:15',
      endTime: '12:00',
      deadlineAfter: 2,
      deadlineUnit: 'HOURS',
      graceMinutes: 0,
      duration: 30,
      days: [0, 5],
      months: [],
      repeatEvery: 1,
      monthWeeks: [],
      exceptionDates: [],
      skipHolidays: false,
    });
  });

  it('sends a grace time after the deadline, held to at most a day', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await chooseMembers(user);
    await user.click(screen.getByLabelText('Once'));
    const grace = screen.getByRole('textbox', { name: /^Grace time after the deadline/ });
    expect(grace).toHaveValue('0');
    await user.clear(grace);
    await user.type(grace, '2000');
    await user.tab();
    expect(grace).toHaveValue('1440');
    await user.clear(grace);
    await user.type(grace, '30');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ graceMinutes: 30 }));
  });
});
