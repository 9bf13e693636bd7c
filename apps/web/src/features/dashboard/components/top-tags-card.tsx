// Top tags: the tags whose actions were answered most in the range, with a bar relative to the
// first one.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReportCard, SkeletonRows } from '../../../components/performance/report-card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useTagsKpiQuery } from '../../../lib/reports/get-tags-kpi.ts';
import type { ReportFilter } from '../../../lib/reports/report-filter.ts';
import { DASHBOARD_TAGS_SIZE } from '@fieldops/shared/report-limits';

export const TOP_TAGS = DASHBOARD_TAGS_SIZE;

/** `enabled` false while the tags are on their way another way (the dashboard's one call). */
export function TopTagsCard({ filter, enabled = true }: { filter: ReportFilter; enabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const query = useTagsKpiQuery(filter, TOP_TAGS, enabled);
  return (
    <ReportCard
      id="dashboard-top-tags"
      title={t('dashboard.topTags.title')}
      query={query}
      isEmpty={(data) => data.data.length === 0}
      fallbackKey="fetchTopTagsFailed"
      emptyText={t('dashboard.topTags.empty')}
      emptyIcon={<IconTags size={26} />}
      skeleton={<SkeletonRows rows={3} />}
    >
      {({ data }) => {
        const most = Math.max(1, ...data.map((tag) => tag.answers));
        return (
          <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.map((tag) => (
              <li key={tag.id} data-testid="tag-row">
                <Group justify="space-between" gap="sm" wrap="nowrap">
                  <Text fw={600} size="sm" truncate="end">
                    {localizedName(tag, language)}
                  </Text>
                  <Text size="sm" style={{ flexShrink: 0 }}>
                    {t('dashboard.topTags.answers', { value: formatNumber(tag.answers, language) })}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('dashboard.topTags.actions', { value: formatNumber(tag.actions, language) })}
                </Text>
                <Progress mt={4} size="sm" color="grape" value={(tag.answers / most) * 100} aria-hidden />
              </li>
            ))}
          </Stack>
        );
      }}
    </ReportCard>
  );
}
