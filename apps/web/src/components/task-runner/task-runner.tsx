// A task's actions as a member answers them: in order, each with the input of its type and a
// notes field, with the chain rules applied live (DESIGN §7): a hidden action is not shown, a
// dimmed one is shown greyed and optional. The progress line counts the required answers.
// It keeps the answers itself unless the caller holds them (answers + onAnswersChange).
// Answering for real (the tracker's runner page) adds "Mark as important" on each action and
// shows where each answer stands on its way to the server; saved answers count as answered,
// except those given outside the site's area, which are shown as not counted and can be given
// again.
// Typing or tapping in one action draws that action again, and the progress line, not the others:
// each row is memoised and gets the same props until its own draft, visibility or state changes
// (a member filling in a long checklist on a slow phone feels every letter otherwise).
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionVisibility } from '@fieldops/shared/enums';
import { requiredVisibleActionIds, resolveVisibility } from '@fieldops/shared/tasks';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../lib/localized.ts';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { EMPTY_ANSWER, isAnswered, isCounted, ruleAnswers, type AnswerDraft, type AnswerDrafts, type RunnerAction, type SubmitStates } from './answers.ts';
import { RunnerItem } from './runner-item.tsx';

interface TaskRunnerProps {
  actions: readonly RunnerAction[];
  answers?: AnswerDrafts;
  onAnswersChange?: (answers: AnswerDrafts) => void;
  disabled?: boolean;
  /** Offers "Mark as important" on each action (answering for real; the preview has none). */
  withImportant?: boolean;
  /** Where each action's answer stands on its way to the server, by action id. */
  submitStates?: SubmitStates;
  /** Sends one failed answer again; everything typed, chosen or recorded is still there. */
  onRetry?: (actionId: number) => void;
  /**
   * How to show a counted answer the server already holds, in place of its input. Keep it the same
   * function while what it shows stays the same (useCallback): a new one draws every action again.
   */
  renderSaved?: (action: RunnerAction) => ReactNode;
  /**
   * How to show an earlier answer the server keeps but does not count (given outside the site's
   * area), above the input, which stays open for a fresh answer; null when there is none. Kept
   * the same function like `renderSaved`.
   */
  renderNotCounted?: (action: RunnerAction) => ReactNode;
}

export interface RunnerState {
  visibility: Map<number, ActionVisibility>;
  requiredIds: number[];
  answeredRequired: number;
}

/**
 * Visibility of every action and the required-answer count, for the given answers. A counted
 * answer the server already holds counts as answered even when it has no draft (a saved photo);
 * one kept from outside the site's area does not, until a fresh draft replaces it.
 */
export function runnerState(actions: readonly RunnerAction[], drafts: AnswerDrafts, submitStates: SubmitStates = {}): RunnerState {
  const answers = ruleAnswers(actions, drafts);
  const visibility = resolveVisibility(actions, answers);
  const requiredIds = requiredVisibleActionIds(actions, answers);
  const byId = new Map(actions.map((action) => [action.id, action]));
  const answeredRequired = requiredIds.filter((id) => {
    const action = byId.get(id);
    return action ? isCounted(submitStates[id]) || isAnswered(action.type, drafts[id]) : false;
  }).length;
  return { visibility, requiredIds, answeredRequired };
}

export function TaskRunner(props: TaskRunnerProps) {
  const { actions, answers, onAnswersChange, disabled, withImportant, submitStates, onRetry, renderSaved, renderNotCounted } = props;
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [drafts, setDrafts] = useUncontrolled<AnswerDrafts>({
    value: answers,
    defaultValue: {},
    onChange: onAnswersChange,
  });
  const state = useMemo(() => runnerState(actions, drafts, submitStates), [actions, drafts, submitStates]);
  const shown = actions.filter((action) => state.visibility.get(action.id) !== 'HIDDEN');
  const required = state.requiredIds.length;
  const complete = required > 0 && state.answeredRequired === required;

  // The answers as last set, so two changes before the next render both keep their part.
  const latest = useRef(drafts);
  useLayoutEffect(() => {
    latest.current = drafts;
  }, [drafts]);
  const update = useStableCallback((id: number, draft: AnswerDraft) => {
    const next = { ...latest.current, [id]: draft };
    latest.current = next;
    setDrafts(next);
  });
  const retry = useStableCallback((actionId: number) => onRetry?.(actionId));

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
            <ThemeIcon color="teal" variant="light" radius="xl" size="sm" role="img" aria-label={t('taskRunner.complete')}>
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
        <Text size="xs" c="dimmed" mt={6}>
          {t(required === 0 ? 'taskRunner.doneRuleNoRequired' : 'taskRunner.doneRule')}
        </Text>
      </Paper>
      {shown.map((action, index) => (
        <RunnerItem
          key={action.id}
          number={index + 1}
          action={action}
          name={localizedName(action, language) || t('taskRunner.untitled')}
          description={localizedDescription(action, language)}
          dim={state.visibility.get(action.id) === 'DIM'}
          draft={drafts[action.id] ?? EMPTY_ANSWER}
          onChange={update}
          disabled={disabled}
          withImportant={withImportant}
          submitState={submitStates?.[action.id]}
          onRetry={onRetry ? retry : undefined}
          renderSaved={renderSaved}
          renderNotCounted={renderNotCounted}
        />
      ))}
    </Stack>
  );
}
