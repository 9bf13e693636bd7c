// The richer recurrence in the plan form and on the plan card: repeat every N, the weeks of the
// month, dates to skip, and the rule in words in English and in Arabic.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { MSG } from '@fieldops/shared/messages';
import type { Holiday } from '@fieldops/shared/business-calendar-api';
import type { Recurrence } from '@fieldops/shared/recurrence';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { pickCalendarDay } from '../../../../test/calendar.ts';
import { list, renderWithSession, stubFetch } from '../../../../test/session.tsx';
import { PlanForm } from './plan-form.tsx';
import { PlanCard } from './plan-card.tsx';
import { PlanRecurrenceSummary, type RecurrenceValues } from './plan-recurrence-fields.tsx';
import { planDate } from './plan-text.ts';
import { makePlan, planSite, siteMember } from './plan-fixtures.ts';
import { recurrenceWords } from './recurrence-words.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  notifications.clean();
  await i18n.changeLanguage('en');
});

const CREATE = '/services/workflow/api/v1/execution-plans/assignType/GROUP/create';

function stubServer() {
  const stub = stubFetch(({ method, path }) => {
    if (path === '/api/v1/teams') return list([planSite(1, 'Tower A')]);
    if (path === '/api/v2/teams/1/members') return list([siteMember(3, 'Omar Haddad')]);
    if (method === 'POST' && path === CREATE) return Response.json(makePlan(30), { status: 201 });
    if (method === 'PUT') return Response.json({ ...makePlan(12), children: [] });
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const rule = (extra: Partial<Recurrence>): Recurrence => ({
  scheduleType: 'DAILY',
  startDate: '2028-01-01',
  endDate: '2028-12-31',
  startTime: '09:00',
  days: [],
  months: [],
  repeatEvery: 1,
  monthWeeks: [],
  exceptionDates: [],
  ...extra,
});

describe('recurrence in words', () => {
  const cases: [Partial<Recurrence>, string, string][] = [
    [{}, 'Every day', 'كل يوم'],
    [{ repeatEvery: 2 }, 'Every 2 days', 'كل يومين'],
    [{ repeatEvery: 3 }, 'Every 3 days', 'كل 3 أيام'],
    [{ repeatEvery: 11 }, 'Every 11 days', 'كل 11 يوماً'],
    [{ scheduleType: 'WEEKLY', days: [2, 0] }, 'Every week on Sunday and Tuesday', 'كل أسبوع يوم الأحد والثلاثاء'],
    [{ scheduleType: 'WEEKLY', days: [0, 2], repeatEvery: 2 }, 'Every 2 weeks on Sunday and Tuesday', 'كل أسبوعين يوم الأحد والثلاثاء'],
    [{ scheduleType: 'WEEKLY', days: [4], repeatEvery: 3 }, 'Every 3 weeks on Thursday', 'كل 3 أسابيع يوم الخميس'],
    [{ scheduleType: 'MONTHLY', days: [5], monthWeeks: [-1] }, 'The last Friday of every month', 'كل يوم جمعة الأخير من الشهر'],
    [{ scheduleType: 'MONTHLY', days: [1], monthWeeks: [3, 1] }, 'The first and third Monday of every month', 'كل يوم اثنين الأول والثالث من الشهر'],
    [{ scheduleType: 'MONTHLY', days: [4], monthWeeks: [-1, 2] }, 'The second and last Thursday of every month', 'كل يوم خميس الثاني والأخير من الشهر'],
    [{ scheduleType: 'CUSTOM', days: [1], months: [4, 3] }, 'Every Monday in March and April', 'كل يوم اثنين في مارس وأبريل'],
    [{ scheduleType: 'ONCE', endDate: null }, 'Once, on Jan 1, 2028', 'مرة واحدة في 01‏/01‏/2028'],
    [
      { scheduleType: 'MONTHLY', days: [5], monthWeeks: [-1], exceptionDates: ['2028-12-29'] },
      'The last Friday of every month, except Dec 29, 2028',
      'كل يوم جمعة الأخير من الشهر، ما عدا 29‏/12‏/2028',
    ],
    [{ exceptionDates: ['2028-01-02', '2028-01-03', '2028-01-04', '2028-01-05'] }, 'Every day, except on 4 dates', 'كل يوم، ما عدا 4 تواريخ'],
  ];

  it.each(cases)('%j reads "%s" and "%s"', async (extra, english, arabic) => {
    await i18n.changeLanguage('en');
    expect(recurrenceWords(rule(extra), i18n.t, 'en')).toBe(english);
    await i18n.changeLanguage('ar');
    expect(recurrenceWords(rule(extra), i18n.t, 'ar')).toBe(arabic);
  });

  it('shows the words on the plan card, in Arabic too', async () => {
    const plan = makePlan(7, { scheduleType: 'MONTHLY', days: [5], monthWeeks: [-1] });
    const props = { taskId: 5, plan, canManage: false, onEdit: vi.fn(), onSwitch: vi.fn() };
    const { unmount } = renderWithSession(<PlanCard {...props} />);
    expect(screen.getByText('The last Friday of every month')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('ar');
    renderWithSession(<PlanCard {...props} />);
    expect(screen.getByText('كل يوم جمعة الأخير من الشهر')).toBeInTheDocument();
  });
});

describe('plan form recurrence', () => {
  async function startPlan(user: ReturnType<typeof userEvent.setup>, type: string) {
    await user.click(screen.getByRole('combobox', { name: /^Site/ }));
    await user.click(await screen.findByRole('option', { name: 'Tower A' }));
    await user.click(screen.getByRole('combobox', { name: /^Members/ }));
    await user.click(await screen.findByRole('option', { name: 'Omar Haddad' }));
    await user.click(screen.getByLabelText(type));
    await user.click(screen.getByLabelText(/^End date/));
    const last = dayjs().add(3, 'month').endOf('month');
    // Three months on: the picker steps forward until it shows that day, from whichever month it
    // opens at (the plan's first day may already be in the next month).
    await pickCalendarDay(user, last.format('D MMMM YYYY'), 6);
    return last.format('YYYY-MM-DD');
  }

  it('creates a "last Friday of the month" plan, with its words live as it is chosen', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={onSaved} onCancel={vi.fn()} />);
    await startPlan(user, 'Monthly');
    const summary = screen.getByTestId('plan-recurrence-summary');
    expect(summary).toHaveAttribute('aria-live', 'polite');
    expect(summary).toHaveTextContent('Choose the days to see when this plan repeats.');
    await user.click(screen.getByLabelText('Fri'));
    await user.click(within(screen.getByRole('group', { name: /Weeks of the month/ })).getByLabelText('Last'));
    expect(summary).toHaveTextContent('The last Friday of every month');
    expect(summary).toHaveTextContent(/Next dates: /);
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ scheduleType: 'MONTHLY', days: [5], months: [], monthWeeks: [-1], repeatEvery: 1, exceptionDates: [] });
  });

  it('asks for a week of the month before sending a monthly plan, and announces it', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await startPlan(user, 'Monthly');
    await user.click(screen.getByLabelText('Fri'));
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText(MSG.selectMonthWeek)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('sends every 2 weeks from the keyboard, and says so', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={onSaved} onCancel={vi.fn()} />);
    await startPlan(user, 'Weekly');
    await user.click(screen.getByLabelText('Sun'));
    await user.click(screen.getByLabelText('Tue'));
    const every = screen.getByRole('textbox', { name: /Repeat every \(weeks\)/ });
    await user.clear(every);
    await user.type(every, '2');
    expect(screen.getByTestId('plan-recurrence-summary')).toHaveTextContent('Every 2 weeks on Sunday and Tuesday');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ scheduleType: 'WEEKLY', days: [0, 2], repeatEvery: 2 });
  });

  it('sends a plan that skips holidays from the keyboard, and says so in words', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<PlanForm taskId={5} onSaved={onSaved} onCancel={vi.fn()} />);
    await startPlan(user, 'Weekly');
    await user.click(screen.getByLabelText('Sun'));
    const skip = screen.getByRole('checkbox', { name: 'Skip holidays' });
    skip.focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('plan-recurrence-summary')).toHaveTextContent('Every week on Sunday, not on holidays');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ scheduleType: 'WEEKLY', skipHolidays: true });
  });

  it('says on the plan card that a plan skips holidays (Arabic)', async () => {
    await i18n.changeLanguage('ar');
    const plan = makePlan(12, { scheduleType: 'WEEKLY', days: [0], endDate: '2025-06-30', skipHolidays: true });
    renderWithSession(<PlanCard taskId={5} plan={plan} canManage={false} onEdit={vi.fn()} onSwitch={vi.fn()} />);
    expect(await screen.findByText('كل أسبوع يوم الأحد، ما عدا العطلات')).toBeInTheDocument();
  });

  it('keeps an existing plan as it was: every 1, no weeks, its exceptions (Arabic words)', async () => {
    const calls = stubServer();
    const onSaved = vi.fn();
    await i18n.changeLanguage('ar');
    const user = userEvent.setup();
    const plan = makePlan(12, { scheduleType: 'WEEKLY', days: [0], endDate: '2025-06-30', exceptionDates: ['2025-03-02'] });
    renderWithSession(<PlanForm taskId={5} plan={plan} onSaved={onSaved} onCancel={vi.fn()} />);
    expect(screen.getByTestId('plan-recurrence-summary')).toHaveTextContent('كل أسبوع يوم الأحد، ما عدا 02‏/03‏/2025');
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      repeatEvery: 1,
      monthWeeks: [],
      exceptionDates: ['2025-03-02'],
      skipHolidays: false,
    });
  });
});

