import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, problem, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { MemberDialogs, useMemberDialogs } from './member-dialogs.tsx';
import { MemberMenu } from './member-menu.tsx';
import { MemberProfileTab } from './member-profile-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const member = (changes: Partial<Member> = {}): Member => ({
  userId: 12,
  name: 'Nada Saleh',
  fullName: 'Nada Saleh',
  username: 'nada',
  email: 'nada@example.com',
  authority: 'MEMBER',
  position: 'Guard',
  status: 'ACTIVE',
  active: true,
  phone: '555 0101',
  countryCode: '+966',
  bio: null,
  avatar: null,
  imageUrl: null,
  businessId: 2,
  teams: [],
  createdHere: false,
  rank: null,
  ...changes,
});

function Harness({ subject }: { subject: Member }) {
  const dialogs = useMemberDialogs();
  return (
    <>
      <MemberMenu member={subject} onOpen={dialogs.openDialog} onActivate={dialogs.activate} />
      <MemberDialogs state={dialogs.state} onClose={dialogs.close} />
    </>
  );
}

async function menuItems(subject: Member, role: 'OWNER' | 'ADMIN' | 'MEMBER' = 'OWNER') {
  renderWithSession(<Harness subject={subject} />, { session: fakeSession({ role }) });
  await userEvent.click(screen.getByRole('button', { name: 'More actions for Nada Saleh' }));
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent);
}

const KEY = 'Show activation key';
const ACTIVATE = 'Activate Member Now';
const RESET = 'Reset password';

