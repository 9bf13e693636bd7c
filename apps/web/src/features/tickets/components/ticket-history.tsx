// The ticket's history as a timeline, newest first: each entry worded in the reader's language,
// with who and when.
import { useMemo } from 'react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCategory,
  IconFlag,
  IconHistoryOff,
  IconSparkles,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketHistoryField } from '@fieldops/shared/enums';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates.ts';
import { useTicketCategoriesQuery } from '../../../lib/helpdesk/get-ticket-categories.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useTicketHistoryQuery } from '../api/get-ticket-history.ts';
import { useUsersByIdsQuery } from '../api/get-users-by-ids.ts';
import { historyText, mentionedUserIds } from './history-text.ts';

const ICONS: Record<TicketHistoryField, typeof IconFlag> = {
  CREATED: IconSparkles,
  STATUS: IconArrowsExchange,
  ASSIGNEE: IconUserCheck,
  PRIORITY: IconFlag,
  CATEGORY: IconCategory,
};

export function TicketHistory({ ticketId }: { ticketId: number }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const query = useTicketHistoryQuery(ticketId);
  const categories = useTicketCategoriesQuery();
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const userIds = useMemo(() => mentionedUserIds(entries), [entries]);
  const users = useUsersByIdsQuery(userIds);

  const names = useMemo(
    () => ({
      user: (id: number) => {
        const user = users.data?.find((candidate) => candidate.id === id);
        return user ? user.fullName || user.username : undefined;
      },
      category: (id: number) => {
        const category = categories.data?.find((candidate) => candidate.id === id);
        return category ? localizedName(category, language) : undefined;
      },
    }),
    [users.data, categories.data, language],
  );

  let content;
  if (query.isPending || (userIds.length > 0 && users.isPending)) {
    content = <LoadingState minHeight={120} />;
  } else if (query.isError) {
    content = <ErrorState error={query.error} fallbackKey="fetchTicketHistoryFailed" onRetry={() => void query.refetch()} />;
  } else if (entries.length === 0) {
    content = (
      <Group gap="xs" c="dimmed" py="sm">
        <IconHistoryOff size={18} aria-hidden />
        <Text size="sm">{t('tickets.history.empty')}</Text>
      </Group>
    );
  } else {
    content = (
      <Stack gap="md">
        <Timeline bulletSize={28} lineWidth={2} active={entries.length}>
          {entries.map((entry) => {
            const Icon = ICONS[entry.field];
            return (
              <Timeline.Item
                key={entry.id}
                bullet={
                  <ThemeIcon size={28} radius="xl" variant="light">
                    <Icon size={16} />
                  </ThemeIcon>
                }
              >
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-history-field={entry.field}>
                  {historyText(entry, t, names)}
                </Text>
                <Text size="xs" c="dimmed" mt={2} title={formatDateTime(entry.createdDate, language)}>
                  {formatRelativeTime(entry.createdDate, language)} · {formatDateTime(entry.createdDate, language)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
        {query.hasNextPage ? (
          <Button variant="subtle" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} style={{ alignSelf: 'center' }}>
            {t('tickets.loadMore')}
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('tickets.history.title')}
        </Title>
        {content}
      </Stack>
    </Card>
  );
}
