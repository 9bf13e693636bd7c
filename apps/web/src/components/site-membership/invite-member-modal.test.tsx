import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { list, problem, renderWithSession, stubFetch } from '../../test/session.tsx';
import { InviteMemberModal } from './invite-member-modal.tsx';
import { makeSite } from '../../test/organisation.ts';

const site = (id: number, name: string) => makeSite(id, name, { membersCount: 0 });

afterEach(() => vi.unstubAllGlobals());

const invitation = {
  id: 31,
  email: 'nada@example.com',
  name: 'Nada Saleh',
  authority: 'SUPERVISOR',
  position: 'Guard',
  externalId: null,
  teams: [{ id: 4, name: 'Tower A' }],
  status: 'PENDING',
  createdAt: '2025-03-02T09:00:00Z',
};

async function fill(dialog: HTMLElement) {
  const user = userEvent.setup();
  await user.type(within(dialog).getByRole('textbox', { name: /Full name/ }), 'Nada Saleh');
  await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'nada@example.com');
  await user.type(within(dialog).getByLabelText(/Password/), 'secret123');
  await user.type(within(dialog).getByRole('textbox', { name: 'Position' }), 'Guard');
  return user;
}

describe('invite member', () => {
  it('validates with the shared schema, then invites to the given site', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/teams') return list([site(4, 'Tower A')]);
      if (method === 'POST' && path === '/api/v1/teams/4/users') return Response.json(invitation, { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithSession(<InviteMemberModal opened siteId={4} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invite a new member' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getAllByText(MSG.required).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(MSG.passwordTooShort)).toBeInTheDocument();

    const user = await fill(dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Supervisor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(MSG.invitationSent)).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/v1/teams/4/users');
    expect(post?.body).toMatchObject({ name: 'Nada Saleh', email: 'nada@example.com', password: 'secret123', position: 'Guard', role: 'SUPERVISOR' });
  });

  it('refuses a password of spaces, and shows a common one refused by the server on the field', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/teams') return list([site(4, 'Tower A')]);
      if (method === 'POST') {
        return new Response(JSON.stringify({ status: 400, message: MSG.invalid, fieldErrors: [{ field: 'password', message: MSG.passwordTooCommon }] }), {
          status: 400,
          headers: { 'Content-Type': 'application/problem+json' },
        });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<InviteMemberModal opened siteId={4} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invite a new member' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /Full name/ }), 'Nada Saleh');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'nada@example.com');
    const password = within(dialog).getByLabelText(/Password/);
    await user.type(password, '         ');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MSG.passwordBlank)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(password);
    await user.type(password, 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MSG.passwordTooCommon)).toBeInTheDocument();
  });

  it('invites to several sites at once and shows the default failure text', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/teams') return list([site(4, 'Tower A'), site(5, 'Tower B')]);
      if (method === 'POST' && path === '/api/v1/team-members') return problem(500, 'boom');
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<InviteMemberModal opened multiple onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Invite a new member to several sites' });
    const user = await fill(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MSG.selectSite)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Sites/ }));
    await user.click(await screen.findByRole('option', { name: 'Tower A' }));
    await user.click(await screen.findByRole('option', { name: 'Tower B' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Failed to invite member to multiple sites')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ teams: [4, 5] });
  });
});
