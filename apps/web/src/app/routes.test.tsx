import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeReport } from '../features/inspections/test/fixtures.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { renderRoutes } from '../test/render.tsx';
import { sessionAnswer } from '../test/session.tsx';
import { routes } from './routes.tsx';

const account = {
  id: 7,
  username: 'demo',
  fullName: 'Demo Owner',
  email: 'demo@example.com',
  avatar: null,
  countryCode: null,
  phone: null,
  bio: null,
  businessIdentities: [{ businessId: 2, businessName: 'Acme Services', apiKey: 'key-2', defaultBusiness: true, role: 'OWNER' }],
  mustChangePassword: false,
};

const answers: Record<string, unknown> = {
  '/api/v1/account': account,
  '/api/users/7': { userId: 7, fullName: 'Demo Owner', username: 'demo', email: 'demo@example.com', teams: [], avatar: null },
  '/api/v1/businesses/2': {
    id: 2,
    name: 'Acme Services',
    colour: '#0ca678',
    logo: null,
    ownershipType: 'OWNER',
    apiKey: 'key-2',
    timeZone: 'Asia/Riyadh',
    industryId: null,
    managedProfile: false,
  },
  '/api/v1/business/config/api-key/key-2/lookup': { projectTypes: [], teamTypes: [] },
  '/api/v1/teams': [
    { id: 1, name: 'North' },
    { id: 2, name: 'South' },
  ],
  '/api/v1/businesses/2/members': [],
  '/api/v1/business/config/managed-profile': { managedProfile: false },
  '/api/v1/projects/all/business': [],
  '/api/v1/account/invitations': [],
};

function stubServer(overrides: Record<string, number> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0];
      if (overrides[path]) return new Response('', { status: overrides[path] });
      if (path === '/api/v1/account/session') return sessionAnswer((p) => answers[p]);
      if (!(path in answers)) return new Response('', { status: 404 });
      const total = path.endsWith('/members') ? '12' : path.endsWith('/business') ? '3' : null;
      return Response.json(answers[path], { headers: total ? { 'X-Total-Count': total } : undefined });
    }),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('routes', () => {
  it('sends a signed-out visitor to sign in, remembering where they were going', async () => {
    const { router } = renderRoutes(routes, { route: '/sites?page=2' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/sites?page=2');
  });

  it('loads the session and shows the dashboard inside the shell', async () => {
    localStorage.setItem('id_token', 'tok');
    stubServer();
    renderRoutes(routes, { route: '/' });

    expect(await screen.findByRole('heading', { name: 'Business Overview' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('business-name')).toHaveTextContent('Acme Services');
    // The test page is as narrow as a phone: the menu is drawn once the burger opens it.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toHaveAttribute('href', '/tickets');
    expect(localStorage.getItem('apiKey')).toBe('key-2');
  });

  it('shows the error page with retry when the session cannot be read', async () => {
    localStorage.setItem('id_token', 'tok');
    stubServer({ '/api/v1/account/session': 503 });
    renderRoutes(routes, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Sorry! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Service unavailable. Check back shortly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('switches to Arabic, right to left, and stores the choice', async () => {
    localStorage.setItem('id_token', 'tok');
    stubServer();
    renderRoutes(routes, { route: '/profile' });

    // On a phone the switch sits under the menu.
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle navigation' }));
    await userEvent.click(await screen.findByText('العربية'));

    expect(await screen.findByRole('heading', { name: 'الملف الشخصي' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(localStorage.getItem('language')).toBe('ar');
  });

  it('logs out: clears the session keys but keeps the language', async () => {
    localStorage.setItem('id_token', 'tok');
    localStorage.setItem('language', 'en');
    stubServer();
    const { router } = renderRoutes(routes, { route: '/' });

    await userEvent.click(await screen.findByRole('button', { name: 'Toggle navigation' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('id_token')).toBeNull();
    expect(localStorage.getItem('apiKey')).toBeNull();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it("opens a schedule's inspection report inside the shell", async () => {
    localStorage.setItem('id_token', 'tok');
    stubServer();
    renderRoutes(routes, { route: '/schedules/40/report' });
    // The fake server knows no schedule 40.
    expect(await screen.findByText('This report was not found', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the task' })).toHaveAttribute('href', '/tracker/40');
  });

  it('opens a shared inspection report without signing in, and without the rest of the app', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => (input === '/api/shared/inspections/tok-abc' ? Response.json(makeReport()) : new Response('', { status: 404 }))),
    );
    const { router } = renderRoutes(routes, { route: '/shared/inspections/tok-abc' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen check' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shared/inspections/tok-abc');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/shared/inspections/tok-abc/report.pdf?lang=en');
  });

  it('shows the not-found page for an unknown address', async () => {
    localStorage.setItem('id_token', 'tok');
    stubServer();
    renderRoutes(routes, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
