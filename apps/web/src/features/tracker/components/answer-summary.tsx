// An answer the server holds, on the runner page: the shared answer view (value in words,
// photo, voice, notes, outside and flagged marks) and when it was given, in the business's
// time zone.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import { AnswerView } from '../../../components/answer-view/answer-view.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';

/** `withBadges={false}` leaves out the outside, flagged and ticket marks. */
export function AnswerSummary({ answer, withBadges = true }: { answer: ActionResult; withBadges?: boolean }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  return (
    <Stack gap={6}>
      <AnswerView answer={answer} withBadges={withBadges} />
      <Text size="xs" c="dimmed">
        {t('tracker.answer.givenAt', { time: time.dateTime(answer.createdDate) })}
      </Text>
    </Stack>
  );
}
