// One photo of the review queue: the photo with who gave it, where, for which task, when it was
// taken and when it arrived (and when its own data says it was taken, when it says); beside it the earlier photo it nearly matches, if that is why it is
// here; and Fine / Suspicious, or the verdict given and by whom.
import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PhotoReview, PhotoVerdict, ReviewedPhoto } from '@fieldops/shared/evidence';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';

function PhotoFacts({ photo, label }: { photo: ReviewedPhoto; label: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const task = localizedName(photo.task, language) || t('photoReviews.untitledTask');
  return (
    <Stack gap={4}>
      <a href={photo.photo} target="_blank" rel="noopener noreferrer" aria-label={t('photoReviews.openPhoto', { label })}>
        <Image
          src={photo.photo}
          alt={t('photoReviews.photoAlt', { label, member: photo.member.name, site: photo.site.name })}
          radius="sm"
          h={200}
          fit="cover"
        />
      </a>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm">{t('photoReviews.givenBy', { member: photo.member.name, site: photo.site.name })}</Text>
      <Text size="sm" c="dimmed">
        {task}
      </Text>
      <Text size="xs" c="dimmed">
        {t('photoReviews.times', { taken: formatDateTime(photo.capturedAt, language), arrived: formatDateTime(photo.receivedAt, language) })}
      </Text>
      {photo.photoTakenAt ? (
        <Text size="xs" c="dimmed">
          {t('photoReviews.ownTime', { time: formatDateTime(photo.photoTakenAt, language) })}
        </Text>
      ) : null}
    </Stack>
  );
}

interface PhotoReviewCardProps {
  review: PhotoReview;
  onJudge?: (verdict: PhotoVerdict) => void;
  judging: boolean;
}

export function PhotoReviewCard({ review, onJudge, judging }: PhotoReviewCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const headingId = `photo-review-${review.answerId}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Text id={headingId} fw={600}>
          {t(`photoReviews.reason.${review.reason}`)}
        </Text>
        {review.duplicateOf ? (
          <Badge color="orange" variant="light">
            {t('photoReviews.bitsApart', { count: review.duplicateOf.distance })}
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: review.duplicateOf ? 2 : 1 }} spacing="md">
        <PhotoFacts photo={review} label={t('photoReviews.thisPhoto')} />
        {review.duplicateOf ? <PhotoFacts photo={review.duplicateOf} label={t('photoReviews.earlierPhoto')} /> : null}
      </SimpleGrid>
      <Group mt="md" gap="sm">
        {review.verdict === null ? (
          onJudge ? (
            <>
              <Button leftSection={<IconCheck size={16} />} variant="light" color="teal" loading={judging} onClick={() => onJudge('FINE')}>
                {t('photoReviews.fine')}
              </Button>
              <Button leftSection={<IconAlertTriangle size={16} />} variant="light" color="red" loading={judging} onClick={() => onJudge('SUSPICIOUS')}>
                {t('photoReviews.suspicious')}
              </Button>
            </>
          ) : null
        ) : (
          <Text size="sm">
            {t(`photoReviews.verdictBy.${review.verdict}`, {
              name: review.reviewedBy?.name ?? '',
              at: review.reviewedAt ? formatDateTime(review.reviewedAt, language) : '',
            })}
          </Text>
        )}
      </Group>
    </Card>
  );
}
