import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RunnerAction } from './answers.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TaskRunner } from './task-runner.tsx';

const action = (id: number, type: RunnerAction['type'], nameEn: string, extra: Partial<RunnerAction> = {}): RunnerAction => ({
  id, type, nameEn, nameAr: null, descriptionEn: null, descriptionAr: null, options: [], required: true, criteria: null, ...extra,
});

const actions: RunnerAction[] = [
  action(1, 'SINGLE_CHOICE', 'Shift', { options: [{ labelEn: 'Morning', labelAr: 'صباحية' }, { labelEn: 'Night', labelAr: 'ليلية' }] }),
  action(2, 'TEXT', 'Night handover', { criteria: { condition: { baseActionId: 1, answer: '1' }, visibility: 'DISPLAY' } }),
  action(3, 'RATING', 'Cleanliness', { criteria: { condition: { baseActionId: 1, answer: '0' }, visibility: 'DIM' } }),
  action(4, 'CHECK', 'Lights off', { required: false }),
];

describe('task runner', () => {
  it('shows, dims and counts actions as the chain rules say while answering', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TaskRunner actions={actions} />);

    // Before an answer the DISPLAY-ruled action waits hidden; the DIM-ruled one is shown as usual.
    expect(screen.queryByRole('region', { name: 'Night handover' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 2 required answered');

    await user.click(screen.getByRole('radio', { name: 'Night' }));
    const handover = await screen.findByRole('region', { name: 'Night handover' });
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 required answered');
    await user.type(within(handover).getByRole('textbox', { name: 'Night handover' }), 'All quiet');
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 required answered');

    // Morning hides the handover again and dims the rating, which is then optional.
    await user.click(screen.getByRole('radio', { name: 'Morning' }));
    expect(screen.queryByRole('region', { name: 'Night handover' })).not.toBeInTheDocument();
    const rating = screen.getByRole('region', { name: 'Cleanliness' });
    expect(rating).toHaveAttribute('data-visibility', 'DIM');
    expect(within(rating).getByText('Optional')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 1 required answered');
  });

  it('offers a notes field on every action and a fallback when voice cannot be recorded', () => {
    renderWithProviders(<TaskRunner actions={[action(9, 'VOICE', 'Describe the noise'), action(10, 'NUMBER', 'Meter reading')]} />);
    expect(screen.getByRole('textbox', { name: 'Notes on Describe the noise' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes on Meter reading' })).toBeInTheDocument();
    // jsdom has no MediaRecorder.
    expect(screen.getByText(/Voice recording is not available in this browser/)).toBeInTheDocument();
  });
});
