// One action in the runner: its number, name and description, the input of its type, notes,
// and, when answering for real, "Mark as important" and where its answer stands on the way to
// the server. An answer being sent, or saved and counted, can no longer be changed; an earlier
// answer kept from outside the site's area is shown as not counted above a fresh input.
// Memoised: its props stay the same while another action is answered (task-runner.tsx); what is
// typed into its text, number and notes stays in the field until the member pauses (typed-value.ts).
import { memo, useId, type ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Switch, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconFlag, IconInfoCircle } from '@tabler/icons-react';
import { FILE_ACTION_TYPES, type LocationStatus } from '@fieldops/shared/enums';
import { evidenceOf } from '@fieldops/shared/inspection-score';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { AnswerInput } from './answer-input.tsx';
import { isAnswered, isCounted, isLocked, missingEvidence, type AnswerDraft, type RunnerAction, type SubmitState } from './answers.ts';
import { PhotoInput } from './photo-input.tsx';
import { TypedTextarea } from './growing-textarea.tsx';
import { NotCountedNote, SubmitStatus } from './submit-status.tsx';
import { useStableCallback } from '../../lib/use-stable-callback.ts';

interface RunnerItemProps {
  number: number;
  action: RunnerAction;
  name: string;
  description: string;
  dim: boolean;
  draft: AnswerDraft;
  /** The action's new draft; one function for every action, so it never changes. */
  onChange: (actionId: number, draft: AnswerDraft) => void;
  disabled?: boolean;
  withImportant?: boolean;
  submitState?: SubmitState;
  onRetry?: (actionId: number) => void;
  /** Shown in place of the input once the answer is saved and counted, when the caller can show it. */
  renderSaved?: (action: RunnerAction) => ReactNode;
  /** An earlier answer kept but not counted (given outside the site's area), shown above the input. */
  renderNotCounted?: (action: RunnerAction) => ReactNode;
}

export const RunnerItem = memo(function RunnerItem(props: RunnerItemProps) {
  const { number, action, name, description, dim, draft, withImportant, submitState, renderSaved, renderNotCounted } = props;
  const { t } = useTranslation();
  const onChange = (next: AnswerDraft) => props.onChange(action.id, next);
  // The same functions from one draw to the next, so the notes and the switch are drawn again only when they change.
  const setNotes = useStableCallback((notes: string) => onChange({ ...draft, notes }));
  const setImportant = useStableCallback((important: boolean) => onChange({ ...draft, important }));
  const onRetry = props.onRetry ? () => props.onRetry?.(action.id) : undefined;
  const counted = isCounted(submitState);
  const saved = counted ? renderSaved?.(action) : undefined;
  const notCounted = counted ? undefined : renderNotCounted?.(action);
  const labelId = useId();
  const required = action.required && !dim;
  const disabled = props.disabled || isLocked(submitState);
  const showSaved = counted && saved;
  // The not-counted panel already says what a status badge of the kept answer would.
  const hideStatus = Boolean(notCounted) && submitState?.status === 'saved';
  if (action.type === 'INSTRUCTION') return <InstructionItem labelId={labelId} name={name} description={description} image={action.image ?? null} />;
  // What the answer's rules ask for (a photo when the answer is No, a note), and what is still missing.
  const asked = action.rules ? evidenceOf({ rules: action.rules }, draft.value) : { photo: false, note: false, flag: false };
  const missing = isAnswered(action.type, draft) ? missingEvidence(action, draft) : { photo: false, note: false };
  const evidencePhoto = asked.photo && !FILE_ACTION_TYPES.includes(action.type);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={labelId}
      data-visibility={dim ? 'DIM' : 'DISPLAY'}
      data-submit={submitState?.status}
      bg={dim ? 'var(--mantine-color-gray-0)' : undefined}
      style={{
        // An action off screen is not laid out or painted until it comes near: typing in one
        // action of a long checklist (a textarea measuring its height) does not lay out all others.
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 260px',
        ...(dim ? { opacity: 0.6 } : null),
        ...(submitState?.status === 'failed' ? { borderColor: 'var(--mantine-color-red-5)' } : null),
      }}
    >
      <Stack gap="sm">
        <ItemHeading labelId={labelId} number={number} name={name} description={description} required={required} dim={dim} />
        {showSaved ? (
          saved
        ) : (
          <>
            {notCounted ? <NotCountedAnswer status={submitState?.status === 'saved' ? submitState.locationStatus : null}>{notCounted}</NotCountedAnswer> : null}
            <AnswerInput action={action} draft={draft} onChange={onChange} labelId={labelId} disabled={disabled} />
            {asked.flag ? (
              <Group gap={6} wrap="nowrap">
                <IconFlag size={14} color="var(--mantine-color-orange-8)" aria-hidden />
                <Text size="xs" c="orange.9">
                  {t('taskRunner.evidence.flag')}
                </Text>
              </Group>
            ) : null}
            {evidencePhoto ? (
              <Stack gap={4}>
                <Text id={`${labelId}-photo`} size="sm" fw={500}>
                  {t('taskRunner.evidence.photoLabel')}{' '}
                  <Text span c="red" aria-hidden>
                    *
                  </Text>
                </Text>
                <PhotoInput
                  labelId={`${labelId}-photo`}
                  file={draft.file}
                  onChange={(file, photoSource, photoPickedAt) => onChange({ ...draft, file, photoSource, photoPickedAt, preparedPhoto: null })}
                  disabled={disabled}
                />
              </Stack>
            ) : null}
            {missing.photo || missing.note ? (
              <Text size="sm" c="red.8">
                {t(missing.photo ? 'taskRunner.evidence.photo' : 'taskRunner.evidence.note')}
              </Text>
            ) : null}
            <NotesField name={name} asked={asked.note} value={draft.notes} onChange={setNotes} disabled={disabled} />
            {withImportant ? <ImportantSwitch checked={Boolean(draft.important)} onChange={setImportant} disabled={disabled} /> : null}
          </>
        )}
        {submitState && !hideStatus ? <SubmitStatus state={submitState} name={name} onRetry={onRetry} /> : null}
      </Stack>
    </Paper>
  );
});

