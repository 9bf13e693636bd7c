import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithSession, stubFetch } from '../../../test/session.tsx';
import { SlaRulesCard } from './sla-rules-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const HELPDESK = '/services/helpdesk/api/v1';

describe('SLA rules card', () => {
  it('refuses a rule without a time, then saves working hours as minutes', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path, body }) => {
      if (method === 'PUT' && path === `${HELPDESK}/sla-policies`) {
        const rules = (body as { rules: object[] }).rules.map((rule, i) => ({ id: i + 1, ...rule }));
        return Response.json(rules);
      }
      if (path === `${HELPDESK}/sla-policies`) return Response.json([]);
      if (path === `${HELPDESK}/ticket-categories`) return Response.json([{ id: 1, nameEn: 'General', nameAr: 'عام' }]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<SlaRulesCard />);
    expect(await screen.findByText('No rules yet: tickets have no due times.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add an SLA rule' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save SLA rules' }));
    expect(await screen.findByText('Rule 1: Give a first response time, a resolution time or both')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Resolution (working hours), rule 1' }), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save SLA rules' }));
    expect(await screen.findByText('SLA rules saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rules: [{ priority: null, categoryId: null, firstResponseMinutes: null, resolutionMinutes: 270, warnPercent: 80, raisePriorityTo: null }],
    });
  });

  it('warns at the share of the time given, at most 99 %, and raises a breached ticket to the priority chosen', async () => {
    const saved = [{ id: 1, priority: 'LOW', categoryId: null, firstResponseMinutes: 60, resolutionMinutes: 600, warnPercent: null, raisePriorityTo: null }];
    const { calls, fetchMock } = stubFetch(({ method, path, body }) => {
      if (method === 'PUT' && path === `${HELPDESK}/sla-policies`)
        return Response.json((body as { rules: object[] }).rules.map((rule, i) => ({ id: i + 1, ...rule })));
      if (path === `${HELPDESK}/sla-policies`) return Response.json(saved);
      if (path === `${HELPDESK}/ticket-categories`) return Response.json([]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<SlaRulesCard />);
    const warn = await screen.findByRole('textbox', { name: 'Warn at % of the time, rule 1' });
    expect(warn).toHaveValue('');
    // More than 99 % is no warning before the breach: the field keeps to 99.
    await userEvent.type(warn, '100');
    await userEvent.tab();
    expect(warn).toHaveValue('99 %');
    await userEvent.clear(warn);
    await userEvent.type(warn, '75');
    await userEvent.click(screen.getByRole('combobox', { name: 'On breach raise priority to, rule 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Urgent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save SLA rules' }));
    expect(await screen.findByText('SLA rules saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rules: [{ priority: 'LOW', categoryId: null, firstResponseMinutes: 60, resolutionMinutes: 600, warnPercent: 75, raisePriorityTo: 'URGENT' }],
    });
  });
});
