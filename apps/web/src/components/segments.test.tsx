import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Segments } from './segments.tsx';

const DATA = [
  { value: 'best', label: 'Best' },
  { value: 'worst', label: 'Worst' },
  { value: 'all', label: 'All' },
] as const;

function Choice() {
  const [value, setValue] = useState<(typeof DATA)[number]['value']>('best');
  return (
    <>
      <Segments label="Order" value={value} onChange={setValue} data={DATA} />
      <output>{value}</output>
    </>
  );
}

describe('segments', () => {
  it('is a named radio group whose checked radio is the value', () => {
    render(<Choice />);
    const group = screen.getByRole('radiogroup', { name: 'Order' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Best' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Worst' })).not.toBeChecked();
    expect(screen.getByText('Best').closest('label')).toHaveAttribute('data-checked');
    expect(screen.getByText('Worst').closest('label')).not.toHaveAttribute('data-checked');
  });

  it('changes by a click on a segment and by the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Choice />);
    await user.click(screen.getByText('Worst'));
    expect(screen.getByRole('status')).toHaveTextContent('worst');
    expect(screen.getByRole('radio', { name: 'Worst' })).toBeChecked();
    expect(screen.getByText('Worst').closest('label')).toHaveAttribute('data-checked');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('all');
    expect(screen.getByRole('radio', { name: 'All' })).toHaveFocus();
  });

  it('keeps two groups on one page apart', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Choice />
        <Choice />
      </>,
    );
    await user.click(screen.getAllByText('Worst')[0]!);
    const checked = screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked);
    expect(checked.map((radio) => radio.getAttribute('value'))).toEqual(['worst', 'best']);
  });
});
