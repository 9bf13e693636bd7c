// The options of a choice action: one row per option with its English and Arabic labels (both
// required), added and removed freely; at least two are needed.
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionOption } from '@fieldops/shared/tasks';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../../lib/i18n/translate-message.ts';

export type OptionErrors = Array<Partial<Record<keyof ActionOption, string>>>;

interface ActionOptionsFieldProps {
  options: ActionOption[];
  onChange: (options: ActionOption[]) => void;
  rowErrors: OptionErrors;
  /** An error of the list itself, such as too few options. */
  error?: string;
}

export const MIN_OPTIONS = 2;
export const emptyOption = (): ActionOption => ({ labelEn: '', labelAr: '' });

export function ActionOptionsField({ options, onChange, rowErrors, error }: ActionOptionsFieldProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const setLabel = (index: number, field: keyof ActionOption, value: string) =>
    onChange(options.map((option, i) => (i === index ? { ...option, [field]: value } : option)));

  return (
    <Fieldset legend={t('tasks.actionForm.options')} radius="md">
      <Stack gap="sm">
        {options.map((option, index) => {
          const number = formatNumber(index + 1, language);
          const errors = rowErrors[index] ?? {};
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <Text size="sm" c="dimmed" mt={8} w={20} ta="center" aria-hidden style={{ flexShrink: 0 }}>
                {number}
              </Text>
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                aria-label={t('tasks.actionForm.optionEn', { number })}
                placeholder={t('tasks.actionForm.optionEnPlaceholder')}
                dir="ltr"
                value={option.labelEn}
                onChange={(event) => setLabel(index, 'labelEn', event.currentTarget.value)}
                error={errors.labelEn ? translateMessage(errors.labelEn) : undefined}
              />
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                aria-label={t('tasks.actionForm.optionAr', { number })}
                placeholder={t('tasks.actionForm.optionArPlaceholder')}
                dir="rtl"
                value={option.labelAr}
                onChange={(event) => setLabel(index, 'labelAr', event.currentTarget.value)}
                error={errors.labelAr ? translateMessage(errors.labelAr) : undefined}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t('tasks.actionForm.removeOption', { number })}
                disabled={options.length <= MIN_OPTIONS}
                onClick={() => onChange(options.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {translateMessage(error)}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...options, emptyOption()])}>
            {t('tasks.actionForm.addOption')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
