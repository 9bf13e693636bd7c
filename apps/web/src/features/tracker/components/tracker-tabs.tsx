// The status tabs of the tracker with their counters (from the schedule KPIs; Draft from the
// draft tasks' total). Only the selected tab's panel is mounted.
import type { ReactNode } from 'react';
import { Badge, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { TRACKER_TABS, type TrackerTab } from './tracker-view.ts';

interface TrackerTabsProps {
  tab: TrackerTab;
  onChange: (tab: TrackerTab) => void;
  counts: Partial<Record<TrackerTab, number>>;
  /** Draft is offered in All Tasks only. */
  withDraft: boolean;
  children: ReactNode;
}

export function TrackerTabs({ tab, onChange, counts, withDraft, children }: TrackerTabsProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const tabs = TRACKER_TABS.filter((value) => value !== 'draft' || withDraft);
  return (
    <Tabs value={tab} onChange={(value) => value && onChange(value as TrackerTab)} keepMounted={false}>
      <Tabs.List aria-label={t('tracker.tabs.label')} mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {tabs.map((value) => {
          const count = counts[value];
          return (
            <Tabs.Tab
              key={value}
              value={value}
              style={{ flexShrink: 0 }}
              rightSection={
                count === undefined ? undefined : (
                  <Badge
                    size="sm"
                    variant={value === tab ? 'filled' : 'light'}
                    color="gray"
                    aria-label={t('tracker.tabs.count', { value: formatNumber(count, language) })}
                  >
                    {formatNumber(count, language)}
                  </Badge>
                )
              }
            >
              {t(`tracker.tabs.${value}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Tabs.Panel value={tab}>{children}</Tabs.Panel>
    </Tabs>
  );
}
