// A task's actions as a member answers them: in order, each with the input of its type and a
// notes field, with the chain rules applied live (DESIGN §7): a hidden action is not shown, a
// dimmed one is shown greyed and optional. The progress line counts the required answers.
// It keeps the answers itself unless the caller holds them (answers + onAnswersChange).
// Answering for real (the tracker's runner page) adds "Mark as important" on each action and
// shows where each answer stands on its way to the server; saved answers count as answered,
// except those given outside the site's area, which are shown as not counted and can be given
// again.
// Tapping in one action draws that action again, and the progress line when its counts change, not
// the others: each row is memoised and gets the same props until its own draft, visibility or state
// changes (a member filling in a long checklist on a slow phone feels every tap otherwise). Typing
// stays in the field until the member pauses or leaves it (typed-value.ts).
import { memo, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Group, Paper, Progress, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { IconChevronDown, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionVisibility } from '@fieldops/shared/enums';
import { requiredVisibleActionIds, resolveVisibility, type Section } from '@fieldops/shared/tasks';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import type { Language } from '../../lib/i18n/language.ts';
import { localizedDescription, localizedName } from '../../lib/localized.ts';
import { useStableCallback } from '../../lib/use-stable-callback.ts';
import { EMPTY_ANSWER, isCounted, isReady, ruleAnswers, type AnswerDraft, type AnswerDrafts, type RunnerAction, type SubmitStates } from './answers.ts';
import { RunnerItem } from './runner-item.tsx';

/** What the runner needs of a section: its names and its rule. */
export type RunnerSection = Pick<Section, 'id' | 'nameEn' | 'nameAr' | 'descriptionEn' | 'descriptionAr' | 'criteria'>;

interface TaskRunnerProps {
  actions: readonly RunnerAction[];
  /** The task's sections in order; its actions name theirs. */
  sections?: readonly RunnerSection[];
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
export function runnerState(
  actions: readonly RunnerAction[],
  drafts: AnswerDrafts,
  submitStates: SubmitStates = {},
  sections: readonly RunnerSection[] = [],
): RunnerState {
  const answers = ruleAnswers(actions, drafts);
  const visibility = resolveVisibility(actions, answers, sections);
  const requiredIds = requiredVisibleActionIds(actions, answers, sections);
  const byId = new Map(actions.map((action) => [action.id, action]));
  const answeredRequired = requiredIds.filter((id) => {
    const action = byId.get(id);
    return action ? isCounted(submitStates[id]) || isReady(action, drafts[id]) : false;
  }).length;
  return { visibility, requiredIds, answeredRequired };
}

export function TaskRunner(props: TaskRunnerProps) {
  const { actions, sections = NO_SECTIONS, answers, onAnswersChange, disabled, withImportant, submitStates, onRetry, renderSaved, renderNotCounted } = props;
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [drafts, setDrafts] = useUncontrolled<AnswerDrafts>({
    value: answers,
    defaultValue: {},
    onChange: onAnswersChange,
  });
  const state = useMemo(() => runnerState(actions, drafts, submitStates, sections), [actions, drafts, submitStates, sections]);
  const shown = actions.filter((action) => state.visibility.get(action.id) !== 'HIDDEN');
  const groups = groupBySection(shown, sections);
  const byId = useMemo(() => new Map(actions.map((action) => [action.id, action])), [actions]);
  const required = state.requiredIds.length;

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
      <RunnerProgress answered={state.answeredRequired} required={required} language={language} />
      {groups.map((group) => {
        const items = group.actions.map(({ action, number }) => (
          <RunnerItem
            key={action.id}
            number={number}
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
        ));
        if (!group.section) return items;
        const ids = new Set(group.actions.map(({ action }) => action.id));
        const sectionRequired = state.requiredIds.filter((id) => ids.has(id));
        const sectionAnswered = sectionRequired.filter((id) => isCounted(submitStates?.[id]) || isReady(byId.get(id) as RunnerAction, drafts[id])).length;
        return (
          <SectionBlock
            key={`section-${group.section.id}`}
            section={group.section}
            language={language}
            answered={sectionAnswered}
            required={sectionRequired.length}
          >
            {items}
          </SectionBlock>
        );
      })}
    </Stack>
  );
}

const NO_SECTIONS: readonly RunnerSection[] = [];

/** The progress line over the actions; memoised, so an answer that leaves the counts as they were does not draw it again. */
const RunnerProgress = memo(function RunnerProgress({ answered, required, language }: { answered: number; required: number; language: Language }) {
  const { t } = useTranslation();
  const complete = required > 0 && answered === required;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Text size="sm" fw={600} role="status" aria-live="polite">
          {t('taskRunner.progress', {
            answered: formatNumber(answered, language),
            total: formatNumber(required, language),
          })}
        </Text>
        {complete ? (
          <ThemeIcon color="teal" variant="light" radius="xl" size="sm" role="img" aria-label={t('taskRunner.complete')}>
            <IconCircleCheck size={14} />
          </ThemeIcon>
        ) : null}
      </Group>
      <Progress value={required === 0 ? 100 : (answered / required) * 100} color={complete || required === 0 ? 'teal' : undefined} size="sm" aria-hidden />
      <Text size="xs" c="dimmed" mt={6}>
        {t(required === 0 ? 'taskRunner.doneRuleNoRequired' : 'taskRunner.doneRule')}
      </Text>
    </Paper>
  );
});

interface Group {
  section: RunnerSection | null;
  actions: { action: RunnerAction; number: number }[];
}

/** The shown actions by section, in order, numbered through the task; sections with nothing shown are left out. */
function groupBySection(shown: readonly RunnerAction[], sections: readonly RunnerSection[]): Group[] {
  const byId = new Map(sections.map((section) => [section.id, section]));
  const groups: Group[] = [];
  shown.forEach((action, index) => {
    const section = action.sectionId == null ? null : (byId.get(action.sectionId) ?? null);
    const last = groups.at(-1);
    if (last && last.section?.id === section?.id) last.actions.push({ action, number: index + 1 });
    else groups.push({ section, actions: [{ action, number: index + 1 }] });
  });
  return groups;
}

interface SectionBlockProps {
  section: RunnerSection;
  language: Language;
  answered: number;
  required: number;
  children: ReactNode;
}

/** A section of the runner: its name and progress as a button that folds its actions away and back. */
function SectionBlock({ section, language, answered, required, children }: SectionBlockProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const name = localizedName(section, language) || t('taskRunner.section.untitled');
  const description = localizedDescription(section, language);
  const complete = required > 0 && answered === required;
  return (
    <Stack gap="sm" component="section" aria-label={name}>
      <UnstyledButton
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={bodyId}
        p="sm"
        style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-gray-1)' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text component="h2" fw={700} size="md" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {description ? (
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Group gap={6} wrap="nowrap">
            {required > 0 ? (
              <Text size="xs" c={complete ? 'teal.9' : 'dimmed'} fw={600}>
                {t('taskRunner.section.progress', { answered: formatNumber(answered, language), total: formatNumber(required, language) })}
              </Text>
            ) : null}
            <IconChevronDown size={18} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
          </Group>
        </Group>
      </UnstyledButton>
      <Stack gap="md" id={bodyId} hidden={!open}>
        {children}
      </Stack>
    </Stack>
  );
}
