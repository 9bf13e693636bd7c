// The ticket's history as a timeline, newest first: each entry worded in the reader's language,
// with who and when.
import { useMemo } from 'react';
import { Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconArrowsExchange, IconCategory, IconFlag, IconHistoryOff, IconSparkles, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketHistoryField } from '@fieldops/shared/enums';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates.ts';
import { useTicketCategoriesQuery } from '../../../lib/helpdesk/get-ticket-categories.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useTicketHistoryQuery } from '../api/get-ticket-history.ts';
import { useUsersByIdsQuery } from '../api/get-users-by-ids.ts';
import { EmptyLine } from './empty-line.tsx';
import { historyText, mentionedUserIds } from './history-text.ts';
import { TicketFeed } from './ticket-feed.tsx';

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

  return (
    <TicketFeed
      title={t('tickets.history.title')}
      query={query}
      fallbackKey="fetchTicketHistoryFailed"
      empty={<EmptyLine icon={<IconHistoryOff size={18} aria-hidden />} text={t('tickets.history.empty')} />}
      waiting={userIds.length > 0 && users.isPending}
      gap="md"
    >
      {(loaded) => (
        <Timeline bulletSize={28} lineWidth={2} active={loaded.length}>
          {loaded.map((entry) => {
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
      )}
    </TicketFeed>
  );
}
