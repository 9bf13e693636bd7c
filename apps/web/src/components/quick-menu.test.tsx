import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { QuickMenu, QuickMenuDivider, QuickMenuGroup, QuickMenuItem } from './quick-menu.tsx';

function Menu({ onPick = vi.fn(), drawn = vi.fn() }: { onPick?: (name: string) => void; drawn?: () => void }) {
  return (
    <>
      <QuickMenu label="More actions for North" icon={<span>…</span>}>
        {() => {
          drawn();
          return (
            <>
              <QuickMenuGroup label="Move to">
                <QuickMenuItem disabled onClick={() => onPick('New')}>
                  New
                </QuickMenuItem>
                <QuickMenuItem onClick={() => onPick('Open')}>Open</QuickMenuItem>
                <QuickMenuItem autoFocus onClick={() => onPick('Held')}>
                  Held
                </QuickMenuItem>
              </QuickMenuGroup>
              <QuickMenuDivider />
              <QuickMenuItem href="/tickets/1" target="_blank">
                Open in new tab
              </QuickMenuItem>
            </>
          );
        }}
      </QuickMenu>
      <button type="button">Elsewhere</button>
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'More actions for North' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('QuickMenu', () => {
  it('makes its items only when opened, focuses the marked one and walks the enabled ones with the keys', async () => {
    const drawn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Menu drawn={drawn} />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(drawn).not.toHaveBeenCalled();
    expect(button()).toHaveAttribute('aria-expanded', 'false');

    button().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'More actions for North' })).toBeInTheDocument();
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls', screen.getByRole('menu').id);
    expect(item('Held')).toHaveFocus();
    expect(item('New')).toBeDisabled();

    await user.keyboard('{ArrowDown}');
    expect(item('Open in new tab')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    // Round to the first enabled item, past the disabled one.
    expect(item('Open')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Open in new tab')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Open')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Open in new tab')).toHaveFocus();
    expect(item('Open in new tab')).toHaveAttribute('href', '/tickets/1');
    expect(item('Open in new tab')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('names the items under a title as a group by that title', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Menu />);
    await user.click(button());
    const group = within(screen.getByRole('menu')).getByRole('group', { name: 'Move to' });
    expect(
      within(group)
        .getAllByRole('menuitem')
        .map((element) => element.textContent),
    ).toEqual(['New', 'Open', 'Held']);
    expect(within(group).queryByRole('menuitem', { name: 'Open in new tab' })).not.toBeInTheDocument();
  });

  it('without popovers, draws the open menu at the end of the page, outside the card that holds its button', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <div data-testid="card" style={{ transform: 'translateY(40px)', overflow: 'hidden' }}>
        <Menu />
      </div>,
    );
    await user.click(button());
    const menu = screen.getByRole('menu', { name: 'More actions for North' });
    expect(menu.parentElement).toBe(document.body);
    expect(screen.getByTestId('card')).not.toContainElement(menu);
    // Still its button's menu: the keys walk it, a choice closes it and the focus goes back.
    expect(item('Held')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Open in new tab')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });

  it('closes on Escape and on Tab, giving the focus back to its button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Menu />);
    for (const key of ['{Escape}', '{Tab}']) {
      await user.click(button());
      expect(item('Held')).toHaveFocus();
      await user.keyboard(key);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(button()).toHaveFocus();
      expect(button()).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('runs a chosen item after closing, with the focus on its button', async () => {
    const onPick = vi.fn(() => expect(button()).toHaveFocus());
    const user = userEvent.setup();
    renderWithProviders(<Menu onPick={onPick} />);
    await user.click(button());
    await user.click(item('Open'));
    expect(onPick).toHaveBeenCalledExactlyOnceWith('Open');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // A disabled item does nothing.
    await user.click(button());
    await userEvent.setup({ pointerEventsCheck: 0 }).click(item('New'));
    expect(onPick).toHaveBeenCalledOnce();
  });

  it('closes on a tap outside, and a second tap on its button closes it rather than opening it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Menu />);
    await user.click(button());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();

    await user.click(button());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(button());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
