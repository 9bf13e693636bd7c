// The inspection part of the action form: the section the action sits in, how much its score
// weighs, its type's settings (a number's range and unit, a slider's scale, N/A on a yes/no, a
// photo taken with the camera only) and,
// for each answer of a yes/no or a choice, its score and the evidence it asks for.
import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActionType } from '@fieldops/shared/enums';
import { DEFAULT_RULE, ruleKeysFor, type ActionSettings, type AnswerRule, type AnswerRules } from '@fieldops/shared/inspection-score';
import type { ActionOption, Section } from '@fieldops/shared/tasks';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../../lib/localized.ts';

export interface ScoringValues {
  sectionId: string | null;
  weight: number;
  settings: ActionSettings;
  rules: AnswerRules;
}

interface ActionScoringFieldsProps {
  type: ActionType | '';
  options: readonly ActionOption[];
  sections: readonly Section[];
  values: ScoringValues;
  onChange: (values: ScoringValues) => void;
  errorOf: (field: string) => string | undefined;
}

const numberOrNull = (value: string | number) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function ActionScoringFields({ type, options, sections, values, onChange, errorOf }: ActionScoringFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { settings, rules } = values;
  const setSettings = (change: Partial<ActionSettings>) => onChange({ ...values, settings: { ...settings, ...change } });
  const setRule = (key: string, change: Partial<AnswerRule>) =>
    onChange({ ...values, rules: { ...rules, [key]: { ...DEFAULT_RULE, ...rules[key], ...change } } });
  const keys = type === '' ? [] : ruleKeysFor(type, options.length, settings);
  const keyLabel = (key: string) => {
    if (key === 'YES') return t('tasks.scoring.yes');
    if (key === 'NO') return t('tasks.scoring.no');
    if (key === 'NA') return t('tasks.scoring.na');
    const option = options[Number(key)];
    const label = option ? (language === 'ar' ? option.labelAr || option.labelEn : option.labelEn || option.labelAr) : '';
    return label.trim() || t('tasks.scoring.option', { number: Number(key) + 1 });
  };

  return (
    <Fieldset legend={t('tasks.scoring.legend')} variant="filled">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('tasks.scoring.section')}
            placeholder={t('tasks.scoring.noSection')}
            data={sections.map((section) => ({ value: String(section.id), label: localizedName(section, language) || t('tasks.sections.untitled') }))}
            value={values.sectionId}
            onChange={(value) => onChange({ ...values, sectionId: value })}
            clearable
            disabled={sections.length === 0}
            description={sections.length === 0 ? t('tasks.scoring.noSectionsYet') : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('tasks.scoring.weight')}
            description={t('tasks.scoring.weightHint')}
            min={0}
            max={100}
            allowDecimal={false}
            value={values.weight}
            onChange={(value) => onChange({ ...values, weight: numberOrNull(value) ?? 0 })}
            error={errorOf('weight')}
          />
        </SimpleGrid>
        {type === 'NUMBER' || type === 'SLIDER' ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t(type === 'SLIDER' ? 'tasks.scoring.sliderMin' : 'tasks.scoring.min')}
              value={settings.min ?? ''}
              onChange={(value) => setSettings({ min: numberOrNull(value) })}
            />
            <NumberInput
              label={t(type === 'SLIDER' ? 'tasks.scoring.sliderMax' : 'tasks.scoring.max')}
              value={settings.max ?? ''}
              onChange={(value) => setSettings({ max: numberOrNull(value) })}
              error={errorOf('settings.max')}
            />
            {type === 'NUMBER' ? (
              <TextInput
                label={t('tasks.scoring.unit')}
                maxLength={20}
                value={settings.unit ?? ''}
                onChange={(event) => setSettings({ unit: event.currentTarget.value || null })}
              />
            ) : (
              <NumberInput
                label={t('tasks.scoring.step')}
                min={0}
                value={settings.step ?? ''}
                onChange={(value) => setSettings({ step: numberOrNull(value) })}
              />
            )}
          </SimpleGrid>
        ) : null}
        {type === 'NUMBER' || type === 'SLIDER' || type === 'RATING' ? (
          <Switch
            label={t(`tasks.scoring.scored${type}`)}
            checked={settings.scored}
            onChange={(event) => setSettings({ scored: event.currentTarget.checked })}
          />
        ) : null}
        {type === 'YES_NO' ? (
          <Switch label={t('tasks.scoring.allowNa')} checked={settings.allowNa} onChange={(event) => setSettings({ allowNa: event.currentTarget.checked })} />
        ) : null}
        {type === 'PHOTO' ? (
          <Switch
            label={t('tasks.scoring.cameraOnly')}
            description={t('tasks.scoring.cameraOnlyHint')}
            checked={settings.cameraOnly === true}
            onChange={(event) => setSettings({ cameraOnly: event.currentTarget.checked })}
          />
        ) : null}
        {keys.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('tasks.scoring.answers')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tasks.scoring.answersHint')}
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table withTableBorder verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('tasks.scoring.answer')}</Table.Th>
                    <Table.Th>{t('tasks.scoring.score')}</Table.Th>
                    <Table.Th>{t('tasks.scoring.na')}</Table.Th>
                    <Table.Th>{t('tasks.scoring.photo')}</Table.Th>
                    <Table.Th>{t('tasks.scoring.note')}</Table.Th>
                    <Table.Th>{t('tasks.scoring.flag')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {keys.map((key) => {
                    const rule = { ...DEFAULT_RULE, ...rules[key] };
                    const label = keyLabel(key);
                    // "N/A" on a yes/no is itself the answer that counts for nothing.
                    const na = key === 'NA' || rule.na;
                    return (
                      <Table.Tr key={key}>
                        <Table.Td>{label}</Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={t('tasks.scoring.scoreOf', { answer: label })}
                            size="xs"
                            w={90}
                            min={0}
                            max={1000}
                            value={rule.score ?? ''}
                            onChange={(value) => setRule(key, { score: numberOrNull(value) })}
                            disabled={na}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('tasks.scoring.naOf', { answer: label })}
                            checked={na}
                            disabled={key === 'NA'}
                            onChange={(event) => setRule(key, { na: event.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('tasks.scoring.photoOf', { answer: label })}
                            checked={rule.photoRequired}
                            onChange={(event) => setRule(key, { photoRequired: event.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('tasks.scoring.noteOf', { answer: label })}
                            checked={rule.noteRequired}
                            onChange={(event) => setRule(key, { noteRequired: event.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('tasks.scoring.flagOf', { answer: label })}
                            checked={rule.flag}
                            onChange={(event) => setRule(key, { flag: event.currentTarget.checked })}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {errorOf('rules') ? (
              <Text size="sm" c="red.8" role="alert">
                {errorOf('rules')}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
