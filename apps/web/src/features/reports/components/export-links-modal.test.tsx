import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ExportLink } from '@fieldops/shared/reports';
import { list, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { ExportLinksModal } from './export-links-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const LINKS = '/services/workflow/api/v1/report/export-links';
const link = (id: number, values: Partial<ExportLink> = {}): ExportLink => ({
  id,
  createdDate: '2026-11-20T09:00:00Z',
  expiresAt: '2099-11-20T09:00:00Z',
  revokedAt: null,
  files: 12,
  creator: { id: 4, fullName: 'Omar Haddad' },
  ...values,
});

describe('links of exported files', () => {
  it('lists each export with who made it and until when it works, and revokes one after a confirmation', async () => {
    let links = [link(2), link(1, { revokedAt: '2026-11-21T09:00:00Z' })];
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === LINKS) return list(links);
      if (method === 'DELETE' && path === `${LINKS}/2`) {
        links = [link(2, { revokedAt: new Date().toISOString() }), links[1]!];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<ExportLinksModal opened onClose={() => undefined} />);

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Omar Haddad');
    expect(items[0]).toHaveTextContent('12 files');
    expect(items[0]).toHaveTextContent(/Works until/);
    expect(items[1]).toHaveTextContent(/Revoked on/);
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(items[0]!).getByRole('button', { name: /^Revoke links: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke these links?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke links' }));
    expect(await screen.findByText('The links no longer open anything')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `${LINKS}/2`)).toBe(true);
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/Revoked on/));
  });

  it('says when no export has links yet', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === LINKS ? list([]) : undefined)).fetchMock);
    renderWithSession(<ExportLinksModal opened onClose={() => undefined} />);
    expect(await screen.findByText('No exported files with links yet')).toBeInTheDocument();
  });
});
