import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeSession, list, renderWithSession, stubFetch } from '../../test/session.tsx';
import { SitesPage } from './sites-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('sites page', () => {
  it('offers owners and admins to import sites from a file, and no one else', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === '/api/v1/teams' || path === '/api/v1/projects' ? list([], 0) : undefined)).fetchMock);
    const { unmount } = renderWithSession(<SitesPage />, { route: '/sites' });
    expect(await screen.findByRole('link', { name: 'Import sites' })).toHaveAttribute('href', '/imports?kind=SITES');
    unmount();

    renderWithSession(<SitesPage />, { route: '/sites', session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('No sites yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import sites' })).not.toBeInTheDocument();
  });
});