describe('the next dates of a plan that skips holidays', () => {
  const HOLIDAYS: Holiday[] = [
    { id: null, date: '2028-01-02', nameEn: 'Founding Day', nameAr: 'يوم التأسيس', source: 'PUBLIC', observed: true },
    // A public holiday the business turned off is a working day.
    { id: null, date: '2028-01-03', nameEn: 'Turned off', nameAr: 'ملغاة', source: 'PUBLIC', observed: false },
    { id: 4, date: '2028-01-04', nameEn: 'Stocktaking', nameAr: 'الجرد', source: 'OWN', observed: true },
    // After the third date shown: not named.
    { id: 5, date: '2028-01-09', nameEn: 'Later', nameAr: 'لاحقاً', source: 'OWN', observed: true },
  ];
  const values = (skipHolidays: boolean): RecurrenceValues => ({
    scheduleType: 'DAILY',
    startDate: '2028-01-01',
    endDate: '2028-01-31',
    startTime: '09:00',
    days: [],
    months: [],
    repeatEvery: 1,
    monthWeeks: [],
    exceptionDates: [],
    skipHolidays,
  });
  function stubHolidays() {
    const stub = stubFetch(({ path, search }) =>
      path === '/api/v1/business-calendar/holidays' ? Response.json(search.get('year') === '2028' ? HOLIDAYS : []) : undefined,
    );
    vi.stubGlobal('fetch', stub.fetchMock);
    return stub.calls;
  }
  const dates = (language: 'en' | 'ar', ...days: string[]) => days.map((day) => planDate(day, language)).join(language === 'ar' ? '، ' : ', ');

  it('leaves out the days the business keeps, as the schedule engine does, and names them', async () => {
    const calls = stubHolidays();
    renderWithSession(<PlanRecurrenceSummary values={values(true)} today="2027-12-20" />);
    const summary = screen.getByTestId('plan-recurrence-summary');
    await vi.waitFor(() => expect(summary).toHaveTextContent(`Next dates: ${dates('en', '2028-01-01', '2028-01-03', '2028-01-05')}`));
    expect(screen.getByTestId('plan-holidays-left-out')).toHaveTextContent(
      `Left out for holidays: ${planDate('2028-01-02', 'en')} (Founding Day), ${planDate('2028-01-04', 'en')} (Stocktaking)`,
    );
    expect(calls.map((call) => call.search.get('year'))).toEqual(['2028']);
  });

  it('names them in Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubHolidays();
    renderWithSession(<PlanRecurrenceSummary values={values(true)} today="2027-12-20" />);
    expect(await screen.findByTestId('plan-holidays-left-out', {}, { timeout: 3000 })).toHaveTextContent(
      `تواريخ مستثناة لأنها عطلات: ${planDate('2028-01-02', 'ar')} (يوم التأسيس)، ${planDate('2028-01-04', 'ar')} (الجرد)`,
    );
  });

  it('keeps every date, and reads no holidays, when the plan does not skip them', async () => {
    const calls = stubHolidays();
    renderWithSession(<PlanRecurrenceSummary values={values(false)} today="2027-12-20" />);
    expect(screen.getByTestId('plan-recurrence-summary')).toHaveTextContent(`Next dates: ${dates('en', '2028-01-01', '2028-01-02', '2028-01-03')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('plan-holidays-left-out')).toBeNull();
    expect(calls).toEqual([]);
  });
});
