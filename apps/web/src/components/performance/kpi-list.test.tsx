import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18n } from '../../lib/i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { KpiList } from './kpi-list.tsx';
import { kpiItem, scores } from './test-fixtures.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const tasks = [
  kpiItem(5, { nameEn: 'Lobby inspection', nameAr: 'فحص الردهة', rank: 1 }),
  kpiItem(6, { nameEn: 'Fire drill', nameAr: null, rank: 2, completionRate: 50, done: 1, total: 2 }),
  kpiItem(7, { nameEn: null, nameAr: 'جولة ليلية', rank: null, completionRate: 0, done: 0, total: 3 }),
];

describe('KPI list', () => {
  it('shows each rate as a value followed by %, the name in English and a link to the entity', () => {
    renderWithProviders(<KpiList kind="tasks" items={tasks} />);
    const rows = screen.getAllByTestId('kpi-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('link', { name: 'Lobby inspection' })).toHaveAttribute('href', '/tasks/5');
    expect(within(rows[0]).getByText('87.5%')).toBeInTheDocument();
    expect(within(rows[0]).getByText('#1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('7 of 8 done')).toBeInTheDocument();
    expect(within(rows[1]).getByText('50%')).toBeInTheDocument();
    // A task named only in Arabic keeps its Arabic name; an unranked one has no rank.
    expect(within(rows[2]).getByRole('link', { name: 'جولة ليلية' })).toHaveAttribute('href', '/tasks/7');
    expect(within(rows[2]).getByText('0%')).toBeInTheDocument();
    expect(within(rows[2]).queryByText(/#/)).not.toBeInTheDocument();
  });

  it('shows Arabic names, falling back to English, with Western digits and %', async () => {
    await i18n.changeLanguage('ar');
    renderWithProviders(<KpiList kind="tasks" items={tasks} />);
    const rows = screen.getAllByTestId('kpi-row');
    expect(within(rows[0]).getByRole('link', { name: 'فحص الردهة' })).toBeInTheDocument();
    expect(within(rows[0]).getByText('87.5%')).toBeInTheDocument();
    expect(within(rows[0]).getByText('المركز 1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('أُنجز 7 من 8')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Fire drill' })).toBeInTheDocument();
  });

  it('shows the average score under each rate where any entity was scored, a dash for one that was not, and nothing where none was', async () => {
    const scored = [kpiItem(3, { name: 'Sara Ali', ...scores(2, 70, 1, 1) }), kpiItem(4, { name: 'Omar Haddad' })];
    const { unmount } = renderWithProviders(<KpiList kind="members" items={scored} />);
    const rows = screen.getAllByTestId('kpi-row');
    expect(within(rows[0]).getByTestId('kpi-score')).toHaveTextContent('Average score: 70%');
    expect(within(rows[0]).getByLabelText('Average score of Sara Ali: 70%')).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('kpi-score')).toHaveTextContent('Average score: —');
    unmount();

    const { unmount: unmountPlain } = renderWithProviders(<KpiList kind="tasks" items={tasks} />);
    expect(screen.queryByTestId('kpi-score')).not.toBeInTheDocument();
    unmountPlain();

    await i18n.changeLanguage('ar');
    renderWithProviders(<KpiList kind="members" items={scored} />);
    expect(screen.getAllByTestId('kpi-score').map((row) => row.textContent)).toEqual(['متوسط الدرجة: 70%', 'متوسط الدرجة: —']);
  });

  it('names members, sites and projects by name and links each to its page', () => {
    renderWithProviders(
      <>
        <KpiList kind="members" items={[kpiItem(3, { name: 'Sara Ali' })]} />
        <KpiList kind="teams" items={[kpiItem(4, { name: 'Tower A', context: 'Downtown' })]} />
        <KpiList kind="projects" items={[kpiItem(2, { name: 'Downtown' })]} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Sara Ali' })).toHaveAttribute('href', '/members/3');
    expect(screen.getByRole('link', { name: 'Tower A' })).toHaveAttribute('href', '/sites/4');
    expect(screen.getByRole('link', { name: 'Downtown' })).toHaveAttribute('href', '/projects/2');
    expect(screen.getByText('Downtown', { selector: 'p' })).toBeInTheDocument();
  });
});
