import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@fieldops/shared/messages';
import { SETTABLE_EVENTS, type NotificationSettings } from '@fieldops/shared/notifications';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { problem, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { NotificationSettingsCard } from './notification-settings-card.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await i18n.changeLanguage('en');
});

const PATH = '/api/v1/account/notification-settings';

const saved: NotificationSettings = {
  events: Object.fromEntries(
    SETTABLE_EVENTS.map((event) => [event, { inApp: true, email: event.startsWith('ticket'), push: false }]),
  ) as NotificationSettings['events'],
  quietHours: null,
};

function stubSettings(answerPut: (body: unknown) => Response = (body) => Response.json(body)) {
  const { calls, fetchMock } = stubFetch(({ method, path, body }) => {
    if (path !== PATH) return undefined;
    return method === 'PUT' ? answerPut(body) : Response.json(saved);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('notification settings', () => {
  it('shows each event by channel as named checkboxes, and saves the changed choice with quiet hours', async () => {
    const calls = stubSettings();
    const user = userEvent.setup();
    renderWithSession(<NotificationSettingsCard />);

    const table = await screen.findByRole('table', { name: 'Events and the channels that tell you of them' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event', 'In the app', 'E-mail', 'Push']);
    expect(within(table).getAllByRole('checkbox')).toHaveLength(SETTABLE_EVENTS.length * 3);
    // This browser (jsdom) has no push: the device switch says so instead.
    expect(screen.getByText(/This browser cannot show notifications/)).toBeInTheDocument();
    const email = screen.getByRole('checkbox', { name: 'E-mail: A ticket is assigned to me' });
    expect(email).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Push: New schedules assigned to me' })).not.toBeChecked();

    await user.click(email);
    await user.click(screen.getByRole('checkbox', { name: 'Push: New schedules assigned to me' }));
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /^Quiet hours/ }));
    expect(screen.getByLabelText('From')).toHaveValue('22:00');
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '06:30' } });
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText(MSG.notificationSettingsSaved)).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    const body = put?.body as NotificationSettings;
    expect(body.quietHours).toEqual({ start: '22:00', end: '06:30' });
    expect(body.events.ticketAssigned).toEqual({ inApp: true, email: false, push: false });
    expect(body.events.schedulesAssigned).toEqual({ inApp: true, email: false, push: true });
    expect(body.events.ticketCreated).toEqual(saved.events.ticketCreated);
    expect(Object.keys(body.events).sort()).toEqual([...SETTABLE_EVENTS].sort());
    // Three checkboxes for each of fifteen events: slow on a busy machine.
  }, 40_000);

  it('refuses a time that is not one, and says when saving failed', async () => {
    const calls = stubSettings(() => problem(503, 'Service unavailable. Check back shortly.'));
    const user = userEvent.setup();
    renderWithSession(<NotificationSettingsCard />);

    await user.click(await screen.findByRole('switch', { name: /^Quiet hours/ }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText(MSG.invalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '21:00' } });
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save notification settings');
    expect(screen.queryByText(MSG.notificationSettingsSaved)).not.toBeInTheDocument();
  });

  it('names its checkboxes in Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubSettings();
    renderWithSession(<NotificationSettingsCard />);
    expect(await screen.findByRole('checkbox', { name: 'البريد الإلكتروني، الحدث: إسناد تذكرة إليّ' })).toBeChecked();
  });
});
