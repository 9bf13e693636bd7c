// The Preview tab: the task as a member will answer it, with real inputs and the chain rules
// applied live. Nothing entered here is sent to the server.
import { useState } from 'react';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconEye, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { EmptyState } from '../../../../components/empty-state.tsx';
import type { AnswerDrafts } from '../../../../components/task-runner/answers.ts';
import { TaskRunner, runnerState } from '../../../../components/task-runner/task-runner.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';

export function PreviewTab({ task }: { task: TaskWithActions }) {
  const { t, i18n } = useTranslation();
  const [answers, setAnswers] = useState<AnswerDrafts>({});

  if (task.actions.length === 0) {
    return <EmptyState withCard icon={<IconEye size={28} />} title={t('tasks.preview.emptyTitle')} description={t('tasks.preview.emptyText')} />;
  }

  const hidden = [...runnerState(task.actions, answers, {}, task.sections).visibility.values()].filter((value) => value === 'HIDDEN').length;

  return (
    <div style={{ maxWidth: 720 }}>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 280px' }}>
            {t('tasks.preview.intro')}
          </Text>
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => setAnswers({})}>
            {t('tasks.preview.reset')}
          </Button>
        </Group>
      </Alert>
      {/* At a phone's width, as a member sees it. */}
      <Paper withBorder radius="lg" p="sm" maw={412} aria-label={t('tasks.previewPhone')} component="section">
        <TaskRunner actions={task.actions} sections={task.sections} answers={answers} onAnswersChange={setAnswers} />
      </Paper>
      {hidden > 0 ? (
        <Text size="sm" c="dimmed" mt="md" role="note">
          {t('tasks.preview.hiddenCount', { value: formatNumber(hidden, currentLanguage(i18n)) })}
        </Text>
      ) : null}
    </div>
  );
}
