// An instruction in the report of an inspection: its text, and its picture as the version had it,
// named by the instruction and opening the full file; none without one.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { ACTIONS } from '../test/fixtures.ts';
import { ReportItemView } from './report-item.tsx';

describe('an instruction in the report', () => {
  it('shows its text and its picture, which opens the full file', () => {
    const image = '/api/shared/inspections/token/files/0123456789abcdef0123456789abcdef.jpg';
    renderWithProviders(<ReportItemView item={{ action: { ...ACTIONS.gloves, image }, answer: null }} />);
    const item = screen.getByRole('region', { name: 'Wear gloves' });
    expect(within(item).getByText('Put on gloves before you start.')).toBeInTheDocument();
    const picture = within(item).getByRole('img', { name: 'Wear gloves' });
    expect(picture).toHaveAttribute('src', image);
    expect(picture.closest('a')).toHaveAttribute('href', image);
  });

  it('shows no picture when the instruction had none', () => {
    renderWithProviders(<ReportItemView item={{ action: ACTIONS.gloves, answer: null }} />);
    expect(within(screen.getByRole('region', { name: 'Wear gloves' })).queryByRole('img')).not.toBeInTheDocument();
  });
});
