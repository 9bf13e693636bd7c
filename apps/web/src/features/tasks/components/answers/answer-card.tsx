// One answer in the task's answer lists: member, site, time and action, the answer itself, and
// whatever actions the list offers (details, unflag, fire ticket).
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import { AnswerByline, AnswerView } from '../../../../components/answer-view/answer-view.tsx';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../../lib/localized.ts';

export function useAnswerActionName() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (answer: ActionResult) => localizedName(answer.action, language) || t('tasks.untitledAction');
}

export function AnswerCard({ answer, actions }: { answer: ActionResult; actions?: ReactNode }) {
  const actionName = useAnswerActionName()(answer);
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`${answer.userFullName} – ${actionName}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={0}>
            <Text fw={600} size="sm" dir="auto">
              {actionName}
            </Text>
            <AnswerByline answer={answer} />
          </Stack>
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
        <AnswerView answer={answer} />
      </Stack>
    </Paper>
  );
}
