import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import { saveKioskDevice } from '../../lib/kiosk-session.ts';
import { renderRoutes } from '../../test/render.tsx';
import { stubFetch, type StubCall } from '../../test/session.tsx';
import { KioskMemberLayout } from './kiosk-member-layout.tsx';
import { KioskNamesPage } from './kiosk-names-page.tsx';
import { KioskRoot } from './kiosk-root.tsx';

const routes: RouteObject[] = [
  {
    path: '/kiosk',
    element: <KioskRoot />,
    children: [
      { index: true, element: <KioskNamesPage /> },
      { path: '/kiosk/enrol', element: <p>Enrol form</p> },
      { element: <KioskMemberLayout />, children: [{ path: '/kiosk/tracker', element: <p>The member’s schedules</p> }] },
    ],
  },
];

const members = [
  { id: 7, name: 'Nada Salem', avatar: null, hasPin: true },
  { id: 8, name: 'Omar Haddad', avatar: null, hasPin: true },
];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/problem+json', ...headers } });

function serve(signIn: (call: StubCall) => Response) {
  const stub = stubFetch((call) => {
    if (call.path === '/api/v1/kiosk/members') return Response.json(members);
    if (call.path === '/api/v1/kiosk/sign-in') return signIn(call);
    if (call.path === '/api/v1/kiosk/sign-out') return new Response(null, { status: 204 });
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

const signedIn = () => Response.json({ id_token: 'member-token', expiresAt: '2026-11-29T12:00:00Z', member: { id: 7, name: 'Nada Salem', avatar: null } });

async function enterPin(user: ReturnType<typeof userEvent.setup>, name: string, pin: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(name) }));
  const pad = await screen.findByRole('dialog', { name: `Hello, ${name}` });
  for (const digit of pin) await user.click(within(pad).getByRole('button', { name: `Digit ${digit}` }));
  await user.click(within(pad).getByRole('button', { name: 'Sign in' }));
  return pad;
}

beforeEach(() => {
  saveKioskDevice({
    token: 'device-token',
    kiosk: { id: 3, name: 'Front desk', siteName: 'Riyadh Mall', businessName: 'Acme Services', timeZone: 'Asia/Riyadh' },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the kiosk', () => {
  it('lists the site’s members and signs one in with their PIN', async () => {
    const calls = serve(signedIn);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { route: '/kiosk' });
    expect(await screen.findByText('Acme Services · Riyadh Mall')).toBeInTheDocument();
    await enterPin(user, 'Nada Salem', '2468');
    expect(await screen.findByText('The member’s schedules')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kiosk/tracker');
    expect(calls.find((call) => call.path === '/api/v1/kiosk/sign-in')?.body).toEqual({ userId: 7, pin: '2468' });
  });

  it('says a PIN was wrong, and announces it', async () => {
    serve(() => json(400, { status: 400, message: MSG.kioskPinWrong, fieldErrors: [{ field: 'pin', message: MSG.kioskPinWrong }] }));
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/kiosk' });
    const pad = await enterPin(user, 'Nada Salem', '1111');
    expect(await within(pad).findByRole('alert')).toHaveTextContent('Wrong PIN. Try again');
    expect(within(pad).getByLabelText('Your PIN')).toHaveAccessibleDescription(/Wrong PIN/);
  });

  it('says how long to wait after too many wrong PINs', async () => {
    serve(() => json(429, { status: 429, message: MSG.kioskTooManyPins }, { 'Retry-After': '240' }));
    const user = userEvent.setup();
    renderRoutes(routes, { route: '/kiosk' });
    const pad = await enterPin(user, 'Nada Salem', '1111');
    expect(await within(pad).findByRole('alert')).toHaveTextContent('Too many wrong PINs. Try again in 4 minutes.');
  });

  it('signs the member out after a minute untouched, warning in the last ten seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve(signedIn);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router } = renderRoutes(routes, { route: '/kiosk' });
    await enterPin(user, 'Nada Salem', '2468');
    expect(await screen.findByText('The member’s schedules')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(45_000));
    expect(screen.queryByText('Still there?')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(7_000));
    expect(screen.getByText('Still there?')).toBeInTheDocument();
    expect(screen.getByText(/Signing you out in \d s\./)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(router.state.location.pathname).toBe('/kiosk');
    expect(await screen.findByRole('heading', { name: 'Who are you?' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/v1/kiosk/sign-out')).toBe(true);
  });

  it('asks to be enrolled again once the kiosk is revoked, and forgets its token', async () => {
    const stub = stubFetch((call) => (call.path === '/api/v1/kiosk/members' ? json(401, { status: 401, message: MSG.kioskRevoked }) : undefined));
    vi.stubGlobal('fetch', stub.fetchMock);
    renderRoutes(routes, { route: '/kiosk' });
    expect(await screen.findByRole('heading', { name: 'This tablet must be enrolled again' })).toBeInTheDocument();
    expect(window.localStorage.getItem('kioskDevice')).toBeNull();
  });
});
