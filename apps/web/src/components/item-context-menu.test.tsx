import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { ItemContextMenu } from './item-context-menu.tsx';

describe('ItemContextMenu', () => {
  it('offers only the actions it was given', async () => {
    const onDelete = vi.fn();
    renderWithProviders(<ItemContextMenu label="More actions for North" onDelete={onDelete} />);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for North' }));

    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Open in new tab' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('lists Duplicate as unavailable with the reason when the item cannot be copied', async () => {
    renderWithProviders(<ItemContextMenu label="More actions for Sara" onEdit={vi.fn()} duplicateUnavailable="A person cannot be copied." />);
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Sara' }));
    const duplicate = await screen.findByRole('menuitem', { name: /Duplicate/ });
    expect(duplicate).toBeDisabled();
    expect(duplicate).toHaveTextContent('A person cannot be copied.');
  });

  it('opens the item in a new tab and copies its full link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithProviders(<ItemContextMenu href="/sites/4" onEdit={vi.fn()} onDuplicate={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const open = await screen.findByRole('menuitem', { name: 'Open in new tab' });
    expect(open).toHaveAttribute('href', '/sites/4');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Duplicate' })).toBeInTheDocument();

    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/sites/4`);
  });

  it('renders nothing without any action', () => {
    renderWithProviders(<ItemContextMenu />);
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
  });
});
