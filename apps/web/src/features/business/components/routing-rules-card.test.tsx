import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { fakeSession, list, problem, renderWithSession, stubFetch, type StubCall } from '../../../test/session.tsx';
import { RoutingRulesCard } from './routing-rules-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const HELPDESK = '/services/helpdesk/api/v1';
const URL = `${HELPDESK}/ticket-routing-rules`;
const ANY = { source: null, categoryId: null, projectId: null, teamId: null, priority: null };
const NO_TARGET = { userId: null, targetTeamId: null, targetProjectId: null, memberIds: [] };
const saved = [
  { id: 1, position: 0, ...ANY, source: 'ANSWER', ...NO_TARGET, strategy: 'FEWEST_OPEN', targetProjectId: 1 },
  { id: 2, position: 1, ...ANY, priority: 'URGENT', ...NO_TARGET, strategy: 'MEMBER', userId: 7 },
];

function backend(rules: unknown[] | (() => Response), onPut?: (call: StubCall) => Response) {
  return stubFetch((call) => {
    const { method, path } = call;
    if (method === 'PUT' && path === URL)
      return onPut?.(call) ?? Response.json((call.body as { rules: object[] }).rules.map((r, i) => ({ id: i + 10, position: i, ...r })));
    if (path === URL) return typeof rules === 'function' ? rules() : Response.json(rules);
    if (path === `${HELPDESK}/ticket-categories`) return Response.json([{ id: 3, nameEn: 'General', nameAr: 'عام' }]);
    if (path === '/api/v1/teams') return list([{ id: 5, name: 'North Gate', projectId: 1, project: { id: 1, name: 'Harbour' } }]);
    if (path === '/api/v1/projects') return list([{ id: 1, name: 'Harbour' }]);
    if (path === '/api/v1/businesses/2/members') return list([{ userId: 7, fullName: 'Dana Saleh', username: 'dana' }]);
    return undefined;
  });
}

const choose = async (scope: HTMLElement, label: RegExp, option: string) => {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('routing rules card', () => {
  it('adds rules, refuses one without its member, reorders them with the buttons and saves them in order', async () => {
    const { calls, fetchMock } = backend([]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<RoutingRulesCard />);
    expect(await screen.findByText('No rules yet: new tickets without an assignee stay unassigned.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a routing rule' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a routing rule' }));
    const second = screen.getByRole('group', { name: 'Rule 2' });
    await choose(second, /^Assign to/, 'A member');
    await choose(second, /^Priority/, 'Urgent');
    await userEvent.click(screen.getByRole('button', { name: 'Save routing rules' }));
    expect(await screen.findByText('Rule 2: This field is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await choose(second, /^Member/, 'Dana Saleh');
    expect(screen.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move rule 2 down' })).toBeDisabled();
    // By keyboard: the button takes focus and Enter moves the rule.
    screen.getByRole('button', { name: 'Move rule 2 up' }).focus();
    await userEvent.keyboard('{Enter}');
    await choose(screen.getByRole('group', { name: 'Rule 2' }), /^Raised from/, 'A flagged answer');
    await userEvent.click(screen.getByRole('button', { name: 'Save routing rules' }));
    expect(await screen.findByText('Routing rules saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rules: [
        { ...ANY, priority: 'URGENT', ...NO_TARGET, strategy: 'MEMBER', userId: 7 },
        { ...ANY, source: 'ANSWER', ...NO_TARGET, strategy: 'ROUND_ROBIN' },
      ],
    });
    // Many picks by pointer: slow on a busy machine.
  }, 60_000);

  it('shows the saved rules with their targets, and removes one', async () => {
    const { calls, fetchMock } = backend(saved);
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<RoutingRulesCard />);
    const first = await screen.findByRole('group', { name: 'Rule 1' });
    expect(within(first).getByRole('combobox', { name: /^Raised from/ })).toHaveValue('A flagged answer');
    expect(within(first).getByRole('combobox', { name: /^From/ })).toHaveValue("A project's sites");
    expect(await within(first).findByDisplayValue('Harbour')).toBeInTheDocument();
    expect(await within(screen.getByRole('group', { name: 'Rule 2' })).findByDisplayValue('Dana Saleh')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(screen.queryByRole('group', { name: 'Rule 2' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save routing rules' }));
    expect(await screen.findByText('Routing rules saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ rules: [{ ...ANY, priority: 'URGENT', ...NO_TARGET, strategy: 'MEMBER', userId: 7 }] });
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal('fetch', backend(saved, () => problem(404, 'Category not found')).fetchMock);
    renderWithSession(<RoutingRulesCard />);
    await screen.findByRole('group', { name: 'Rule 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Save routing rules' }));
    expect(await screen.findByText('Category not found')).toBeInTheDocument();
  });

  it('says so when the rules cannot be loaded', async () => {
    vi.stubGlobal('fetch', backend(() => problem(500, 'Server error')).fetchMock);
    renderWithSession(<RoutingRulesCard />);
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a routing rule' })).not.toBeInTheDocument();
  });

  it('shows members the rules without ways to change them', async () => {
    vi.stubGlobal('fetch', backend(saved).fetchMock);
    renderWithSession(<RoutingRulesCard />, { session: fakeSession({ role: 'MEMBER' }) });
    const first = await screen.findByRole('group', { name: 'Rule 1' });
    expect(within(first).getByRole('combobox', { name: /^Raised from/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add a routing rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move rule 1 down' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save routing rules' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, right to left, with its move buttons named in Arabic', async () => {
    vi.stubGlobal('fetch', backend(saved).fetchMock);
    await i18n.changeLanguage('ar');
    try {
      renderWithSession(<RoutingRulesCard />);
      const first = await screen.findByRole('group', { name: 'القاعدة 1' });
      expect(within(first).getByRole('combobox', { name: /^مصدر التذكرة/ })).toHaveValue('إجابة مُعلَّمة');
      expect(screen.getByRole('button', { name: 'نقل القاعدة 2 إلى الأعلى' })).toBeEnabled();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
