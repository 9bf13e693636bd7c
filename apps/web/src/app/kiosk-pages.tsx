// The kiosk's member screens, made of the tracker's own parts: today's schedules of the member
// signed in on the tablet, and the runner for one of them, whose way back is the kiosk's list. A
// member who finishes a schedule there is signed out a few seconds later.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconCircleCheck, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Schedule } from '@fieldops/shared/schedules';
import { EmptyState } from '../components/empty-state.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { QueryGate } from '../components/query-gate.tsx';
import { useKiosk } from '../features/kiosk/kiosk-context.ts';
import { useScheduleQuery } from '../features/tracker/api/get-schedule.ts';
import { useUserSchedulesQuery } from '../features/tracker/api/get-user-schedules.ts';
import { ScheduleProgress, ScheduleStatusBadge, displayStatus } from '../features/tracker/components/schedule-status.tsx';
import { ScheduleView } from '../features/tracker/components/schedule-view.tsx';
import { useBusinessTime } from '../lib/business-time.ts';
import { currentLanguage } from '../lib/i18n/i18n.ts';
import { localizedName } from '../lib/localized.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const KIOSK_LIST = { page: 0, size: 50, sort: 'start,desc', timing: 'DUE', withActionCalculations: true } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const FINISHED_SIGN_OUT_MS = 8_000;

const isToday = (schedule: Pick<Schedule, 'start' | 'deadline'>, since: number) =>
  Date.parse(schedule.deadline) > Date.now() || Date.parse(schedule.start) > since;

export function KioskTrackerPage() {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const time = useBusinessTime();
  const language = currentLanguage(i18n);
  // The started schedules, of which those still open or begun within the last day are today's.
  const query = useUserSchedulesQuery(KIOSK_LIST);
  const since = Date.now() - DAY_MS;
  const Chevron = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  useDocumentTitle(t('kiosk.member.today'));
  return (
    <Stack gap="md">
      <Title order={2}>{t('kiosk.member.today')}</Title>
      <QueryGate
        query={query}
        fallbackKey="fetchSchedulesFailed"
        isEmpty={(result) => !result.data.some((schedule) => isToday(schedule, since))}
        empty={<EmptyState withCard icon={<IconCalendarOff size={28} />} title={t('kiosk.member.empty')} />}
      >
        {(result) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {result.data
              .filter((schedule) => isToday(schedule, since))
              .map((schedule) => {
                const name = localizedName({ nameEn: schedule.taskNameEn, nameAr: schedule.taskNameAr }, language) || t('tracker.untitled');
                return (
                  <li key={schedule.id}>
                    <Card withBorder radius="md" padding="md">
                      <Group justify="space-between" wrap="nowrap" gap="md">
                        <Stack gap={4} style={{ minWidth: 0 }}>
                          <Text fw={700} fz="lg" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                            {name}
                          </Text>
                          <Text size="sm" c="dimmed">
                            {time.window(schedule.start, schedule.end)}
                          </Text>
                          <Group gap="xs">
                            <ScheduleStatusBadge status={displayStatus(schedule)} />
                            <ScheduleProgress answered={schedule.answeredActions} required={schedule.requiredActions} />
                          </Group>
                        </Stack>
                        <Button
                          component={Link}
                          to={paths.kioskSchedule(schedule.id)}
                          size="lg"
                          rightSection={<Chevron size={20} aria-hidden />}
                          aria-label={`${t('kiosk.member.open')}: ${name}`}
                        >
                          {t('kiosk.member.open')}
                        </Button>
                      </Group>
                    </Card>
                  </li>
                );
              })}
          </Stack>
        )}
      </QueryGate>
    </Stack>
  );
}

const isFinished = (status: Schedule['status']) => status === 'done' || status === 'late';

/** True once a schedule that was open when the member opened it has been finished here. */
function useFinishedHere(status: Schedule['status'] | undefined): boolean {
  const [openAtFirst, setOpenAtFirst] = useState<boolean | null>(null);
  if (status !== undefined && openAtFirst === null) setOpenAtFirst(!isFinished(status));
  return openAtFirst === true && status !== undefined && isFinished(status);
}

export function KioskSchedulePage() {
  const { t } = useTranslation();
  const { scheduleId } = useParams();
  const id = Number(scheduleId);
  const valid = Number.isInteger(id) && id > 0;
  const { account, business } = useSession();
  const { signOut } = useKiosk();
  const query = useScheduleQuery(id, { userId: account.id, businessId: business.id }, valid);
  const finished = useFinishedHere(query.data?.status);

  // The member finished their schedule: a moment to see it saved, then the tablet is the next one's.
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(signOut, FINISHED_SIGN_OUT_MS);
    return () => clearTimeout(timer);
  }, [finished, signOut]);

  if (query.data) {
    return (
      <>
        {finished ? (
          <Alert color="teal" icon={<IconCircleCheck size={20} />} mb="md" role="status" maw={760} mx="auto">
            {t('kiosk.member.finished')}
          </Alert>
        ) : null}
        <ScheduleView key={id} detail={query.data} backTo={paths.kioskTracker} withReportLink={false} />
      </>
    );
  }
  if (query.isError || !valid) return <ErrorState withCard error={query.error} fallbackKey="fetchScheduleFailed" onRetry={() => void query.refetch()} />;
  return <LoadingState />;
}
