import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { renderRoutes } from '../../test/render.tsx';
import { OnboardingPage } from './onboarding-page.tsx';

type Call = { path: string; method: string; body: unknown; auth: string | null };

function stubServer(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const call = {
        path: input.split('?')[0],
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
        auth: new Headers(init.headers).get('Authorization'),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const business = {
  id: 5,
  name: 'Acme',
  colour: '#4263eb',
  logo: null,
  ownershipType: 'OWNER',
  apiKey: 'new-key',
  timeZone: 'UTC',
  industryId: null,
  managedProfile: false,
};

function renderOnboarding(route = '/onboarding') {
  return renderRoutes(
    [
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { route },
  );
}

afterEach(() => vi.unstubAllGlobals());

/** Sara's account details on the first step, as she would type them. */
async function fillAccount() {
  await userEvent.type(screen.getByLabelText(/Full name/), 'Sara Ali');
  await userEvent.type(screen.getByLabelText(/^Username/), 'sara');
  await userEvent.type(screen.getByLabelText(/E-mail/), 's@x.io');
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret123');
}

describe('onboarding', () => {
  it('creates the user, signs in, creates the business and stores its key', async () => {
    const calls = stubServer(({ path }) => {
      if (path === '/api/v1/industries') return Response.json([{ id: 1, nameEn: 'Retail', nameAr: 'التجزئة' }]);
      if (path === '/api/v1/register') return Response.json({ id: 9, username: 'sara', email: 's@x.io' }, { status: 201 });
      if (path === '/api/authenticate') return Response.json({ id_token: 'tok-9' });
      if (path === '/api/v1/onboarding/user/9/business') return Response.json(business, { status: 201 });
      return new Response('', { status: 404 });
    });
    const user = userEvent.setup();
    const { router } = renderOnboarding();

    await user.type(screen.getByLabelText(/Full name/), 'Sara Ali');
    await user.type(screen.getByLabelText(/^Username/), 'Sara');
    await user.type(screen.getByLabelText(/E-mail/), 's@x.io');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await user.type(await screen.findByLabelText(/Business name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create business' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('id_token')).toBe('tok-9');
    expect(localStorage.getItem('apiKey')).toBe('new-key');
    const register = calls.find((c) => c.path === '/api/v1/register');
    expect(register?.body).toEqual({ username: 'sara', email: 's@x.io', password: 'secret123', fullName: 'Sara Ali' });
    const created = calls.find((c) => c.path === '/api/v1/onboarding/user/9/business');
    expect(created?.auth).toBe('Bearer tok-9');
    expect(created?.body).toMatchObject({ name: 'Acme', colour: '#4263eb' });
  });

  it("moves between the two steps with the browser's back and forward, each keeping what was typed", async () => {
    stubServer(({ path }) => {
      if (path === '/api/v1/industries') return Response.json([]);
      if (path === '/api/v1/register') return Response.json({ id: 9, username: 'sara', email: 's@x.io' }, { status: 201 });
      if (path === '/api/authenticate') return Response.json({ id_token: 'tok-9' });
      return new Response('', { status: 404 });
    });
    const user = userEvent.setup();
    const { router } = renderOnboarding();
    await fillAccount();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText(/Business name/), 'Acme');
    expect(router.state.location.search).toBe('?step=business');

    act(() => router.go(-1));
    await vi.waitFor(() => expect(screen.getByLabelText(/Full name/)).toBeVisible());
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Sara Ali');
    expect(screen.getByLabelText(/^Username/)).toHaveValue('sara');
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('s@x.io');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('secret123');

    act(() => router.go(1));
    await vi.waitFor(() => expect(screen.getByLabelText(/Business name/)).toBeVisible());
    expect(screen.getByLabelText(/Business name/)).toHaveValue('Acme');
  });

  it('validates with the shared schema before calling the server', async () => {
    const calls = stubServer(() => Response.json([]));
    renderOnboarding();
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.required).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === '/api/v1/register')).toBe(false);
  });

  it('shows the onboarding failure and the server field error under its input', async () => {
    stubServer(({ path }) => {
      if (path === '/api/v1/register') {
        return new Response(JSON.stringify({ status: 409, message: MSG.usernameTaken, fieldErrors: [{ field: 'username', message: MSG.usernameTaken }] }), {
          status: 409,
          headers: { 'Content-Type': 'application/problem+json' },
        });
      }
      return Response.json([]);
    });
    renderOnboarding();
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MSG.usernameTaken)).toBeInTheDocument();
    expect(await screen.findByText(MSG.onboardingFailed)).toBeInTheDocument();
  });

  it('takes the failure toast away once the step is tried again and succeeds', async () => {
    let attempts = 0;
    stubServer(({ path }) => {
      if (path === '/api/v1/register') {
        attempts += 1;
        if (attempts === 1) {
          return new Response(JSON.stringify({ status: 503, message: 'Service unavailable' }), {
            status: 503,
            headers: { 'Content-Type': 'application/problem+json' },
          });
        }
        return Response.json({ id: 9, username: 'sara', email: 's@x.io' }, { status: 201 });
      }
      if (path === '/api/authenticate') return Response.json({ id_token: 'tok-9' });
      return Response.json([]);
    });
    renderOnboarding();
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findAllByText(MSG.onboardingFailed)).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByLabelText(/Business name/)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryAllByText(MSG.onboardingFailed)).toHaveLength(0));
  });

  it('starts at the business step for a signed-in user without a business', async () => {
    localStorage.setItem('id_token', 'tok');
    stubServer(({ path }) =>
      path === '/api/v1/account' ? Response.json({ id: 3, username: 'x', fullName: 'X', email: 'x@x.io', businessIdentities: [] }) : Response.json([]),
    );
    renderOnboarding('/onboarding?step=business');
    expect(await screen.findByLabelText(/Business name/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });
});
