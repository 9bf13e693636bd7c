// One report on a card: its title and controls, then loading skeletons, an error with retry,
// 'No data', or the report. Each card loads on its own, so one failure leaves the rest standing.
import type { ReactNode } from 'react';
import { Box, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state.tsx';
import { QueryGate } from '../query-gate.tsx';

interface ReportCardProps<T> {
  /** Id of the title, naming the card for assistive technology. */
  id: string;
  title: string;
  /** Controls beside the title (a best/worst toggle). */
  actions?: ReactNode;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  /** Key of the "messages" section shown when the call fails without a text of its own. */
  fallbackKey: string;
  emptyText?: string;
  emptyIcon?: ReactNode;
  /** What stands in while loading; a few bars by default. */
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

export function SkeletonRows({ rows = 4, height = 36 }: { rows?: number; height?: number }) {
  return (
    <Stack gap="sm">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} h={height} radius="sm" />
      ))}
    </Stack>
  );
}

export function ReportCard<T>({ id, title, actions, query, isEmpty, fallbackKey, emptyText, emptyIcon, skeleton, children }: ReportCardProps<T>) {
  const { t } = useTranslation();

  const body = (
    <QueryGate
      query={query}
      fallbackKey={fallbackKey}
      withCard={false}
      keepDataOnError
      loading={
        <Box role="status" aria-label={t('app.loading')} aria-busy>
          {skeleton ?? <SkeletonRows />}
        </Box>
      }
      isEmpty={isEmpty}
      empty={<EmptyState icon={emptyIcon ?? <IconChartBar size={26} />} title={t('performance.noData')} description={emptyText} />}
    >
      {(data) => (
        // The rows of the previous filter stay, dimmed, until the new ones arrive.
        <Box style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }} aria-busy={query.isPlaceholderData}>
          {children(data)}
        </Box>
      )}
    </QueryGate>
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" align="center" mb="md" gap="sm" wrap="wrap">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {body}
    </Card>
  );
}
