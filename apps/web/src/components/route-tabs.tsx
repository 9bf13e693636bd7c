// Tabs of a detail page kept in the address as `?tab=`, so a link opens the same tab. Only the
// active panel is mounted, so a tab loads its data when it is opened.
import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';

export interface RouteTab {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Shown but not selectable, with a short reason next to the label. */
  disabledNote?: string;
  hidden?: boolean;
  panel?: ReactNode;
}

interface RouteTabsProps {
  tabs: RouteTab[];
  /** Accessible name of the tab list. */
  label: string;
}

export const TAB_PARAM = 'tab';

/** The selected tab: the one in the address when it exists and is selectable, else the first. */
export function selectedTab(tabs: readonly RouteTab[], requested: string | null): string | undefined {
  const usable = tabs.filter((tab) => !tab.hidden && !tab.disabledNote);
  return (usable.find((tab) => tab.value === requested) ?? usable[0])?.value;
}

export function RouteTabs({ tabs, label }: RouteTabsProps) {
  const [params, setParams] = useSearchParams();
  const visible = tabs.filter((tab) => !tab.hidden);
  const active = selectedTab(visible, params.get(TAB_PARAM));
  const list = useRef<HTMLDivElement>(null);

  // On a narrow screen the tab list scrolls sideways: the selected tab is brought into view
  // (a link to a later tab, or going back), never left off the edge.
  useEffect(() => {
    const tab = list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const select = (value: string | null) => {
    if (!value || value === active) return;
    setParams(
      (current) => {
        // Paging and per-tab choices belong to the tab that set them.
        const next = new URLSearchParams();
        for (const [key, val] of current) if (key === 'new') next.set(key, val);
        next.set(TAB_PARAM, value);
        return next;
      },
      { replace: false },
    );
  };

  return (
    <Tabs value={active ?? null} onChange={select} keepMounted={false}>
      <Tabs.List ref={list} aria-label={label} mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {visible.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            leftSection={tab.icon}
            disabled={Boolean(tab.disabledNote)}
            rightSection={
              tab.disabledNote ? (
                <Badge size="xs" variant="light" color="gray">
                  {tab.disabledNote}
                </Badge>
              ) : undefined
            }
            style={{ flexShrink: 0 }}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {visible.map((tab) =>
        tab.panel && !tab.disabledNote ? (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.panel}
          </Tabs.Panel>
        ) : null,
      )}
    </Tabs>
  );
}
