// The input that answers one action, chosen by its type. Inputs are named by the action's
// title (labelId), so each reads as "<action name>" to assistive technology.
import { Button, Checkbox, Group, NumberInput, Radio, Rating, Slider, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconCheck, IconClock, IconMinus, IconX } from '@tabler/icons-react';
import { DEFAULT_SETTINGS, outOfRange, RATING_STARS, type ActionSettings } from '@fieldops/shared/inspection-score';
import { useTranslation } from 'react-i18next';
import type { ActionOption } from '@fieldops/shared/tasks';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import type { Language } from '../../lib/i18n/language.ts';
import type { AnswerDraft, AnswerValue, RunnerAction } from './answers.ts';
import { useTypedValue } from './typed-value.ts';
import { TypedTextarea } from './growing-textarea.tsx';
import { PhotoInput } from './photo-input.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { VoiceRecorder } from './voice-recorder.tsx';

interface AnswerInputProps {
  action: RunnerAction;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
  labelId: string;
  disabled?: boolean;
}

export { RATING_STARS };

/** The range a number should fall in, in words: "2 to 8 °C", "at least 0". */
export function rangeText(settings: ActionSettings, language: Language, t: (key: string, values?: Record<string, string>) => string): string {
  const unit = settings.unit ? ` ${settings.unit}` : '';
  const min = settings.min === null ? null : formatNumber(settings.min, language);
  const max = settings.max === null ? null : formatNumber(settings.max, language);
  if (min !== null && max !== null) return `${t('taskRunner.rangeBetween', { min, max })}${unit}`;
  if (min !== null) return `${t('taskRunner.rangeAtLeast', { min })}${unit}`;
  return `${t('taskRunner.rangeAtMost', { max: max ?? '' })}${unit}`;
}

const YES_NO_LOOK = {
  YES: { color: 'teal', icon: <IconCheck size={16} />, label: 'taskRunner.yes' },
  NO: { color: 'red', icon: <IconX size={16} />, label: 'taskRunner.no' },
  NA: { color: 'gray', icon: <IconMinus size={16} />, label: 'taskRunner.notApplicable' },
} as const;

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
  const settings = action.settings ?? DEFAULT_SETTINGS;

  switch (action.type) {
    case 'TEXT':
      return (
        <TypedTextarea
          {...labelled}
          minRows={2}
          maxRows={8}
          placeholder={t('taskRunner.textPlaceholder')}
          value={typeof draft.value === 'string' ? draft.value : ''}
          onValueChange={setValue}
          disabled={disabled}
        />
      );
    case 'NUMBER':
      return (
        <NumberAnswer
          value={typeof draft.value === 'number' ? draft.value : null}
          onChange={setValue}
          settings={settings}
          labelId={labelId}
          language={language}
          disabled={disabled}
        />
      );
    case 'YES_NO':
      return (
        <Group gap="sm" role="group" aria-labelledby={labelId}>
          {(settings.allowNa ? (['YES', 'NO', 'NA'] as const) : (['YES', 'NO'] as const)).map((answer) => {
            const chosen = draft.value === answer;
            const look = YES_NO_LOOK[answer];
            return (
              <Button
                key={answer}
                variant={chosen ? 'filled' : 'default'}
                color={look.color}
                leftSection={look.icon}
                aria-pressed={chosen}
                onClick={() => setValue(chosen ? null : answer)}
                disabled={disabled}
                miw={110}
                // Once the answer waits to be sent or is on its way, the choice still shows.
                style={
                  disabled && chosen
                    ? {
                        backgroundColor: `var(--mantine-color-${look.color}-light)`,
                        color: `var(--mantine-color-${look.color}-light-color)`,
                      }
                    : undefined
                }
              >
                {t(look.label)}
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
      return (
        <PhotoInput
          labelId={labelId}
          file={draft.file}
          onChange={(file, photoSource, photoPickedAt) => onChange({ ...draft, file, photoSource, photoPickedAt, preparedPhoto: null })}
          disabled={disabled}
          cameraOnly={settings.cameraOnly === true}
        />
      );
    case 'VOICE':
      return <VoiceRecorder labelId={labelId} voice={draft.voice} onChange={(voice) => onChange({ ...draft, voice })} disabled={disabled} />;
    case 'SIGNATURE':
      return <SignaturePad labelId={labelId} file={draft.file} onChange={(file) => onChange({ ...draft, file })} disabled={disabled} />;
    case 'INSTRUCTION':
      return null;
    case 'TIME':
      return (
        <TimeInput
          {...labelled}
          maw={{ base: '100%', sm: 200 }}
          leftSection={<IconClock size={16} />}
          value={typeof draft.value === 'string' ? draft.value : ''}
          onChange={(event) => setValue(event.currentTarget.value || null)}
          disabled={disabled}
        />
      );
    case 'SLIDER': {
      const min = settings.min ?? 0;
      const max = settings.max ?? 10;
      const value = typeof draft.value === 'number' ? draft.value : null;
      return (
        <Stack gap={6} maw={{ base: '100%', sm: 420 }}>
          <Text size="sm" fw={600} aria-hidden>
            {value === null ? '—' : t('taskRunner.sliderValue', { value: formatNumber(value, language), max: formatNumber(max, language) })}
          </Text>
          <Slider
            thumbProps={{ 'aria-labelledby': labelId }}
            min={min}
            max={max}
            step={settings.step ?? 1}
            value={value ?? min}
            onChange={(next) => setValue(next)}
            label={(next) => formatNumber(next, language)}
            marks={[
              { value: min, label: formatNumber(min, language) },
              { value: max, label: formatNumber(max, language) },
            ]}
            disabled={disabled}
            mb="md"
          />
        </Stack>
      );
    }
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

interface NumberAnswerProps {
  value: number | null;
  onChange: (value: number | null) => void;
  settings: ActionSettings;
  labelId: string;
  language: Language;
  disabled?: boolean;
}

/** A number, with its unit and the range it should fall in; what is typed reaches the answer once the member pauses or leaves the field. */
function NumberAnswer({ value, onChange, settings, labelId, language, disabled }: NumberAnswerProps) {
  const { t } = useTranslation();
  const typed = useTypedValue(value, onChange);
  const ranged = settings.min !== null || settings.max !== null;
  // Judged on what is typed, so the warning shows as the member types.
  const outside = outOfRange(settings, typed.value);
  return (
    <Stack gap={4}>
      <NumberInput
        aria-labelledby={labelId}
        maw={{ base: '100%', sm: 240 }}
        placeholder={t('taskRunner.numberPlaceholder')}
        value={typed.value ?? ''}
        onChange={(next) => typed.change(typeof next === 'number' ? next : null)}
        onBlur={typed.flush}
        rightSection={settings.unit ? <Text size="sm">{settings.unit}</Text> : undefined}
        rightSectionWidth={settings.unit ? Math.max(36, settings.unit.length * 10 + 16) : undefined}
        error={outside}
        aria-describedby={ranged ? `${labelId}-range` : undefined}
        disabled={disabled}
      />
      {ranged ? (
        <Text id={`${labelId}-range`} size="xs" c={outside ? 'red' : 'dimmed'} role={outside ? 'alert' : undefined}>
          {outside ? t('taskRunner.outOfRange', { range: rangeText(settings, language, t) }) : rangeText(settings, language, t)}
        </Text>
      ) : null}
    </Stack>
  );
}
