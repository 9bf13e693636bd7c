// The body of each tracker tab: the schedules of My Tasks or All Tasks, or the draft tasks,
// with loading, error-with-retry, empty and past-the-end states and paging 20 at a time.
import type { ReactNode } from 'react';
import { Button, Card } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import type { ListResult } from '../../../lib/api-client.ts';
import { useDraftTasksQuery } from '../api/get-draft-tasks.ts';
import { useSchedulesQuery } from '../api/get-schedules.ts';
import { useUserSchedulesQuery } from '../api/get-user-schedules.ts';
import type { ScheduleListParams } from '../api/schedule-list-params.ts';
import { DraftTaskList } from './draft-task-list.tsx';
import { ScheduleList } from './schedule-list.tsx';
import { TrackerEmpty } from './tracker-empty.tsx';
import type { Scope, TrackerTab } from './tracker-view.ts';

interface PagedListProps<T> {
  query: UseQueryResult<ListResult<T>>;
  tab: TrackerTab;
  page: number;
  onPage: (page: number) => void;
  fallbackKey: string;
  children: (items: T[]) => ReactNode;
}

function PagedList<T>({ query, tab, page, onPage, fallbackKey, children }: PagedListProps<T>) {
  const { t } = useTranslation();
  return (
    <QueryGate
      query={query}
      fallbackKey={fallbackKey}
      isEmpty={(rows) => rows.total === 0 || rows.data.length === 0}
      empty={
        query.data?.total === 0 ? (
          <TrackerEmpty tab={tab} />
        ) : (
          // A page past the end (an old link, or rows that moved to another tab) goes back to the first.
          <EmptyState
            withCard
            icon={<IconChecklist size={28} />}
            title={t('tracker.pastEnd')}
            action={
              <Button variant="light" onClick={() => onPage(0)}>
                {t('tracker.firstPage')}
              </Button>
            }
          />
        )
      }
    >
      {(rows) => (
        <Card withBorder radius="md" padding="sm" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          {children(rows.data)}
          <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={rows.total} onChange={onPage} />
        </Card>
      )}
    </QueryGate>
  );
}

interface ScheduleTabProps {
  scope: Scope;
  tab: TrackerTab;
  params: ScheduleListParams;
  onPage: (page: number) => void;
}

export function ScheduleTab({ scope, tab, params, onPage }: ScheduleTabProps) {
  // Both hooks run so the order of hooks never changes; only the scope's own one fetches.
  const mine = useUserSchedulesQuery(params, scope === 'mine');
  const all = useSchedulesQuery(params, scope === 'all');
  return (
    <PagedList query={scope === 'mine' ? mine : all} tab={tab} page={params.page} onPage={onPage} fallbackKey="fetchSchedulesFailed">
      {(schedules) => <ScheduleList schedules={schedules} showMember={scope === 'all'} />}
    </PagedList>
  );
}

export function DraftTab({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useDraftTasksQuery(page);
  return (
    <PagedList query={query} tab="draft" page={page} onPage={onPage} fallbackKey="fetchTasksFailed">
      {(tasks) => <DraftTaskList tasks={tasks} />}
    </PagedList>
  );
}