interface ItemHeadingProps {
  labelId: string;
  number: number;
  name: string;
  description: string;
  required: boolean;
  dim: boolean;
}

/** The action's number, name (which names its input), whether it is required or optional, and its description. */
const ItemHeading = memo(function ItemHeading({ labelId, number, name, description, required, dim }: ItemHeadingProps) {
  const { t, i18n } = useTranslation();
  return (
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
  );
});

/** The notes of an answer; asked for by the answer's rules (`asked`) or optional. */
const NotesField = memo(function NotesField({
  name,
  asked,
  value,
  onChange,
  disabled,
}: {
  name: string;
  asked: boolean;
  value: string;
  onChange: (notes: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TypedTextarea
      label={t(asked ? 'taskRunner.notesRequired' : 'taskRunner.notes')}
      withAsterisk={asked}
      aria-label={t('taskRunner.notesFor', { name })}
      placeholder={t('taskRunner.notesPlaceholder')}
      size="xs"
      minRows={1}
      maxRows={4}
      value={value}
      onValueChange={onChange}
      disabled={disabled}
    />
  );
});

/** "Mark as important": the answer is flagged. */
const ImportantSwitch = memo(function ImportantSwitch({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (important: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      color="orange"
      label={t('taskRunner.important')}
      description={t('taskRunner.importantHint')}
      thumbIcon={checked ? <IconFlag size={10} /> : undefined}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={disabled}
    />
  );
});

/** The earlier answer the server keeps without counting it, and what to do about it. */
function NotCountedAnswer({ children, status }: { children: ReactNode; status?: LocationStatus | null }) {
  const { t } = useTranslation();
  return (
    <Paper radius="sm" p="sm" bg="var(--mantine-color-orange-light)" style={{ borderInlineStart: '3px solid var(--mantine-color-orange-6)' }}>
      <Stack gap={6}>
        <NotCountedNote status={status} />
        {children}
        <Text size="xs" c="dimmed">
          {t('taskRunner.submit.answerAgain')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** An instruction: text to read before going on, with nothing to answer. */
/** An instruction: its text, and its picture (named by the instruction) at the width of the card. */
function InstructionItem({ labelId, name, description, image }: { labelId: string; name: string; description: string; image: string | null }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={labelId}
      bg="var(--mantine-color-blue-light)"
      style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 120px' }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="transparent" color="blue" size="md" aria-hidden>
          <IconInfoCircle size={20} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text id={labelId} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {description ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {description}
            </Text>
          ) : null}
          {image ? (
            <img
              src={image}
              alt={name}
              loading="lazy"
              decoding="async"
              style={{ display: 'block', inlineSize: 'auto', maxInlineSize: '100%', maxBlockSize: 360, borderRadius: 4, marginBlockStart: 4 }}
            />
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
