// One list of bilingual lookups (project types or site types): a row per item with its English
// and Arabic name, remove, and add.
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import type { LookupErrors, LookupListName, LookupRow } from './lookup-rows.ts';

interface LookupListProps {
  list: LookupListName;
  rows: LookupRow[];
  errors: LookupErrors;
  readOnly: boolean;
  onChange: (index: number, field: 'nameEn' | 'nameAr', value: string) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
}

export function LookupList({ list, rows, errors, readOnly, onChange, onRemove, onAdd }: LookupListProps) {
  const { t } = useTranslation();
  const error = (index: number, field: 'nameEn' | 'nameAr') => {
    const message = errors[`${list}.${index}.${field}`];
    return message ? translateMessage(message) : undefined;
  };

  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`settings.lookups.${list}.empty`)}
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const label = (field: 'nameEn' | 'nameAr') => t(`settings.lookups.${field}`);
        return (
          <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap" data-testid={`${list}-row`}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing={6} style={{ flex: 1 }}>
              <TextInput
                label={index === 0 ? label('nameEn') : undefined}
                placeholder={label('nameEn')}
                aria-label={t('settings.lookups.rowLabel', { list: t(`settings.lookups.${list}.title`), field: label('nameEn'), number: index + 1 })}
                withAsterisk={index === 0 && !readOnly}
                aria-required
                lang="en"
                dir="ltr"
                readOnly={readOnly}
                value={row.nameEn}
                onChange={(event) => onChange(index, 'nameEn', event.currentTarget.value)}
                error={error(index, 'nameEn')}
              />
              <TextInput
                label={index === 0 ? label('nameAr') : undefined}
                placeholder={label('nameAr')}
                aria-label={t('settings.lookups.rowLabel', { list: t(`settings.lookups.${list}.title`), field: label('nameAr'), number: index + 1 })}
                withAsterisk={index === 0 && !readOnly}
                aria-required
                lang="ar"
                dir="rtl"
                readOnly={readOnly}
                value={row.nameAr}
                onChange={(event) => onChange(index, 'nameAr', event.currentTarget.value)}
                error={error(index, 'nameAr')}
              />
            </SimpleGrid>
            {readOnly ? null : (
              <Tooltip label={t('settings.lookups.remove')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={index === 0 ? 28 : 4}
                  onClick={() => onRemove(index)}
                  aria-label={t('settings.lookups.removeRow', { list: t(`settings.lookups.${list}.title`), number: index + 1 })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      })}
      {readOnly ? null : (
        <Group>
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {t(`settings.lookups.${list}.add`)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
