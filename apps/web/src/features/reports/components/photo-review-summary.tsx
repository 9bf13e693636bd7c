// The reports' photo review counts for the filtered answers (owners, admins, supervisors): photos
// sampled, flagged (a near duplicate, a time that does not match), found fine, found suspicious and
// waiting; the verdicts and the waiting link to that tab of the review queue.
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PhotoReviewCounts } from '@fieldops/shared/evidence';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { usePhotoReviewCountsFor } from '../api/get-photo-review-counts.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

const ITEMS: { key: keyof PhotoReviewCounts; state: string | null }[] = [
  { key: 'sampled', state: null },
  { key: 'flagged', state: null },
  { key: 'fine', state: 'FINE' },
  { key: 'suspicious', state: 'SUSPICIOUS' },
  { key: 'pending', state: 'PENDING' },
];

export function PhotoReviewSummary({ filters }: { filters: SubmissionFilters }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { managesAnySite } = useAccess();
  const query = usePhotoReviewCountsFor(filters, managesAnySite);
  if (!managesAnySite || !query.data) return null;
  const counts = query.data;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="photo-review-summary">
      <Stack gap={6}>
        <Group gap={6}>
          <IconPhotoCheck size={18} aria-hidden />
          <Text fw={600} size="sm" id="photo-review-summary-title">
            {t('reports.photos.title')}
          </Text>
        </Group>
        <Group gap="lg" wrap="wrap" role="list" aria-labelledby="photo-review-summary-title">
          {ITEMS.map(({ key, state }) => {
            const text = t(`reports.photos.${key}`, { count: formatNumber(counts[key], language) });
            const to = state === 'PENDING' ? paths.photoReviews : `${paths.photoReviews}?state=${state}`;
            return (
              <Text key={key} size="sm" role="listitem">
                {state ? (
                  <Anchor component={Link} to={to} size="sm">
                    {text}
                  </Anchor>
                ) : (
                  text
                )}
              </Text>
            );
          })}
        </Group>
        <Text size="xs" c="dimmed">
          {t('reports.photos.note')}
        </Text>
      </Stack>
    </Paper>
  );
}
