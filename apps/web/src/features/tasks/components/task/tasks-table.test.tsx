// The tasks' table shows each task's average score over the last 30 days beside its completion
// rate, a dash where a task has none, and no score column at all where no task has one.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeTask } from '../../test-fixtures.ts';
import { TasksTable } from './tasks-table.tsx';

const columnOf = (name: string) => screen.queryByRole('columnheader', { name });

describe('tasks table scores', () => {
  it('show each task its average score over 30 days, a dash for one with none', async () => {
    renderWithProviders(<TasksTable tasks={[makeTask({ id: 1, averageScore: 87.5 }), makeTask({ id: 2, averageScore: null })]} />);
    expect(await screen.findByRole('columnheader', { name: 'Average score (30 days)' })).toBeInTheDocument();
    expect(screen.getAllByTestId('average-score').map((cell) => cell.textContent)).toEqual(['87.5%', '—']);
  });
  it('are left out for a business that scores nothing', async () => {
    renderWithProviders(<TasksTable tasks={[makeTask({ id: 1 }), makeTask({ id: 2 })]} />);
    await screen.findAllByRole('row');
    expect(columnOf('Average score (30 days)')).not.toBeInTheDocument();
    expect(screen.queryByTestId('average-score')).not.toBeInTheDocument();
  });
});
