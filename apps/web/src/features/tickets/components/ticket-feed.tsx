// A card of a ticket's entries read in pages, newest first, with "load more" and a quiet line
// when there are none: the comments and the history are both drawn by it.
import type { ReactNode } from 'react';
import { Button, Card, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryGate, type GatedQuery } from '../../../components/query-gate.tsx';
import type { ListResult } from '../../../lib/api-client.ts';

interface FeedQuery<T> extends GatedQuery<InfiniteData<ListResult<T>, unknown>> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface TicketFeedProps<T> {
  title: ReactNode;
  query: FeedQuery<T>;
  fallbackKey: string;
  empty: ReactNode;
  /** Something else the entries are worded with is still loading. */
  waiting?: boolean;
  /** Above the entries (the box for a new comment). */
  top?: ReactNode;
  gap: MantineSpacing;
  children: (entries: T[]) => ReactNode;
  /** Inside the card, after it (a dialog). */
  after?: ReactNode;
}

export function TicketFeed<T>({ title, query, fallbackKey, empty, waiting, top, gap, children, after }: TicketFeedProps<T>) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {top}
        <QueryGate
          query={query}
          fallbackKey={fallbackKey}
          withCard={false}
          waiting={waiting}
          loaderHeight={120}
          isEmpty={(data) => data.pages.every((page) => page.data.length === 0)}
          empty={empty}
        >
          {(data) => (
            <Stack gap={gap}>
              {children(data.pages.flatMap((page) => page.data))}
              {query.hasNextPage ? (
                <Button variant="subtle" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} style={{ alignSelf: 'center' }}>
                  {t('tickets.loadMore')}
                </Button>
              ) : null}
            </Stack>
          )}
        </QueryGate>
      </Stack>
      {after}
    </Card>
  );
}
