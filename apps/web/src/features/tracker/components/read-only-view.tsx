// A schedule the caller cannot answer now: why, in one sentence, and the answers given so far
// in the order of the task's actions; a manager of the site may count one kept for its location.
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { AnswerSummary } from './answer-summary.tsx';
import { OverrideAnswer } from './override-answer.tsx';
import type { ReadOnlyReason } from './runner-rules.ts';

export function ReadOnlyView({ detail, reason }: { detail: ScheduleDetail; reason: ReadOnlyReason }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const { canManageSite } = useAccess();
  const order = new Map(detail.task.actions.map((action) => [action.id, action.order]));
  const answers = [...detail.answers].sort(
    (a, b) => (order.get(a.action.id) ?? 0) - (order.get(b.action.id) ?? 0) || Date.parse(a.createdDate) - Date.parse(b.createdDate),
  );

  const texts: Record<ReadOnlyReason, string> = {
    done: t('tracker.readOnly.done'),
    late: t('tracker.readOnly.late', { time: time.dateTime(detail.dueAt ?? detail.deadline) }),
    missed: t('tracker.readOnly.missed'),
    paused: translateMessage(MSG.planPausedToday),
    notYours: t('tracker.readOnly.notYours', { name: detail.userFullName }),
    notOpen: t('tracker.readOnly.notOpen', { time: time.dateTime(detail.start) }),
    pastDeadline: t('tracker.readOnly.pastDeadline', { time: time.dateTime(detail.deadline) }),
    closed: translateMessage(MSG.scheduleNotOpen),
  };

  const finished = reason === 'done' || reason === 'late';
  const colour = reason === 'done' ? 'teal' : reason === 'late' ? 'orange' : reason === 'missed' ? 'red' : 'gray';
  const title = reason === 'done' ? 'tracker.readOnly.doneTitle' : reason === 'late' ? 'tracker.readOnly.lateTitle' : 'tracker.readOnly.title';
  return (
    <Stack gap="md">
      <Alert color={colour} icon={finished ? <IconCircleCheck size={18} /> : <IconLock size={18} />} title={t(title)}>
        {texts[reason]}
      </Alert>
      <Title order={2} fz="h4">
        {t('tracker.readOnly.answersTitle')}
      </Title>
      {answers.length === 0 ? (
        <EmptyState withCard icon={<IconLock size={28} />} title={t('tracker.readOnly.noAnswers')} />
      ) : (
        answers.map((answer) => {
          const name = localizedName(answer.action, language) || t('tracker.untitled');
          return (
            <Paper key={answer.id} withBorder radius="md" p="md" component="section" aria-label={name}>
              <Text fw={600} mb={6} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <AnswerSummary answer={answer} />
              {answer.outside && canManageSite(answer.teamId) ? (
                <Group mt="xs">
                  <OverrideAnswer answerId={answer.id} />
                </Group>
              ) : null}
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
