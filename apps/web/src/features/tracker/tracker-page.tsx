// /tracker: My Tasks (the caller's own schedules) or All Tasks (everything they may see), by
// status tab with counters: All, Done, Missed, In Progress and Pending list started schedules
// within the period (days of the business's time zone), Next the upcoming ones, Draft the tasks
// without a plan. Scope, tab, period and page live in the address.
import { Group, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useBusinessTime } from '../../lib/business-time.ts';
import { formatPercent } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useOnline } from '../../lib/network-status.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useDraftTasksQuery } from './api/get-draft-tasks.ts';
import { useScheduleKpisQuery } from './api/get-schedule-kpis.ts';
import { CopySavedLine, OfflineTracker } from './components/offline-tracker.tsx';
import { OutboxPanel } from './components/outbox-panel.tsx';
import { PushPrompt } from './components/push-prompt.tsx';
import { CoverRequestsPanel } from './pool/cover-requests-panel.tsx';
import { OpenPool } from './pool/open-pool.tsx';
import { DraftTab, ScheduleTab } from './components/tracker-lists.tsx';
import { HolidayNote } from './components/holiday-note.tsx';
import { TrackerTabs } from './components/tracker-tabs.tsx';
import { PERIODS, holidayRange, isDueTab, listParams, periodRange, useTrackerView, type Period } from './components/tracker-view.ts';

export function TrackerPage() {
  const { t, i18n } = useTranslation();
  const { account } = useSession();
  const view = useTrackerView();
  const time = useBusinessTime();
  const today = time.today();
  const users = view.scope === 'mine' ? [account.id] : undefined;

  const due = useScheduleKpisQuery({ timing: 'DUE', ...periodRange(view.period, today), users });
  const next = useScheduleKpisQuery({ timing: 'NEXT', users });
  // Page 0 of the Draft tab: its total is the counter, and the tab reuses it when opened.
  const drafts = useDraftTasksQuery(0, view.scope === 'all');
  // Without a network, the member's own schedules come from the copy on the device.
  const online = useOnline();
  const unreachable = due.error instanceof ApiError && due.error.status === 0 && !due.data;
  const offline = !online || unreachable;

  // Notifications on this device are offered once there is a schedule to hear about.
  const hasSchedules = (due.data?.total ?? 0) + (next.data?.total ?? 0) > 0;

  const counts = {
    all: due.data?.total,
    done: due.data?.done,
    late: due.data?.late,
    missed: due.data?.missed,
    inProgress: due.data?.inProgress,
    pending: due.data?.pending,
    next: next.data?.total,
    draft: view.scope === 'all' ? drafts.data?.total : undefined,
  };

  return (
    <>
      <PageHeader
        title={t('nav.tracker')}
        description={t('tracker.description')}
        actions={
          // Offline there is only the member's own copy to show.
          view.canSeeAll && !offline ? (
            <SegmentedControl
              aria-label={t('tracker.scope.label')}
              value={view.scope}
              onChange={(value) => view.setScope(value === 'all' ? 'all' : 'mine')}
              data={[
                { value: 'mine', label: t('tracker.scope.mine') },
                { value: 'all', label: t('tracker.scope.all') },
              ]}
            />
          ) : undefined
        }
      />
      <OutboxPanel />
      {hasSchedules && !offline ? <PushPrompt /> : null}
      {offline ? (
        <OfflineTracker />
      ) : (
        <>
          {/* Pooled work anyone of the member's sites may take, and colleagues' requests for cover. */}
          <OpenPool />
          <CoverRequestsPanel />
          <TrackerTabs tab={view.tab} onChange={view.setTab} counts={counts} withDraft={view.scope === 'all'}>
            {isDueTab(view.tab) ? (
              <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
                <SegmentedControl
                  aria-label={t('tracker.period.label')}
                  value={view.period}
                  onChange={(value) => view.setPeriod(value as Period)}
                  data={PERIODS.map((value) => ({ value, label: t(`tracker.period.${value}`) }))}
                  style={{ maxWidth: '100%' }}
                />
                {due.data && due.data.total > 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('tracker.completionRate', { value: formatPercent(due.data.completionRate, currentLanguage(i18n)) })}
                  </Text>
                ) : null}
              </Group>
            ) : null}
            {view.tab === 'draft' ? null : <HolidayNote {...holidayRange(view.tab, view.period, today)} />}
            {view.tab === 'draft' ? (
              <DraftTab page={view.page} onPage={view.setPage} />
            ) : (
              <ScheduleTab scope={view.scope} tab={view.tab} params={listParams(view.tab, view.period, today, view.page)} onPage={view.setPage} />
            )}
          </TrackerTabs>
          <CopySavedLine />
        </>
      )}
    </>
  );
}
