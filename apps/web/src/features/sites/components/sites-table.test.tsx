// The sites' table shows each site's average score over the last 30 days beside its rank.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SitesTable } from './sites-table.tsx';
import { makeSite } from '../../../test/organisation.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});
const site = (id: number, name: string, averageScore: number | null) => makeSite(id, name, { membersCount: 3, rank: id, averageScore });

describe('sites table scores', () => {
  it('show each site its average, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderWithProviders(<SitesTable sites={[site(1, 'Tower A', 70), site(2, 'Tower B', null)]} />);
    expect(await screen.findByRole('columnheader', { name: 'متوسط الدرجة (30 يومًا)' })).toBeInTheDocument();
    expect(screen.getAllByTestId('average-score').map((cell) => cell.textContent)).toEqual(['70%', '—']);
  });
});
