// The input that answers one action, chosen by its type. Inputs are named by the action's
// title (labelId), so each reads as "<action name>" to assistive technology.
import { Button, Checkbox, Group, NumberInput, Radio, Rating, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionOption } from '@fieldops/shared/tasks';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import type { Language } from '../../lib/i18n/language.ts';
import type { AnswerDraft, AnswerValue, RunnerAction } from './answers.ts';
import { GrowingTextarea } from './growing-textarea.tsx';
import { PhotoInput } from './photo-input.tsx';
import { VoiceRecorder } from './voice-recorder.tsx';

interface AnswerInputProps {
  action: RunnerAction;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
  labelId: string;
  disabled?: boolean;
}

export const RATING_STARS = 5;

export function optionLabel(option: ActionOption, language: Language): string {
  const en = option.labelEn.trim();
  const ar = option.labelAr.trim();
  return language === 'ar' ? ar || en : en || ar;
}

export function AnswerInput({ action, draft, onChange, labelId, disabled }: AnswerInputProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const setValue = (value: AnswerValue) => onChange({ ...draft, value });
  const labelled = { 'aria-labelledby': labelId };

  switch (action.type) {
    case 'TEXT':
      return (
        <GrowingTextarea
          {...labelled}
          minRows={2}
          maxRows={8}
          placeholder={t('taskRunner.textPlaceholder')}
          value={typeof draft.value === 'string' ? draft.value : ''}
          onChange={(event) => setValue(event.currentTarget.value)}
          disabled={disabled}
        />
      );
    case 'NUMBER':
      return (
        <NumberInput
          {...labelled}
          maw={{ base: '100%', sm: 240 }}
          placeholder={t('taskRunner.numberPlaceholder')}
          value={typeof draft.value === 'number' ? draft.value : ''}
          onChange={(value) => setValue(typeof value === 'number' ? value : null)}
          disabled={disabled}
        />
      );
    case 'YES_NO':
      return (
        <Group gap="sm" role="group" aria-labelledby={labelId}>
          {(['YES', 'NO'] as const).map((answer) => {
            const chosen = draft.value === answer;
            return (
              <Button
                key={answer}
                variant={chosen ? 'filled' : 'default'}
                color={answer === 'YES' ? 'teal' : 'red'}
                leftSection={answer === 'YES' ? <IconCheck size={16} /> : <IconX size={16} />}
                aria-pressed={chosen}
                onClick={() => setValue(chosen ? null : answer)}
                disabled={disabled}
                miw={110}
                // Once the answer waits to be sent or is on its way, the choice still shows.
                style={
                  disabled && chosen
                    ? {
                        backgroundColor: `var(--mantine-color-${answer === 'YES' ? 'teal' : 'red'}-light)`,
                        color: `var(--mantine-color-${answer === 'YES' ? 'teal' : 'red'}-light-color)`,
                      }
                    : undefined
                }
              >
                {t(answer === 'YES' ? 'taskRunner.yes' : 'taskRunner.no')}
              </Button>
            );
          })}
        </Group>
      );
    case 'SINGLE_CHOICE':
      return (
        <Radio.Group {...labelled} value={typeof draft.value === 'string' ? draft.value : null} onChange={setValue}>
          <Stack gap="xs">
            {action.options.map((option, index) => (
              <Radio key={index} value={String(index)} label={optionLabel(option, language)} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'MULTIPLE_CHOICE':
      return (
        <Checkbox.Group {...labelled} value={Array.isArray(draft.value) ? draft.value : []} onChange={setValue}>
          <Stack gap="xs">
            {action.options.map((option, index) => (
              <Checkbox key={index} value={String(index)} label={optionLabel(option, language)} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'PHOTO':
      return <PhotoInput labelId={labelId} file={draft.file} onChange={(file) => onChange({ ...draft, file })} disabled={disabled} />;
    case 'VOICE':
      return <VoiceRecorder labelId={labelId} voice={draft.voice} onChange={(voice) => onChange({ ...draft, voice })} disabled={disabled} />;
    case 'DATE':
      return (
        <DatePickerInput
          {...labelled}
          maw={{ base: '100%', sm: 280 }}
          clearable
          leftSection={<IconCalendar size={16} />}
          placeholder={t('taskRunner.datePlaceholder')}
          value={typeof draft.value === 'string' ? draft.value : null}
          onChange={(value) => setValue(value)}
          disabled={disabled}
          popoverProps={{ withinPortal: true }}
        />
      );
    case 'RATING':
      return (
        <Rating
          {...labelled}
          size="lg"
          count={RATING_STARS}
          value={typeof draft.value === 'number' ? draft.value : 0}
          onChange={(value) => setValue(value)}
          readOnly={disabled}
        />
      );
    case 'CHECK':
      return (
        <Checkbox
          {...labelled}
          label={t('taskRunner.checkDone')}
          checked={draft.value === true}
          onChange={(event) => setValue(event.currentTarget.checked ? true : null)}
          disabled={disabled}
        />
      );
  }
}
