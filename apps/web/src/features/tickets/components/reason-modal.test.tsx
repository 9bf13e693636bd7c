import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReasonModal } from './reason-modal.tsx';

// The form's file cannot be fetched, as when the app was updated under an open page.
vi.mock('./reason-form.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/reason-form-1.js');
});

describe('reason dialog', () => {
  it('says so inside the dialog when its form fails to arrive, and the page stays', async () => {
    renderWithProviders(
      <>
        <p>The board</p>
        <ReasonModal move={{ title: 'Broken door', from: 'NEW', to: 'IN_PROGRESS' }} onConfirm={() => undefined} onClose={() => undefined} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Provide Reason' });
    expect(await within(dialog).findByText('Sorry! Something went wrong')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('The board')).toBeInTheDocument();
  });
});
