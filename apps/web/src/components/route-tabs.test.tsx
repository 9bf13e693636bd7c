import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { RouteTabs, selectedTab, type RouteTab } from './route-tabs.tsx';

const tabs: RouteTab[] = [
  { value: 'performance', label: 'Performance', panel: <p>performance panel</p> },
  { value: 'members', label: 'Members', panel: <p>members panel</p> },
  { value: 'tags', label: 'Tags', disabledNote: 'Coming later' },
  { value: 'transfer', label: 'Transfer', hidden: true, panel: <p>transfer panel</p> },
];

describe('route tabs', () => {
  it('selects the tab in the address when it can be used, else the first', () => {
    expect(selectedTab(tabs, 'members')).toBe('members');
    expect(selectedTab(tabs, 'tags')).toBe('performance');
    expect(selectedTab(tabs, 'transfer')).toBe('performance');
    expect(selectedTab(tabs, null)).toBe('performance');
  });

  it('brings the selected tab into view when the tab list scrolls sideways', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    try {
      renderWithProviders(<RouteTabs label="Sections" tabs={tabs} />, { route: '/sites/4?tab=members' });
      expect(scrolled).toEqual(['Members']);
      await userEvent.click(screen.getByRole('tab', { name: 'Performance' }));
      expect(scrolled).toEqual(['Members', 'Performance']);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('keeps the chosen tab in ?tab= and drops the other tab state', async () => {
    const { router } = renderWithProviders(<RouteTabs label="Sections" tabs={tabs} />, { route: '/sites/4?page=3' });
    expect(screen.getByText('performance panel')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Transfer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Tags/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));
    expect(router.state.location.search).toBe('?tab=members');
    expect(screen.getByText('members panel')).toBeInTheDocument();
    expect(screen.queryByText('performance panel')).not.toBeInTheDocument();
  });
});
