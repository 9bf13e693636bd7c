// /tracker/:scheduleId: one schedule, answered by its member on site (the runner) or read by
// anyone who may see it. An unknown id says 'No schedule found with this ID.' (spec §8).
import { useEffect } from 'react';
import { Group, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifyError } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useScheduleQuery } from './api/get-schedule.ts';
import { BackToTracker } from './components/schedule-header.tsx';
import { ScheduleView } from './components/schedule-view.tsx';
import { AskCover } from './pool/ask-cover.tsx';

export function SchedulePage() {
  const { scheduleId } = useParams();
  const id = Number(scheduleId);
  const valid = Number.isInteger(id) && id > 0;
  const { account, business } = useSession();
  const query = useScheduleQuery(id, { userId: account.id, businessId: business.id }, valid);
  const { error } = query;

  useEffect(() => {
    if (error) notifyError(errorMessage(error, 'fetchScheduleFailed'));
  }, [error]);

  if (!valid) return <NotFoundPage />;
  // A failed refetch keeps the schedule on screen, with the drafts under it.
  if (query.data) {
    return (
      <>
        {/* The member's own open schedule can be handed to a colleague of the site. */}
        {query.data.canAnswer ? (
          <Group justify="flex-end" maw={760} mx="auto" w="100%" mb="sm">
            <AskCover scheduleId={id} />
          </Group>
        ) : null}
        <ScheduleView key={id} detail={query.data} />
      </>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="md" maw={760} mx="auto" w="100%">
        <BackToTracker to={paths.tracker} />
        <ErrorState
          withCard
          error={query.error}
          fallbackKey="fetchScheduleFailed"
          // Asking again for a schedule that does not exist changes nothing.
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </Stack>
    );
  }
  return <LoadingState />;
}
