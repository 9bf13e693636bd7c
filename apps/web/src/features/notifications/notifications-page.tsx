// /notifications: everything the bell has said, newest first, all or only the unread ones
// (`?filter=unread`), older ones a page at a time ("Load more"), and "Mark all as read".
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconBellOff, IconChecks, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { Segments } from '../../components/segments.tsx';
import { useSearchParam } from '../../lib/url-state.ts';
import { useNotificationPagesQuery } from './api/get-notifications.ts';
import { useUnreadCountQuery } from './api/get-unread-count.ts';
import { NotificationList } from './components/notification-list.tsx';
import { useReadAll } from './components/use-read-all.ts';

type Filter = 'all' | 'unread';

export function NotificationsPage() {
  const { t } = useTranslation();
  const [rawFilter, setFilter] = useSearchParam('filter');
  const filter: Filter = rawFilter === 'unread' ? 'unread' : 'all';
  const query = useNotificationPagesQuery(filter === 'unread');
  // The bell keeps the count current; this page only reads it.
  const unread = useUnreadCountQuery(true).data ?? 0;
  const { readAll, pending } = useReadAll();

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        description={t('notifications.description')}
        actions={
          <Button variant="default" leftSection={<IconChecks size={16} />} onClick={readAll} loading={pending} disabled={unread === 0}>
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <Stack gap="md" maw={880}>
        <Segments<Filter>
          label={t('notifications.filter')}
          value={filter}
          onChange={(value) => setFilter(value === 'unread' ? 'unread' : null, false)}
          data={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unreadOnly') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <QueryGate
          query={query}
          fallbackKey="fetchNotificationsFailed"
          keepDataOnError
          isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
          empty={
            filter === 'unread' ? (
              <EmptyState withCard icon={<IconMailOpened size={28} />} title={t('notifications.noUnreadTitle')} description={t('notifications.noUnreadText')} />
            ) : (
              <EmptyState withCard icon={<IconBellOff size={28} />} title={t('notifications.emptyTitle')} description={t('notifications.emptyText')} />
            )
          }
        >
          {(data) => (
            <Stack gap="sm">
              <Paper withBorder radius="md" p="xs">
                <NotificationList
                  items={data.pages.flatMap((page) => page.items)}
                  label={t(filter === 'unread' ? 'notifications.unreadOnly' : 'notifications.all')}
                />
              </Paper>
              {/* Reading older ones failed: said here, and "Load more" tries again. */}
              {query.isFetchNextPageError ? <FormAlert error={query.error} fallbackKey="fetchNotificationsFailed" /> : null}
              {query.hasNextPage ? (
                <Group justify="center">
                  <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                    {t('notifications.loadMore')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          )}
        </QueryGate>
      </Stack>
    </>
  );
}
