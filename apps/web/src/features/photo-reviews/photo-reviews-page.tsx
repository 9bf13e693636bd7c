// /photo-reviews (owners, admins and supervisors): answer photos waiting for review, a random
// sample and every photo nearly the same as one given before in the business, shown beside it;
// each marked fine or suspicious. Tabs for the waiting and the judged, their counts, and for
// owners and admins the share of photos sampled. The tab shown is kept in `?state=`.
import { useState } from 'react';
import { Button, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPhotoCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PHOTO_REVIEW_STATES, type PhotoReviewState } from '@fieldops/shared/evidence';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useSearchParam } from '../../lib/url-state.ts';
import {
  PHOTO_REVIEWS_PAGE_SIZE,
  useJudgePhotoMutation,
  usePhotoReviewCountsQuery,
  usePhotoReviewSettingsQuery,
  usePhotoReviewsQuery,
  useSavePhotoReviewSettingsMutation,
} from './api/photo-reviews.ts';
import { PhotoReviewCard } from './components/photo-review-card.tsx';

function SampleSetting() {
  const { t } = useTranslation();
  const settings = usePhotoReviewSettingsQuery();
  const save = useSavePhotoReviewSettingsMutation();
  const [value, setValue] = useState<number | string | null>(null);
  const shown = value ?? settings.data?.samplePercent ?? '';
  return (
    <Group align="flex-end" gap="sm">
      <NumberInput
        label={t('photoReviews.sampleLabel')}
        description={t('photoReviews.sampleHint')}
        min={0}
        max={100}
        suffix=" %"
        w={220}
        value={shown}
        onChange={setValue}
        error={save.error ? errorMessage(save.error) : undefined}
      />
      <Button
        variant="default"
        loading={save.isPending}
        disabled={value === null || value === ''}
        onClick={() =>
          save.mutate(
            { samplePercent: Number(value) },
            {
              onSuccess: () => {
                setValue(null);
                notifySuccess(t('photoReviews.sampleSaved'));
              },
            },
          )
        }
      >
        {t('photoReviews.sampleSave')}
      </Button>
    </Group>
  );
}

export function PhotoReviewsPage() {
  const { t } = useTranslation();
  const { managesAnySite } = useAccess();
  return (
    <>
      <PageHeader title={t('photoReviews.title')} description={t('photoReviews.description')} />
      {managesAnySite ? <PhotoReviewQueue /> : <Text c="dimmed">{t('photoReviews.managersOnly')}</Text>}
    </>
  );
}

function PhotoReviewQueue() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  // The tab is kept in the address (`?state=FINE`), so the reports' counts link to it.
  const [stateParam, setStateParam] = useSearchParam('state');
  const state: PhotoReviewState = (PHOTO_REVIEW_STATES as readonly string[]).includes(stateParam) ? (stateParam as PhotoReviewState) : 'PENDING';
  const setState = (next: PhotoReviewState) => setStateParam(next === 'PENDING' ? null : next, false);
  const [page, setPage] = useState(0);
  const query = usePhotoReviewsQuery(state, page);
  const counts = usePhotoReviewCountsQuery();
  const judge = useJudgePhotoMutation();
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

  return (
    <Stack gap="md">
      {isAdmin ? <SampleSetting /> : null}
      <SegmentedControl
        aria-label={t('photoReviews.stateLabel')}
        value={state}
        onChange={(next) => {
          setState(next as PhotoReviewState);
          setPage(0);
        }}
        data={[
          { value: 'PENDING', label: `${t('photoReviews.state.PENDING')}${count(counts.data?.pending)}` },
          { value: 'FINE', label: `${t('photoReviews.state.FINE')}${count(counts.data?.fine)}` },
          { value: 'SUSPICIOUS', label: `${t('photoReviews.state.SUSPICIOUS')}${count(counts.data?.suspicious)}` },
        ]}
      />
      {judge.error ? (
        <Text c="red" role="alert">
          {errorMessage(judge.error)}
        </Text>
      ) : null}
      <QueryGate
        query={query}
        fallbackKey="unknownError"
        isEmpty={(result) => result.total === 0}
        empty={<EmptyState withCard icon={<IconPhotoCheck size={28} />} title={t(`photoReviews.empty.${state}`)} description={t('photoReviews.emptyText')} />}
      >
        {(result) => (
          <Stack gap="md">
            {result.data.map((review) => (
              <PhotoReviewCard
                key={review.answerId}
                review={review}
                judging={judge.isPending && judge.variables?.answerId === review.answerId}
                onJudge={(verdict) =>
                  judge.mutate({ answerId: review.answerId, verdict }, { onSuccess: () => notifySuccess(t(`photoReviews.judged.${verdict}`)) })
                }
              />
            ))}
            <ListPagination page={page} size={PHOTO_REVIEWS_PAGE_SIZE} total={result.total} onChange={setPage} />
          </Stack>
        )}
      </QueryGate>
    </Stack>
  );
}
