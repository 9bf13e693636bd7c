import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  describe('why this rank', () => {
    // 3 of 3 done in a list averaging 80 %: (3 + 10 · 0.8) / (3 + 10) = 84.6 %.
    const few = kpiItem(3, {
      name: 'Sara Ali',
      rank: 2,
      done: 3,
      late: 0,
      missed: 0,
      pending: 0,
      inProgress: 0,
      total: 3,
      completionRate: 100,
      ranking: { score: 84.6, average: 80, weight: 10, reason: 'few' },
    });
    // 230 of 240 done, with 4 late, 2 missed, 1 pending and 3 in progress: (230 + 8) / 250 = 95.2 %.
    const many = kpiItem(4, {
      name: 'Omar Haddad',
      rank: 1,
      done: 230,
      late: 4,
      missed: 2,
      pending: 1,
      inProgress: 3,
      total: 240,
      completionRate: 95.8,
      ranking: { score: 95.2, average: 80, weight: 10, reason: 'many' },
    });

    it('opens from the keyboard with the sentence and every number, and closes back to its button', async () => {
      const user = userEvent.setup();
      renderWithProviders(<KpiList kind="members" items={[many, few]} />);
      const button = screen.getByRole('button', { name: 'Why this rank? Sara Ali' });
      button.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Why Sara Ali is ranked 2' });
      expect(within(dialog).getByTestId('rank-sentence')).toHaveTextContent(
        "Only 3 schedules, so its 100% counts as 84.6%, pulled towards this list's average of 80%.",
      );
      expect(within(dialog).getByTestId('rank-schedules')).toHaveTextContent('3');
      expect(within(dialog).getByTestId('rank-rate')).toHaveTextContent('100%');
      expect(within(dialog).getByTestId('rank-score')).toHaveTextContent('84.6%');
      expect(within(dialog).getByTestId('rank-average')).toHaveTextContent('80%');
      expect(within(dialog).getByTestId('rank-weight')).toHaveTextContent('10 schedules');
      expect(within(dialog).getByText('Equal scores: more schedules first, then the one added first.')).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(button).toHaveFocus());

      await user.click(screen.getByRole('button', { name: 'Why this rank? Omar Haddad' }));
      const second = await screen.findByRole('dialog', { name: 'Why Omar Haddad is ranked 1' });
      expect(within(second).getByTestId('rank-sentence')).toHaveTextContent(
        "240 schedules weigh more than this list's average of 80%, so its 95.8% counts as 95.2%.",
      );
      expect(within(second).getByTestId('rank-done')).toHaveTextContent('230');
      expect(within(second).getByText('Late')).toBeInTheDocument();
      expect(within(second).getByTestId('rank-late')).toHaveTextContent('4');
      expect(within(second).getByTestId('rank-missed')).toHaveTextContent('2');
      expect(within(second).getByTestId('rank-open')).toHaveTextContent('4');
    });

    it('explains in Arabic with the number’s own plural form', async () => {
      await i18n.changeLanguage('ar');
      const user = userEvent.setup();
      renderWithProviders(
        <KpiList
          kind="members"
          items={[
            many,
            few,
            kpiItem(5, { name: 'ليلى', rank: 3, total: 2, completionRate: 50, ranking: { score: 75, average: 80, weight: 10, reason: 'few' } }),
          ]}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'لماذا هذا الترتيب؟ Sara Ali' }));
      const dialog = await screen.findByRole('dialog', { name: 'لماذا جاء Sara Ali في المركز 2' });
      expect(within(dialog).getByTestId('rank-sentence')).toHaveTextContent(
        '3 جداول فقط، لذا تُحتسب نسبته 100% على أنها 84.6%، مقرّبةً نحو متوسط هذه القائمة البالغ 80%.',
      );
      expect(within(dialog).getByText('درجة الترتيب')).toBeInTheDocument();
      expect(within(dialog).getByText('متأخرة')).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'لماذا هذا الترتيب؟ ليلى' }));
      expect(within(await screen.findByRole('dialog')).getByTestId('rank-sentence')).toHaveTextContent(
        'جدولان فقط، لذا تُحتسب نسبته 50% على أنها 75%، مقرّبةً نحو متوسط هذه القائمة البالغ 80%.',
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'لماذا هذا الترتيب؟ Omar Haddad' }));
      expect(within(await screen.findByRole('dialog')).getByTestId('rank-sentence')).toHaveTextContent(
        '240 جدولًا لها وزن أكبر من متوسط هذه القائمة البالغ 80%، لذا تُحتسب نسبته 95.8% على أنها 95.2%.',
      );
    });

    it('offers no explanation for an unranked row', () => {
      renderWithProviders(<KpiList kind="tasks" items={[kpiItem(7, { rank: null, ranking: null })]} />);
      expect(screen.queryByRole('button', { name: /Why this rank/ })).not.toBeInTheDocument();
    });
  });
});
