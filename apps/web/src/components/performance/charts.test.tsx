import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '../../lib/i18n/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CompletionChart, LoadChart } from './charts.tsx';
import { kpiItem, point, scores } from './test-fixtures.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const POINTS = [
  point('2026-03-01', { completionRate: 50 }),
  point('2026-03-02', { total: 0, done: 0, missed: 0, completionRate: 0 }),
  point('2026-03-03', { completionRate: 100 }),
];

/** The x of the dot drawn for each day that has a rate, in drawing order. */
const dotsX = () => [...document.querySelectorAll('[data-testid="completion-chart"] circle')].map((c) => Number(c.getAttribute('cx')));

describe('the completion chart', () => {
  it('gives every day its rate as text, and "No data" for a day without schedules', () => {
    renderWithProviders(<CompletionChart points={POINTS} />);
    const chart = screen.getByTestId('completion-chart');
    expect(within(chart).getByRole('img', { name: 'Completion rate over time' })).toBeInTheDocument();
    const rows = within(chart)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Mar 150%', 'Mar 2No data', 'Mar 3100%']);
    // The day without schedules is bridged: two dots, the line goes on.
    expect(dotsX()).toHaveLength(2);
  });

  it('runs time from the left in English and from the right in Arabic', async () => {
    const { unmount } = renderWithProviders(<CompletionChart points={POINTS} />);
    const [firstEn, lastEn] = dotsX();
    expect(firstEn).toBeLessThan(lastEn);
    unmount();
    await i18n.changeLanguage('ar');
    renderWithProviders(<CompletionChart points={POINTS} />);
    const [firstAr, lastAr] = dotsX();
    expect(firstAr).toBeGreaterThan(lastAr);
  });

  it('shows the day under the pointer', () => {
    renderWithProviders(<CompletionChart points={POINTS} />);
    const svg = screen.getByRole('img', { name: 'Completion rate over time' });
    fireEvent.pointerMove(svg, { clientX: 10_000 });
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('Mar 3Completion rate: 100%');
    fireEvent.pointerLeave(svg);
    expect(screen.queryByTestId('chart-tooltip')).not.toBeInTheDocument();
  });
});

describe('the completion chart with scores', () => {
  const SCORED = [
    point('2026-03-01', { completionRate: 50, ...scores(2, 80) }),
    point('2026-03-02', { total: 0, done: 0, missed: 0, completionRate: 0 }),
    point('2026-03-03', { completionRate: 100, ...scores(1, 40) }),
  ];

  it("draws the average score by day beside the rate, with a legend, and gives each day's score as text", () => {
    renderWithProviders(<CompletionChart points={SCORED} />);
    const chart = screen.getByTestId('completion-chart');
    expect(within(chart).getByRole('img', { name: 'Completion rate and average score over time' })).toBeInTheDocument();
    expect(within(chart).getByTestId('score-line')).toBeInTheDocument();
    expect(screen.getByTestId('completion-legend')).toHaveTextContent('Completion rateAverage score');
    const rows = within(chart)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Mar 150%Average score: 80%', 'Mar 2No dataAverage score: No data', 'Mar 3100%Average score: 40%']);
    // Two days with a rate and two with a score: a dot each.
    expect(dotsX()).toHaveLength(4);
    fireEvent.pointerMove(within(chart).getByRole('img'), { clientX: 10_000 });
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('Mar 3Completion rate: 100%Average score: 40%');
  });

  it('draws no score line and no legend where nothing was scored, and speaks Arabic where something was', async () => {
    const { unmount } = renderWithProviders(<CompletionChart points={POINTS} />);
    expect(screen.queryByTestId('score-line')).not.toBeInTheDocument();
    expect(screen.queryByTestId('completion-legend')).not.toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('ar');
    renderWithProviders(<CompletionChart points={SCORED} />);
    expect(screen.getByRole('img', { name: 'نسبة الإنجاز ومتوسط الدرجة عبر الوقت' })).toBeInTheDocument();
    expect(screen.getByTestId('completion-legend')).toHaveTextContent('نسبة الإنجازمتوسط الدرجة');
  });
});

describe('the load chart', () => {
  it('draws a bar a row, split into done, late, missed and open, and says each count', () => {
    renderWithProviders(
      <LoadChart
        kind="teams"
        items={[
          kpiItem(1, { nameEn: 'North site with a rather long name', done: 6, late: 1, missed: 2, pending: 1, inProgress: 0, total: 10 }),
          kpiItem(2, { nameEn: 'South', done: 3, missed: 0, pending: 0, inProgress: 0, total: 3 }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('load-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('North site with a rather long name: Done: 6, Late: 1, Missed: 2, Open: 1');
    expect(rows[0]).toHaveTextContent('North site with…');
    expect(rows[1]).toHaveTextContent('South: Done: 3, Late: 0, Missed: 0, Open: 0');
    // Bars are scaled to the axis's last tick (10): 6 done is 60% of the track; nothing drawn for 0.
    const segments = (row: HTMLElement) => [...row.querySelectorAll<HTMLElement>('[style*="width"]')].map((s) => s.style.width);
    expect(segments(rows[0])).toEqual(['60%', '10%', '20%', '10%']);
    expect(segments(rows[1])).toEqual(['30%']);
  });
});
