import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { renderWithSession, stubFetch } from '../../../test/session.tsx';
import { LookupsForm } from './lookups-form.tsx';
import { rowsOf, validateLookups } from './lookup-rows.ts';

const initial = { projectTypes: [{ id: 1, nameEn: 'Cleaning', nameAr: 'تنظيف' }], teamTypes: [] };

afterEach(() => vi.unstubAllGlobals());

describe('validateLookups', () => {
  it('requires both the English and the Arabic name of every row', () => {
    const rows = rowsOf(initial);
    rows.teamTypes.push({ key: 'n1', nameEn: 'Office', nameAr: ' ' });
    const { body, errors } = validateLookups(rows);
    expect(body).toBeNull();
    expect(errors).toEqual({ 'teamTypes.0.nameAr': MSG.required });
  });
});

describe('lookups form', () => {
  it('shows the required error under the empty name and saves nothing', async () => {
    const { calls, fetchMock } = stubFetch(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<LookupsForm apiKey="key-2" initial={initial} readOnly={false} />);

    await user.click(screen.getByRole('button', { name: 'Add site type' }));
    await user.type(screen.getByRole('textbox', { name: 'Site types: English name, row 1' }), 'Office');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const section = screen.getByRole('region', { name: 'Site types' });
    expect(await within(section).findByText(MSG.required)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('saves both lists with their ids and says so', async () => {
    const saved = { projectTypes: [{ id: 1, nameEn: 'Deep cleaning', nameAr: 'تنظيف عميق' }], teamTypes: [{ id: 5, nameEn: 'Office', nameAr: 'مكتب' }] };
    const { calls, fetchMock } = stubFetch(({ method }) => (method === 'PUT' ? Response.json(saved) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithSession(<LookupsForm apiKey="key-2" initial={initial} readOnly={false} />);

    const english = screen.getByRole('textbox', { name: 'Project types: English name, row 1' });
    await user.clear(english);
    await user.type(english, 'Deep cleaning');
    await user.click(screen.getByRole('button', { name: 'Add site type' }));
    await user.type(screen.getByRole('textbox', { name: 'Site types: English name, row 1' }), 'Office');
    await user.type(screen.getByRole('textbox', { name: 'Site types: Arabic name, row 1' }), 'مكتب');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/v1/business/config/api-key/key-2/lookup');
    expect(put?.body).toEqual({
      projectTypes: [{ id: 1, nameEn: 'Deep cleaning', nameAr: 'تنظيف' }],
      teamTypes: [{ nameEn: 'Office', nameAr: 'مكتب' }],
    });
  });
});
