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

    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save SLA rules' }));
    expect(await screen.findByText('Rule 1: Give a first response time, a resolution time or both')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Resolution (working hours), rule 1' }), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save SLA rules' }));
    expect(await screen.findByText('SLA rules saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rules: [{ priority: null, categoryId: null, firstResponseMinutes: null, resolutionMinutes: 270 }],
    });
  });
});