describe('member actions by who owns the identity', () => {
  it('offers the activation key, activation and a reset for an account this business created and not activated', async () => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetchMock);
    const items = await menuItems(member({ createdHere: true, active: false, status: 'INACTIVE' }));
    expect(items).toEqual(expect.arrayContaining([KEY, ACTIVATE, RESET, 'Edit']));
  });

  it('keeps only the reset once the account created here is active', async () => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetchMock);
    const items = await menuItems(member({ createdHere: true, active: true }));
    expect(items).toContain(RESET);
    expect(items).not.toContain(KEY);
    expect(items).not.toContain(ACTIVATE);
  });

  it.each([true, false])("offers none of them for a person's own account from elsewhere (active: %s)", async (active) => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetchMock);
    const items = await menuItems(member({ createdHere: false, active }));
    expect(items).not.toContain(KEY);
    expect(items).not.toContain(ACTIVATE);
    expect(items).not.toContain(RESET);
    expect(items).toContain('Edit');
  });

  it('offers nothing of the kind to members', async () => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetchMock);
    const items = await menuItems(member({ createdHere: true, active: false }), 'MEMBER');
    expect(items).not.toContain(KEY);
    expect(items).not.toContain(RESET);
    expect(items).not.toContain('Edit');
  });

  it("shows a person's own name, e-mail and phone read-only, still saving role and position", async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) =>
      method === 'PUT' && path === '/api/v1/users/12' ? Response.json(member({ position: 'Shift lead' })) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<Harness subject={member()} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Nada Saleh' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });

    expect(within(dialog).getByText(/belong to the person/)).toBeInTheDocument();
    for (const label of [/Full name/, /E-mail/, /Phone/]) expect(within(dialog).getByRole('textbox', { name: label })).toHaveAttribute('readonly');
    const position = within(dialog).getByRole('textbox', { name: 'Position' });
    expect(position).not.toHaveAttribute('readonly');
    await user.clear(position);
    await user.type(position, 'Shift lead');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeDefined());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Nada Saleh',
      email: 'nada@example.com',
      countryCode: '+966',
      phone: '555 0101',
      position: 'Shift lead',
      role: 'MEMBER',
    });
  });

  it('lets the business change the identity of an account it created that is not activated yet', async () => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetchMock);
    const user = userEvent.setup();
    renderWithSession(<Harness subject={member({ createdHere: true, active: false, status: 'INACTIVE' })} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Nada Saleh' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit member' });
    expect(within(dialog).queryByText(/belong to the person/)).not.toBeInTheDocument();
    for (const label of [/Full name/, /E-mail/, /Phone/]) expect(within(dialog).getByRole('textbox', { name: label })).not.toHaveAttribute('readonly');
  });

  it("shows the server's reason when a reset is refused", async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) =>
      method === 'PUT' && path === '/api/v1/users/12/password' ? problem(403, MSG.identityOwnedByPerson) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<Harness subject={member({ createdHere: true })} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Nada Saleh' }));
    await user.click(await screen.findByRole('menuitem', { name: RESET }));
    const dialog = await screen.findByRole('dialog', { name: RESET });
    await user.type(within(dialog).getByLabelText(/^Temporary password/), 'temporary-123');
    await user.type(within(dialog).getByLabelText(/^Confirm temporary password/), 'temporary-123');
    await user.click(within(dialog).getByRole('button', { name: RESET }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.identityOwnedByPerson);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ password: 'temporary-123' });
  });

  it('says the stored key cannot be shown, with its expiry, and shows a newly issued one', async () => {
    const key = (activationKey: string | null, expiresAt: string) => ({ userId: 12, activationKey, activated: false, expiresAt });
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path !== '/api/v1/users/12/activation-key') return undefined;
      return Response.json(method === 'POST' ? key('fresh-key', '2999-01-08T10:00:00Z') : key(null, '2000-01-01T10:00:00Z'));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<Harness subject={member({ createdHere: true, active: false, status: 'INACTIVE' })} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Nada Saleh' }));
    await user.click(await screen.findByRole('menuitem', { name: KEY }));
    const dialog = await screen.findByRole('dialog', { name: 'Activation key' });

    expect(await within(dialog).findByText(/This key expired on/)).toBeInTheDocument();
    expect(within(dialog).getByText(/a key is shown only once, when it is issued/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Activation link' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue a new key' }));
    expect(await screen.findByText(MSG.activationKeyIssued)).toBeInTheDocument();
    expect(await within(dialog).findByText('fresh-key')).toBeInTheDocument();
    expect((within(dialog).getByRole('textbox', { name: 'Activation link' }) as HTMLInputElement).value).toContain('/activate?key=fresh-key');
    expect(within(dialog).getByTestId('activation-expiry')).toHaveTextContent(/This key works until .*2999/);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("prints the member's activation card, whose new key replaces the one shown", async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/users/12/activation-key')
        return Response.json({ userId: 12, activationKey: null, activated: false, expiresAt: '2999-01-08T10:00:00Z' });
      if (method === 'POST' && path === '/api/v1/users/activation-cards')
        return new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="activation-card.pdf"' },
        });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    const objectUrls = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:card');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderWithSession(<Harness subject={member({ createdHere: true, active: false, status: 'INACTIVE' })} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Nada Saleh' }));
    await user.click(await screen.findByRole('menuitem', { name: KEY }));
    const dialog = await screen.findByRole('dialog', { name: 'Activation key' });
    expect(await within(dialog).findByText(/print a card with a QR code Nada Saleh scans/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Print a card' }));
    expect(await screen.findByText('The card is ready to print. The key sent before no longer works.')).toBeInTheDocument();
    expect(saved).toEqual(['activation-card.pdf']);
    expect(calls.filter((call) => call.path === '/api/v1/users/activation-cards').map((call) => call.body)).toEqual([{ userIds: [12] }]);
    click.mockRestore();
    objectUrls.mockRestore();
  });
});

describe('sign-in lock', () => {
  it('is not asked for an account the person uses: their limit is theirs', async () => {
    const { calls, fetchMock } = stubFetch(({ path }) => (path === '/api/v1/teams' ? Response.json([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<MemberProfileTab member={member({ createdHere: true })} onShowActivation={vi.fn()} onActivate={vi.fn()} />);
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/v1/teams')).toBe(true));
    expect(calls.some((call) => call.path.endsWith('/sign-in-lock'))).toBe(false);
  });

  it('says until when a pending account this business created is locked, and unlocks', async () => {
    let locked = true;
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/teams') return Response.json([]);
      if (path !== '/api/v1/users/12/sign-in-lock') return undefined;
      if (method === 'DELETE') {
        locked = false;
        return new Response(null, { status: 204 });
      }
      return Response.json({ locked, until: locked ? '2999-05-01T10:30:00Z' : null });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(
      <MemberProfileTab member={member({ createdHere: true, active: false, status: 'INACTIVE' })} onShowActivation={vi.fn()} onActivate={vi.fn()} />,
    );

    expect(await screen.findByText(/Sign-in locked until .*2999/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(MSG.signInUnlocked)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText(/Sign-in locked until/)).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
