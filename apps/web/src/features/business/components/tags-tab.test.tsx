import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { fakeSession, list, problem, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { deleteTag } from '../api/delete-tag.ts';
import { fetchTagActions } from '../api/get-tag-actions.ts';
import { updateTag } from '../api/update-tag.ts';
import { TagsTab } from './tags-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const TAGS = '/services/workflow/api/v1/tags';
const tag = (id: number, nameEn: string, nameAr: string, actionsCount = 0) => ({ id, nameEn, nameAr, actionsCount });

describe('tags tab', () => {
  it('lists the tags and stops creating at 3, saying why', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch(({ path }) => (path === TAGS ? list([tag(1, 'Safety', 'السلامة', 4), tag(2, 'Quality', 'الجودة'), tag(3, 'Hygiene', 'النظافة')]) : undefined))
        .fetchMock,
    );
    renderWithSession(<TagsTab />);
    const row = (await screen.findByText('Safety')).closest('tr') as HTMLElement;
    expect(within(row).getByText('السلامة')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New tag' })).toBeDisabled();
    expect(screen.getByText(MSG.tagLimit)).toBeInTheDocument();
  });

  it('creates below the limit and shows a duplicate name on the field', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (method === 'POST' && path === TAGS) return problem(409, MSG.tagExists);
      if (path === TAGS) return list([tag(1, 'Safety', 'السلامة')]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<TagsTab />);
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    expect(screen.queryByText(MSG.tagLimit)).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name in English/ }), 'Safety');
    await user.type(within(dialog).getByRole('textbox', { name: /Name in Arabic/ }), 'سلامة');
    await user.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    const field = within(dialog).getByRole('textbox', { name: /Name in English/ });
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(MSG.tagExists)).toBeInTheDocument();
    expect(await screen.findByText('Failed to create tag')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ nameEn: 'Safety', nameAr: 'سلامة' });
  });

  it('shows the empty state, without changes for members', async () => {
    vi.stubGlobal('fetch', stubFetch(() => list([])).fetchMock);
    renderWithSession(<TagsTab />, { session: fakeSession({ role: 'MEMBER' }) });
    expect(await screen.findByText('No tags yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New tag' })).not.toBeInTheDocument();
  });

  it('refuses calls about a tag without its id before anything is sent', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    await expect(updateTag({ tagId: undefined, body: { nameEn: 'A', nameAr: 'ب' } })).rejects.toThrow(MSG.tagIdRequiredUpdate);
    await expect(deleteTag(null)).rejects.toThrow(MSG.tagIdRequiredDelete);
    await expect(fetchTagActions(undefined, 0)).rejects.toThrow(MSG.tagIdRequiredActions);
    expect(calls).toEqual([]);
  });
});
