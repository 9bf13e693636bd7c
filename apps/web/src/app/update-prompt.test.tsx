import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../lib/i18n/i18n.ts';
import { announceUpdate, dismissUpdate } from '../lib/pwa/app-update.ts';
import { renderWithProviders } from '../test/render.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

afterEach(async () => {
  act(() => dismissUpdate());
  await i18n.changeLanguage('en');
});

describe('the new-version prompt', () => {
  it('stays away until a new version waits, then reloads into it', async () => {
    const apply = vi.fn(async () => {});
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => announceUpdate(apply));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of FieldOps is ready.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('goes away with Later, keeping the version in use', async () => {
    const apply = vi.fn(async () => {});
    renderWithProviders(<UpdatePrompt />);
    act(() => announceUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });

  it('speaks Arabic in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderWithProviders(<UpdatePrompt />);
    act(() => announceUpdate(async () => {}));
    expect(screen.getByRole('status')).toHaveTextContent('إصدار جديد من FieldOps جاهز.');
    expect(screen.getByRole('button', { name: 'إعادة التحميل' })).toBeInTheDocument();
  });
});
