// A task's actions as a member answers them: in order, each with the input of its type and a
// notes field, with the chain rules applied live (DESIGN §7): a hidden action is not shown, a
// dimmed one is shown greyed and optional. The progress line counts the required answers.
// It keeps the answers itself unless the caller holds them (answers + onAnswersChange).
import { useId, useMemo } from 'react';
import { Badge, Group, Paper, Progress, Stack, Text, Textarea, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionVisibility } from '@fieldops/shared/enums';
import { requiredVisibleActionIds, resolveVisibility } from '@fieldops/shared/tasks';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../lib/localized.ts';
import { AnswerInput } from './answer-input.tsx';
import { emptyAnswer, isAnswered, ruleAnswers, type AnswerDraft, type AnswerDrafts, type RunnerAction } from './answers.ts';

interface TaskRunnerProps {
  actions: readonly RunnerAction[];
  answers?: AnswerDrafts;
  onAnswersChange?: (answers: AnswerDrafts) => void;
  disabled?: boolean;
}

export interface RunnerState {
  visibility: Map<number, ActionVisibility>;
  requiredIds: number[];
  answeredRequired: number;
}

/** Visibility of every action and the required-answer count, for the given answers. */
export function runnerState(actions: readonly RunnerAction[], drafts: AnswerDrafts): RunnerState {
  const answers = ruleAnswers(actions, drafts);
  const visibility = resolveVisibility(actions, answers);
  const requiredIds = requiredVisibleActionIds(actions, answers);
  const byId = new Map(actions.map((action) => [action.id, action]));
  const answeredRequired = requiredIds.filter((id) => {
    const action = byId.get(id);
    return action ? isAnswered(action.type, drafts[id]) : false;
  }).length;
  return { visibility, requiredIds, answeredRequired };
}

export function TaskRunner({ actions, answers, onAnswersChange, disabled }: TaskRunnerProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [drafts, setDrafts] = useUncontrolled<AnswerDrafts>({
    value: answers,
    defaultValue: {},
    onChange: onAnswersChange,
  });
  const state = useMemo(() => runnerState(actions, drafts), [actions, drafts]);
  const shown = actions.filter((action) => state.visibility.get(action.id) !== 'HIDDEN');
  const required = state.requiredIds.length;
  const complete = required > 0 && state.answeredRequired === required;

  const update = (id: number, draft: AnswerDraft) => setDrafts({ ...drafts, [id]: draft });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
          <Text size="sm" fw={600} role="status" aria-live="polite">
            {t('taskRunner.progress', {
              answered: formatNumber(state.answeredRequired, language),
              total: formatNumber(required, language),
            })}
          </Text>
          {complete ? (
            <ThemeIcon color="teal" variant="light" radius="xl" size="sm" aria-label={t('taskRunner.complete')}>
              <IconCircleCheck size={14} />
            </ThemeIcon>
          ) : null}
        </Group>
        <Progress
          value={required === 0 ? 100 : (state.answeredRequired / required) * 100}
          color={complete || required === 0 ? 'teal' : undefined}
          size="sm"
          aria-hidden
        />
      </Paper>
      {shown.map((action, index) => (
        <RunnerItem
          key={action.id}
          number={index + 1}
          action={action}
          name={localizedName(action, language) || t('taskRunner.untitled')}
          description={localizedDescription(action, language)}
          dim={state.visibility.get(action.id) === 'DIM'}
          draft={drafts[action.id] ?? emptyAnswer()}
          onChange={(draft) => update(action.id, draft)}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

interface RunnerItemProps {
  number: number;
  action: RunnerAction;
  name: string;
  description: string;
  dim: boolean;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
  disabled?: boolean;
}

function RunnerItem({ number, action, name, description, dim, draft, onChange, disabled }: RunnerItemProps) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const required = action.required && !dim;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={labelId}
      data-visibility={dim ? 'DIM' : 'DISPLAY'}
      bg={dim ? 'var(--mantine-color-gray-0)' : undefined}
      style={dim ? { opacity: 0.6 } : undefined}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" radius="sm" size="lg" style={{ flexShrink: 0 }}>
            {formatNumber(number, currentLanguage(i18n))}
          </Badge>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="wrap">
              <Text id={labelId} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {required ? (
                <>
                  <Text span c="red" fw={700} aria-hidden>
                    *
                  </Text>
                  <VisuallyHidden>{t('taskRunner.required')}</VisuallyHidden>
                </>
              ) : null}
              {dim ? (
                <Badge size="sm" variant="outline" color="gray">
                  {t('taskRunner.optional')}
                </Badge>
              ) : null}
            </Group>
            {description ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {description}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <AnswerInput action={action} draft={draft} onChange={onChange} labelId={labelId} disabled={disabled} />
        <Textarea
          label={t('taskRunner.notes')}
          aria-label={t('taskRunner.notesFor', { name })}
          placeholder={t('taskRunner.notesPlaceholder')}
          size="xs"
          autosize
          minRows={1}
          maxRows={4}
          value={draft.notes}
          onChange={(event) => onChange({ ...draft, notes: event.currentTarget.value })}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
